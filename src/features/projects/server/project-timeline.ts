import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { ProjectStatus } from "@/lib/domain/project-status";
import { type AdminActor, assertAdmin, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { projects } from "./schema";
import { projectsPorts } from "./ports";
import { projectHistorySql } from "@/features/audit/server";
import { companyNameSql } from "@/features/clients/server";
import { invoiceTimelineSql } from "@/features/invoices/server";

// A project's timeline (docs/PRODUCT.md#project-timeline): what happened to it, oldest first, from
// the records that already exist: its creation and status changes (the audit log), its invoices
// (issued, paid), its published findings and their steps, its reports (published, withdrawn) and
// the messages of its conversations, its testing authorization (sent, signed, counter-signed).

export const TIMELINE_KINDS = ["project", "status", "invoice", "finding", "report", "message", "authorization"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export type TimelineEntry = {
  kind: TimelineKind;
  /** ISO time; a date-only record (an invoice's issue date) is that day's midnight UTC. */
  at: string;
  title: string;
  detail: string;
  /** The record it leads to: a finding's or a conversation's id (else null). */
  refId: string | null;
};

/** The most entries a timeline shows: the newest ones, in time order. */
export const TIMELINE_LIMIT = 300;

type ProjectHead = {
  id: string;
  clientId: string;
  company: string;
  projectName: string;
  description: string | null;
  status: ProjectStatus;
  startDate: string;
  targetCompletionDate: string | null;
};

const headColumns = {
  id: projects.id,
  clientId: projects.clientId,
  company: companyNameSql(projects.clientId),
  projectName: projects.projectName,
  description: projects.description,
  status: projects.status,
  startDate: projects.startDate,
  targetCompletionDate: projects.targetCompletionDate,
};

async function readHead(db: DbOrTx, projectId: string, clientId?: string): Promise<ProjectHead | null> {
  const [row] = await db
    .select(headColumns)
    .from(projects)
    .where(and(eq(projects.id, projectId), clientId === undefined ? undefined : eq(projects.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

/**
 * One statement, a union of every source, each slice's entries written by that slice (the audit log's
 * and the invoices' from their doors, those of the slices above through the ports). The invoices'
 * entries only for an actor who may see Billing, the findings' and the reports' only for one who may
 * see them (a member from whom the owners withheld them sees none: docs/PRODUCT.md#portal-team).
 * Drafts of findings never appear: the timeline is the same record for the firm and the client.
 */
async function readTimeline(
  db: DbOrTx,
  project: ProjectHead,
  shown: { invoices: boolean; findings: boolean; reports: boolean } = { invoices: true, findings: true, reports: true },
): Promise<TimelineEntry[]> {
  const { timeline } = await projectsPorts();
  const { id, clientId } = project;
  const parts = [
    sql`
      select 'project' as kind, p.created_at as at, 'Project created' as title, coalesce(a.status, '') as detail, null::text as ref_id
        from projects p
        left join lateral ${projectHistorySql.createdWith(sql`p.id::text`)} a on true
       where p.id = ${id}`,
    projectHistorySql.statusChanges(id),
    shown.invoices ? invoiceTimelineSql({ id, clientId }) : null,
    shown.findings ? timeline.findings({ id, clientId }) : null,
    shown.reports ? timeline.reports({ id, clientId }) : null,
    timeline.authorizations({ id, clientId }),
    timeline.messages({ id, clientId }),
  ].filter((part) => part !== null);
  type Row = { kind: TimelineKind; at: Date | string; title: string; detail: string | null; ref_id: string | null };
  const { rows } = (await db.execute(sql`
    select kind, at, title, detail, ref_id from (${sql.join(parts, sql` union all `)}
    ) entries
    order by at desc, title
    limit ${TIMELINE_LIMIT}`)) as unknown as { rows: Row[] };
  // Read newest first (so the limit keeps the latest), shown oldest first.
  return rows
    .map((row) => ({
      kind: row.kind,
      at: new Date(row.at).toISOString(),
      title: row.title,
      detail: row.detail ?? "",
      refId: row.ref_id,
    }))
    .reverse();
}

/** The firm's view of one project's timeline; null when there is no such project. */
export async function getAdminProjectTimeline(db: DbOrTx, { actor, projectId }: { actor: AdminActor; projectId: string }) {
  assertAdmin(actor);
  const project = await readHead(db, projectId);
  if (!project) return null;
  return { project, entries: await readTimeline(db, project) };
}

/**
 * One project of the signed-in client with its timeline; null when it is not the client's (a
 * project of another company answers like a missing one).
 */
export async function getPortalProject(db: DbOrTx, { actor, projectId }: { actor: ClientActor; projectId: string }) {
  assertClient(actor);
  const project = await readHead(db, projectId, actor.clientId);
  if (!project) return null;
  return {
    project,
    timeline: await readTimeline(db, project, {
      invoices: !actor.billingWithheld,
      findings: !actor.findingsWithheld,
      reports: !actor.reportsWithheld,
    }),
  };
}

export type PortalProjectHead = ProjectHead;

/** A client's projects for the firm's client page: name, status, dates, newest first. */
export async function listClientProjectsForAdmin(db: DbOrTx, { actor, clientId }: { actor: AdminActor; clientId: string }) {
  assertAdmin(actor);
  return db
    .select({
      id: projects.id,
      projectName: projects.projectName,
      status: projects.status,
      startDate: projects.startDate,
      targetCompletionDate: projects.targetCompletionDate,
    })
    .from(projects)
    .where(eq(projects.clientId, clientId))
    .orderBy(desc(projects.startDate), asc(projects.projectName))
    .limit(50);
}
