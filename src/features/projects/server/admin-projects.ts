import "server-only";
import { asc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { z } from "zod";
import { PROJECT_STATUS_WORK_ORDER, type ProjectStatus } from "@/lib/domain/project-status";
import { ADMIN_PAGE_SIZE } from "@/lib/validation/admin-fields";
import { type ProjectListQuery, type projectFormSchema } from "@/features/projects/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { asNumber, type Paged, pageOffset, splitTotal } from "@/server/core/db/admin-sql";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { lockRowById } from "@/server/core/db/lock-row";
import { projects } from "./schema";
import { sqlStringList } from "@/server/core/db/schema/one-of";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import {
  clearInvoiceProject,
  listProjectInvoiceChoices,
  lockInvoiceProject,
  lockInvoicesForLinking,
  projectInvoiceFiguresSql,
  setInvoicesProject,
} from "@/features/invoices/server";
import { notifyProjectStatus } from "@/features/notifications/server";
import { projectListFilter } from "./list-filters";
import { companyNameSql, findCompany } from "@/features/clients/server";

export type AdminProjectRow = {
  id: string;
  clientId: string;
  company: string;
  projectName: string;
  description: string | null;
  notes: string | null;
  status: ProjectStatus;
  startDate: string;
  targetCompletionDate: string | null;
  updatedAt: Date;
  invoiceCount: number;
  totalBilledCents: number;
  totalPaidCents: number;
  outstandingCents: number;
  /** Something was made for the client already: the edit dialog keeps the client fixed. */
  clientLocked: boolean;
};

/**
 * Whether anything was made for the project's client yet (the records of the slices above this one),
 * as SQL on a project id: handed in by the screen that composes them, as this slice sits below them.
 */
export type ClientLockedSql = (projectId: SQLWrapper) => SQL<boolean>;

/** Refuses moving a project into testing without the signed authorization it needs (the authorizations' gate). */
export type TestingGate = (tx: DbOrTx, projectId: string, work: string) => Promise<void>;

const projectColumns = {
  id: projects.id,
  clientId: projects.clientId,
  projectName: projects.projectName,
  description: projects.description,
  notes: projects.notes,
  status: projects.status,
  startDate: projects.startDate,
  targetCompletionDate: projects.targetCompletionDate,
  updatedAt: projects.updatedAt,
};

/**
 * One page of the projects list with the derived invoice figures, in ONE statement: filter,
 * order and limit the projects first, then a lateral aggregate over just those projects'
 * invoices. Cancelled invoices are excluded from count, billed and paid (docs/PRODUCT.md#rules-project-figures).
 */
export async function listAdminProjects(
  db: DbOrTx,
  {
    actor,
    clientLocked,
    q = "",
    status = "all",
    page = 1,
    pageSize = ADMIN_PAGE_SIZE,
  }: { actor: AdminActor; clientLocked: ClientLockedSql } & Partial<ProjectListQuery> & { pageSize?: number },
): Promise<Paged<AdminProjectRow>> {
  assertAdmin(actor);
  const where = projectListFilter({ q, status });

  // Ordered by status, then target completion date (docs/PRODUCT.md#admin-projects). Statuses go in working order (active
  // work first, closed last) rather than alphabetically.
  const statusOrder = (column: SQLWrapper) => sql`array_position(array[${sqlStringList(PROJECT_STATUS_WORK_ORDER)}]::text[], ${column})`;
  const pageRows = db
    .select({
      ...projectColumns,
      company: companyNameSql(projects.clientId).as("company"),
      clientLocked: clientLocked(projects.id).as("client_locked"),
      total: sql<number>`count(*) over ()`.as("total"),
    })
    .from(projects)
    .where(where)
    .orderBy(statusOrder(projects.status), sql`${projects.targetCompletionDate} asc nulls last`, asc(projects.id))
    .limit(pageSize)
    .offset(pageOffset(page, pageSize))
    .as("page_rows");

  const figures = projectInvoiceFiguresSql(pageRows.id);

  const rows = await db
    .select({
      id: pageRows.id,
      clientId: pageRows.clientId,
      company: pageRows.company,
      projectName: pageRows.projectName,
      description: pageRows.description,
      notes: pageRows.notes,
      status: pageRows.status,
      startDate: pageRows.startDate,
      targetCompletionDate: pageRows.targetCompletionDate,
      updatedAt: pageRows.updatedAt,
      clientLocked: sql<boolean>`${pageRows.clientLocked}`.mapWith(Boolean),
      total: asNumber(pageRows.total),
      invoiceCount: figures.invoiceCount,
      totalBilledCents: figures.billedCents,
      totalPaidCents: figures.paidCents,
    })
    .from(pageRows)
    .orderBy(statusOrder(pageRows.status), sql`${pageRows.targetCompletionDate} asc nulls last`, asc(pageRows.id));

  const { rows: projectRows, total } = splitTotal(rows);
  return {
    rows: projectRows.map((row) => ({
      ...row,
      updatedAt: new Date(row.updatedAt),
      outstandingCents: row.totalBilledCents - row.totalPaidCents,
    })),
    total,
    page,
    pageSize,
  };
}

type ProjectFields = z.output<typeof projectFormSchema>;

export const CLIENT_LOCKED = "Create a new engagement for the other client";

async function assertActiveClient(tx: DbOrTx, clientId: string) {
  const client = await findCompany(tx, clientId);
  if (!client) throw new AppError("bad_request", "Client not found", { fieldErrors: { clientId: "Client not found" } });
  if (client.status !== "active")
    throw new AppError("bad_request", "Choose an active client", { fieldErrors: { clientId: "Choose an active client" } });
}

/** New projects start open, and need a signed authorization before testing (docs/PRODUCT.md#engagement-authorization). */
export async function createProject(db: Db, { actor, input }: { actor: AdminActor; input: ProjectFields }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    await assertActiveClient(tx, input.clientId);
    const [created] = await tx
      .insert(projects)
      .values({ ...input, status: "open", authorizationRequired: true })
      .returning(projectColumns);
    await recordAudit(tx, { actor, action: "project.create", entityType: "project", entityId: created!.id, before: null, after: created });
    return created!;
  });
}

