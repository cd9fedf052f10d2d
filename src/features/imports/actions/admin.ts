"use server";
// Server actions of the admin Findings screen's scan imports (docs/PRODUCT.md#admin-findings): discard a preview (applying it is
// the evidence slice's `applyScanImportAction`, which also links the findings to test cases); each checks the admin session itself (adminAction).
import { findingImportIdSchema } from "@/features/imports/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { discardFindingImport } from "@/features/imports/server";

export const discardFindingImportAction = adminAction(findingImportIdSchema, (actor, { importId }) =>
  discardFindingImport(getDb(), { actor, importId }),
);
