"use server";
// Server actions of the Projects screen; each checks the admin session itself (adminAction).
import { adminAction } from "@/features/account/server";
import {
  projectFormSchema,
  updateProjectSchema,
  setProjectStatusSchema,
  projectIdSchema,
  unlinkInvoiceSchema,
  linkInvoicesSchema,
} from "@/features/projects/validation";
import {
  createProject,
  updateProject,
  setProjectStatus,
  getProjectInvoices,
  unlinkInvoice,
  linkInvoicesToProject,
} from "@/features/projects/server";
import { getDb } from "@/server/core/get-db";

export const createProjectAction = adminAction(projectFormSchema, async (actor, input) => {
  const project = await createProject(getDb(), { actor, input });
  return { id: project.id };
});

export const updateProjectAction = adminAction(updateProjectSchema, async (actor, input) => {
  const project = await updateProject(getDb(), { actor, input });
  return { id: project.id };
});

export const setProjectStatusAction = adminAction(setProjectStatusSchema, async (actor, { projectId, status }) =>
  setProjectStatus(getDb(), { actor, projectId, status }),
);

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
