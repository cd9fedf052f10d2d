"use server";
// Server actions of the report vault's admin side; each checks the admin session itself (adminAction).
import { adminAction } from "@/features/account/server";
import { revokeReportSchema } from "@/features/reports/validation";
import { revokeReport } from "@/features/reports/server";
import { getDb } from "@/server/core/get-db";

/** From now on no download of this report version is served, links already handed out included. */
export const revokeReportAction = adminAction(revokeReportSchema, async (actor, { reportId }) => {
  const { revoked } = await revokeReport(getDb(), { actor, reportId });
  return { revoked };
});
