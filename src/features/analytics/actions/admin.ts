"use server";
// Server actions of the analytics' admin side; each checks the admin session itself (adminAction).
import { adminAction } from "@/features/identity/server";
import { boardSummarySchema } from "@/features/analytics/validation";
import { generateBoardSummary } from "@/features/analytics/server";
import { getDb } from "@/server/core/get-db";

/** Draws a company's remediation summary of a quarter and publishes it to the company's report vault. */
export const generateBoardSummaryAction = adminAction(boardSummarySchema, (actor, input) =>
  generateBoardSummary(getDb(), { actor, input }),
);
