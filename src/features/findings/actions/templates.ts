"use server";
// Server actions of the admin's finding templates (docs/PRODUCT.md#admin-finding-templates); each checks the admin session itself (adminAction).
import { editFindingTemplateSchema, findingTemplateIdSchema, newFindingTemplateSchema } from "@/features/findings/validation/templates";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { getFindingTemplate } from "@/features/findings/server";
import { createFindingTemplate, deleteFindingTemplate, updateFindingTemplate } from "@/features/findings/server/templates";

export const createFindingTemplateAction = adminAction(newFindingTemplateSchema, (actor, input) =>
  createFindingTemplate(getDb(), { actor, input }),
);

export const updateFindingTemplateAction = adminAction(editFindingTemplateSchema, (actor, { templateId, ...input }) =>
  updateFindingTemplate(getDb(), { actor, templateId, input }),
);

export const deleteFindingTemplateAction = adminAction(findingTemplateIdSchema, (actor, { templateId }) =>
  deleteFindingTemplate(getDb(), { actor, templateId }),
);

/** The new-finding form's prefill: the template the admin picked, read when picked. */
export const readFindingTemplateAction = adminAction(findingTemplateIdSchema, (actor, { templateId }) =>
  getFindingTemplate(getDb(), { actor, templateId }),
);
