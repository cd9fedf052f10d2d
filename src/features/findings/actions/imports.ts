"use server";
// Server actions of the admin Findings screen's scan imports (docs/PRODUCT.md#admin-findings): apply or discard a preview; each checks the admin session itself (adminAction).
import { applyFindingImportSchema, findingImportIdSchema } from "@/features/findings/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { applyFindingImport, discardFindingImport } from "@/features/findings/server";

export const applyFindingImportAction = adminAction(applyFindingImportSchema, (actor, input) =>
  applyFindingImport(getDb(), { actor, ...input }),
);

export const discardFindingImportAction = adminAction(findingImportIdSchema, (actor, { importId }) =>
  discardFindingImport(getDb(), { actor, importId }),
);