/**
 * Once anything was made for the project's client (`clientLocked`), the client no longer changes:
 * those rows carry the client they were made for (docs/PRODUCT.md#admin-projects).
 */
export async function updateProject(
  db: Db,
  {
    actor,
    input,
    clientLocked,
    testingGate,
  }: {
    actor: AdminActor;
    input: ProjectFields & { id: string; status: ProjectStatus };
    clientLocked: ClientLockedSql;
    testingGate: TestingGate;
  },
) {
  assertAdmin(actor);
  const { id, ...fields } = input;
  return db.transaction(async (tx) => {
    const before = await lockRowById(tx, projects, id, "Project not found", projectColumns);
    // Keeping the current client is always allowed; moving the project needs an active client
    // and nothing hanging off it yet (each dependent row carries the client it was made for).
    if (input.clientId !== before.clientId) {
      await assertActiveClient(tx, input.clientId);
      const [{ locked } = { locked: true }] = await tx.select({ locked: clientLocked(sql`${id}::uuid`) }).from(sql`(select 1) as one`);
      if (locked) throw new AppError("bad_request", CLIENT_LOCKED, { fieldErrors: { clientId: CLIENT_LOCKED } });
    }
    if (input.status === "in_progress" && before.status !== "in_progress") await testingGate(tx, input.id, "Moving to In Progress");
    const [after] = await tx
      .update(projects)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(projects.id, id))
      .returning(projectColumns);
    await recordAudit(tx, { actor, action: "project.update", entityType: "project", entityId: id, before, after });
    if (after!.status !== before.status) {
      await notifyProjectStatus(tx, {
        id,
        clientId: after!.clientId,
        projectName: after!.projectName,
        from: before.status,
        to: after!.status,
        changeId: String(Date.now()),
      });
    }
    return after!;
  });
}

