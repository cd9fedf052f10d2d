"use server";
// Server actions of the analytics' portal side (clientAction: a viewing admin is refused).
import { clientAction } from "@/features/identity/server";
import { portalBoardSummarySchema } from "@/features/analytics/validation";
import { requestBoardSummary } from "@/features/analytics/server";
import { getDb } from "@/server/core/get-db";

/** An owner asks for the company's remediation summary of a quarter, published to its report vault. */
export const requestBoardSummaryAction = clientAction(portalBoardSummarySchema, (actor, { quarter }) =>
  requestBoardSummary(getDb(), { actor, quarter }),
);
