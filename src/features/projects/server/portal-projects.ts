import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { ProjectStatus } from "@/lib/domain/project-status";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { invoices, projects } from "@/server/core/db/schema";
import { centsSum, countWhere, invoiceIsBilled, invoicePaidCents } from "@/features/invoices/server";

/** A project's invoice figures (docs/PRODUCT.md#rules-project-figures). */
export type ProjectFigures = {
  invoiceCount: number;
  billedCents: number;
  paidCents: number;
  outstandingCents: number;
};

export type PortalProject = {
  id: string;
  projectName: string;
  description: string | null;
  status: ProjectStatus;
  startDate: string;
  targetCompletionDate: string | null;
  /** Null for a member from whom the owners withheld Billing: no figure of it is read. */
  figures: ProjectFigures | null;
};

const projectColumns = {
  id: projects.id,
  projectName: projects.projectName,
  description: projects.description,
  status: projects.status,
  startDate: projects.startDate,
  targetCompletionDate: projects.targetCompletionDate,
};

// Target completion date descending (PostgreSQL puts projects without one first).
const projectOrder = [desc(projects.targetCompletionDate), projects.projectName];

/**
 * The client's projects with their invoice figures (docs/PRODUCT.md#rules-project-figures), in one query: invoices are joined
 * and aggregated in SQL, never fetched per project. Cancelled invoices count neither in the
 * invoice count nor in the billed sum; outstanding = billed − paid. Total Value is this billed sum:
 * the product derives total_estimated_value from the linked invoices instead of storing it.
 * A member from whom Billing is withheld gets the projects without any figure: the invoices are
 * not even read, so no amount can reach the page's data (docs/PRODUCT.md#portal-team).
 */
export async function listPortalProjects(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<PortalProject[]> {
  assertClient(actor);
  if (actor.billingWithheld) {
    const rows = await db
      .select(projectColumns)
      .from(projects)
      .where(eq(projects.clientId, actor.clientId))
      .orderBy(...projectOrder);
    return rows.map((row) => ({ ...row, figures: null }));
  }
  const rows = await db
    .select({
      ...projectColumns,
      invoiceCount: countWhere(invoiceIsBilled),
      billedCents: centsSum(sql`${invoices.amountCents}`, invoiceIsBilled),
      paidCents: centsSum(invoicePaidCents, invoiceIsBilled),
    })
    .from(projects)
    // The client condition on the invoice too: an invoice of another client can never add to
    // this client's figures, even if it were wrongly linked to this project.
    .leftJoin(invoices, and(eq(invoices.projectId, projects.id), eq(invoices.clientId, actor.clientId)))
    .where(eq(projects.clientId, actor.clientId))
    .groupBy(projects.id)
    .orderBy(...projectOrder);
  return rows.map(({ invoiceCount, billedCents, paidCents, ...project }) => ({
    ...project,
    figures: { invoiceCount, billedCents, paidCents, outstandingCents: billedCents - paidCents },
  }));
}