/**
 * The inline status change. Returns the number of rows updated ("a status update returns
 * the affected rows"), so the screen can tell an unknown project apart from a failure.
 */
export async function setProjectStatus(
  db: Db,
  { actor, projectId, status, testingGate }: { actor: AdminActor; projectId: string; status: ProjectStatus; testingGate: TestingGate },
): Promise<{ project: { id: string; projectName: string; status: ProjectStatus } }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const before = await lockRowById(tx, projects, projectId, "Project not found", {
      projectName: projects.projectName,
      status: projects.status,
      clientId: projects.clientId,
    });
    if (status === "in_progress" && before.status !== "in_progress") await testingGate(tx, projectId, "Moving to In Progress");
    const [project] = await tx
      .update(projects)
      .set({ status, updatedAt: new Date() })
      .where(eq(projects.id, projectId))
      .returning({ id: projects.id, projectName: projects.projectName, status: projects.status });
    await recordAudit(tx, {
      actor,
      action: "project.status",
      entityType: "project",
      entityId: projectId,
      before: { status: before.status },
      after: { status },
    });
    if (status !== before.status) {
      await notifyProjectStatus(tx, {
        id: projectId,
        clientId: before.clientId,
        projectName: before.projectName,
        from: before.status,
        to: status,
        changeId: String(Date.now()),
      });
    }
    return { project: project! };
  });
}

/**
 * A project's linked invoices and the invoices of the same client not linked to any project
 * (candidates for linking), for the Manage Invoices and Project Invoices dialogs.
 */
export async function getProjectInvoices(db: DbOrTx, { actor, projectId }: { actor: AdminActor; projectId: string }) {
  assertAdmin(actor);
  const [project] = await db
    .select({ id: projects.id, projectName: projects.projectName, clientId: projects.clientId, company: companyNameSql(projects.clientId) })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) throw new AppError("not_found", "Project not found");
  return { project, ...(await listProjectInvoiceChoices(db, { projectId, clientId: project.clientId })) };
}

/**
 * Links invoices to a project in one transaction. Only invoices of the project's own client can be
 * linked; an unknown id or another client's invoice refuses the whole request and changes nothing.
 */
export async function linkInvoicesToProject(
  db: Db,
  { actor, projectId, invoiceIds }: { actor: AdminActor; projectId: string; invoiceIds: string[] },
): Promise<{ linkedCount: number }> {
  assertAdmin(actor);
  const ids = [...new Set(invoiceIds)];
  if (ids.length === 0) throw new AppError("bad_request", "Select at least one invoice");
  return db.transaction(async (tx) => {
    const [project] = await tx.select({ clientId: projects.clientId }).from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) throw new AppError("bad_request", "Project not found");
    const found = await lockInvoicesForLinking(tx, ids);
    if (found.length !== ids.length) throw new AppError("bad_request", "Some invoices were not found. Nothing was linked.");
    if (found.some((i) => i.clientId !== project.clientId)) {
      throw new AppError("bad_request", "Only invoices of the project's client can be linked. Nothing was linked.");
    }
    const updated = await setInvoicesProject(tx, { ids, clientId: project.clientId, projectId });
    await recordAudit(tx, {
      actor,
      action: "project.link_invoices",
      entityType: "project",
      entityId: projectId,
      before: found.map((i) => ({ invoiceId: i.id, projectId: i.projectId })),
      after: ids.map((invoiceId) => ({ invoiceId, projectId })),
    });
    return { linkedCount: updated.length };
  });
}

/** Sets one invoice's project reference to empty. */
export async function unlinkInvoice(db: Db, { actor, invoiceId }: { actor: AdminActor; invoiceId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const before = await lockInvoiceProject(tx, invoiceId);
    if (before.projectId === null) return { unlinked: false };
    await clearInvoiceProject(tx, invoiceId);
    await recordAudit(tx, {
      actor,
      action: "invoice.unlink",
      entityType: "invoice",
      entityId: invoiceId,
      before: { projectId: before.projectId },
      after: { projectId: null },
    });
    return { unlinked: true };
  });
}
