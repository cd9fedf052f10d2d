"use server";
// Server actions of the projects screen; each one checks the admin session itself (adminAction).
import {
  linkInvoicesSchema,
  projectFormSchema,
  projectIdSchema,
  setProjectStatusSchema,
  unlinkInvoiceSchema,
  updateProjectSchema,
} from "@/lib/validation/admin";
import { revokeReportSchema } from "@/lib/validation/reports";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/server/modules/account";
import {
  createProject,
  getProjectInvoices,
  linkInvoicesToProject,
  setProjectStatus,
  unlinkInvoice,
  updateProject,
} from "@/server/modules/projects";
import { revokeReport } from "@/server/modules/reports";

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

/** From now on no download of this report version is served, links already handed out included. */
export const revokeReportAction = adminAction(revokeReportSchema, async (actor, { reportId }) => {
  const { revoked } = await revokeReport(getDb(), { actor, reportId });
  return { revoked };
});
