import "server-only";
import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { ProjectStatus } from "@/lib/domain/project-status";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { projectsPorts } from "./ports";
import { projects } from "./schema";
import { projectInvoiceFiguresSql } from "@/features/invoices/server";

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
  /** The newest authorization version was sent and waits for the company's signature. */
  awaitingSignature: boolean;
};

/** The cards' columns; whether the newest authorization waits for a signature is the authorizations slice's SQL (ports.ts). */
async function projectColumns() {
  const { awaitingSignature } = await projectsPorts();
  return {
    id: projects.id,
    projectName: projects.projectName,
    description: projects.description,
    status: projects.status,
    startDate: projects.startDate,
    targetCompletionDate: projects.targetCompletionDate,
    awaitingSignature: awaitingSignature({ id: projects.id, clientId: projects.clientId }),
  };
}

// Target completion date descending (PostgreSQL puts projects without one first).
const projectOrder = [desc(projects.targetCompletionDate), projects.projectName];

/**
 * The client's projects with their invoice figures (docs/PRODUCT.md#rules-project-figures), in one query: invoices are
 * aggregated in SQL (the invoices module's sub-selects), never fetched per project. Cancelled invoices count neither in the
 * invoice count nor in the billed sum; outstanding = billed − paid. Total Value is this billed sum:
 * the product derives total_estimated_value from the linked invoices instead of storing it.
 * A member from whom Billing is withheld gets the projects without any figure: the invoices are
 * not even read, so no amount can reach the page's data (docs/PRODUCT.md#portal-team).
 */
export async function listPortalProjects(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<PortalProject[]> {
  assertClient(actor);
  const columns = await projectColumns();
  if (actor.billingWithheld) {
    const rows = await db
      .select(columns)
      .from(projects)
      .where(eq(projects.clientId, actor.clientId))
      .orderBy(...projectOrder);
    return rows.map((row) => ({ ...row, figures: null }));
  }
  const rows = await db
    .select({
      ...columns,
      // The client condition on the invoice too: an invoice of another client can never add to
      // this client's figures, even if it were wrongly linked to this project.
      ...projectInvoiceFiguresSql(projects.id, { clientId: actor.clientId }),
    })
    .from(projects)
    .where(eq(projects.clientId, actor.clientId))
    .orderBy(...projectOrder);
  return rows.map(({ invoiceCount, billedCents, paidCents, ...project }) => ({
    ...project,
    figures: { invoiceCount, billedCents, paidCents, outstandingCents: billedCents - paidCents },
  }));
}

/** The company's engagements whose authorization waits for its signature (the Overview's "Needs your attention"). */
export async function listAuthorizationsToSign(db: DbOrTx, { actor }: { actor: ClientActor }) {
  assertClient(actor);
  const { awaitingSignature } = await projectsPorts();
  return db
    .select({ projectId: projects.id, projectName: projects.projectName })
    .from(projects)
    .where(and(eq(projects.clientId, actor.clientId), awaitingSignature({ id: projects.id, clientId: projects.clientId })))
    .orderBy(projects.projectName)
    .limit(20);
}

export type ApiProject = Omit<PortalProject, "figures">;

/**
 * The company's projects a page at a time by id, without invoice figures (a machine with the
 * invoices scope reads those from the invoices), for the API (docs/PRODUCT.md#api-and-webhooks).
 */
export async function pageClientProjects(
  db: DbOrTx,
  { actor, after, limit }: { actor: ClientActor; after: string | null; limit: number },
): Promise<{ items: ApiProject[]; next: string | null }> {
  assertClient(actor);
  const rows = await db
    .select(await projectColumns())
    .from(projects)
    .where(and(eq(projects.clientId, actor.clientId), after ? gt(projects.id, after) : undefined))
    .orderBy(asc(projects.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { items: page, next: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}
