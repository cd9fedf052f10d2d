"use server";
// Server actions of the Projects screen (its edit and status change: modules/projectadmin); each checks the admin session itself (adminAction).
import { adminAction } from "@/features/identity/server";
import { projectFormSchema, projectIdSchema, unlinkInvoiceSchema, linkInvoicesSchema } from "@/features/projects/validation";
import {
  createProject,
  getProjectInvoices,
  unlinkInvoice,
  linkInvoicesToProject,
  getAdminProjectTimeline,
} from "@/features/projects/server";
import { getDb } from "@/server/core/get-db";
import { AppError } from "@/server/core/errors";

export const createProjectAction = adminAction(projectFormSchema, async (actor, input) => {
  const project = await createProject(getDb(), { actor, input });
  return { id: project.id };
});

export const getProjectInvoicesAction = adminAction(projectIdSchema, async (actor, { projectId }) =>
  getProjectInvoices(getDb(), { actor, projectId }),
);

export const unlinkInvoiceAction = adminAction(unlinkInvoiceSchema, async (actor, { invoiceId }) =>
  unlinkInvoice(getDb(), { actor, invoiceId }),
);

/** Links the picked invoices to the project, all or nothing. */
export const linkInvoicesAction = adminAction(linkInvoicesSchema, async (actor, { projectId, invoiceIds }) =>
  linkInvoicesToProject(getDb(), { actor, projectId, invoiceIds }),
);

/** A project's timeline (docs/PRODUCT.md#project-timeline), read when its dialog opens. */
export const getProjectTimelineAction = adminAction(projectIdSchema, async (actor, { projectId }) => {
  const timeline = await getAdminProjectTimeline(getDb(), { actor, projectId });
  if (!timeline) throw new AppError("not_found", "Project not found");
  return timeline.entries;
});
