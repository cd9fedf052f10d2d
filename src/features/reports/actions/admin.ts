"use server";
// Server actions of the report vault's admin side; each checks the admin session itself (adminAction).
import { adminAction } from "@/features/identity/server";
import { noInputSchema } from "@/features/identity/validation/account";
import { publishGeneratedReportSchema, revokeReportSchema } from "@/features/reports/validation";
import { publishGeneratedReport, resetReportTemplate, revokeReport } from "@/features/reports/server";
import { getDb } from "@/server/core/get-db";

/** From now on no download of this report version is served, links already handed out included. */
export const revokeReportAction = adminAction(revokeReportSchema, async (actor, { reportId }) => {
  const { revoked } = await revokeReport(getDb(), { actor, reportId });
  return { revoked };
});

/** Generates the engagement's PDF report and publishes it as its next version in the vault (stamped per recipient on download). */
export const publishGeneratedReportAction = adminAction(publishGeneratedReportSchema, async (actor, { projectId, empty }) => {
  const report = await publishGeneratedReport(getDb(), { actor, projectId, empty });
  return { title: report.title, version: report.version };
});

/** Generated Word reports use the default template again; the firm's is removed. */
export const resetReportTemplateAction = adminAction(noInputSchema, (actor) => resetReportTemplate(getDb(), { actor }));
