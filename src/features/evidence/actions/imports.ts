"use server";
// The admin Findings screen's Import (docs/PRODUCT.md#admin-findings): the previewed scan import
// applied and its findings linked to the adopted plan's cases (docs/PRODUCT.md#evidence-packs). It
// lives here, not in findings, because findings may not reach the evidence slice; it checks the
// admin session itself (adminAction).
import { adminAction } from "@/features/identity/server";
import { applyFindingImportSchema } from "@/features/imports/validation";
import { applyImportWithCases } from "@/features/evidence/server";
import { getDb } from "@/server/core/get-db";

export const applyScanImportAction = adminAction(applyFindingImportSchema, (actor, input) =>
  applyImportWithCases(getDb(), { actor, ...input }),
);
