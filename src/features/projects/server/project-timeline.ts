import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { ProjectStatus } from "@/lib/domain/project-status";
import { type AdminActor, assertAdmin, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { projects } from "./schema";
import { companyNameSql } from "@/features/clients/server";

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

/** The findings' entries: each published finding and the steps of its timeline the client sees. */
const findingPart = ({ id, clientId }: ProjectHead) => sql`
      union all
      select 'finding', f.published_at, 'Finding published: ' || f.title, f.severity, f.id::text
        from findings f where f.project_id = ${id} and f.client_id = ${clientId} and f.published_at is not null
      union all
      select 'finding', e.created_at,
             case e.kind when 'retest_requested' then 'Retest requested: ' when 'retest_result' then 'Retest result: '
                         when 'risk_accepted' then 'Risk accepted: ' when 'risk_acknowledged' then 'Risk acknowledged: '
                         when 'reopened' then 'Seen again in a scan: '
                         when 'regressed' then 'Regressed in a run: '
                         when 'owner_assigned' then 'Remediation owner changed: '
                         when 'withdrawn' then 'Finding withdrawn: ' when 'outcome' then 'Finding closed: '
                         when 'outcome_undone' then 'Finding reopened: '
                         else 'Finding updated: ' end || f.title,
             coalesce(e.to_status, ''), f.id::text
        from finding_events e join findings f on f.id = e.finding_id
       where f.project_id = ${id} and f.client_id = ${clientId} and f.published_at is not null
         and e.kind not in ('created', 'published', 'not_seen')`;

/** The reports' entries: each version published, and withdrawn. */
const reportPart = ({ id, clientId }: ProjectHead) => sql`
      union all
      select 'report', r.published_at, 'Report published: ' || r.title, 'Version ' || r.version, null
        from reports r where r.project_id = ${id} and r.client_id = ${clientId}
      union all
      select 'report', r.revoked_at, 'Report withdrawn: ' || r.title, 'Version ' || r.version, null
        from reports r where r.project_id = ${id} and r.client_id = ${clientId} and r.revoked_at is not null`;

/**
 * One statement, a union of every source. The invoices' entries only for an actor who may see
 * Billing, the findings' and the reports' only for one who may see them (a member from whom the
 * owners withheld them sees none: docs/PRODUCT.md#portal-team). Drafts of findings never appear: the
 * timeline is the same record for the firm and the client.
 */
async function readTimeline(
  db: DbOrTx,
  project: ProjectHead,
  shown: { invoices: boolean; findings: boolean; reports: boolean } = { invoices: true, findings: true, reports: true },
): Promise<TimelineEntry[]> {
  const id = project.id;
  const invoicePart = shown.invoices
    ? sql`
      union all
      select 'invoice', i.issued_date::timestamp at time zone 'UTC', 'Invoice ' || i.invoice_number || ' issued',
             '$' || to_char(i.amount_cents / 100.0, 'FM999,999,990.00'), null
        from invoices i where i.project_id = ${id} and i.client_id = ${project.clientId} and i.issued_date is not null
      union all
      select 'invoice', i.paid_date::timestamp at time zone 'UTC', 'Invoice ' || i.invoice_number || ' paid', '', null
        from invoices i where i.project_id = ${id} and i.client_id = ${project.clientId} and i.paid_date is not null`
    : sql``;
  type Row = { kind: TimelineKind; at: Date | string; title: string; detail: string | null; ref_id: string | null };
  const { rows } = (await db.execute(sql`
    select kind, at, title, detail, ref_id from (
      select 'project' as kind, p.created_at as at, 'Project created' as title, coalesce(a.after->>'status', '') as detail, null::text as ref_id
        from projects p
        left join audit_log a on a.entity_type = 'project' and a.entity_id = p.id::text and a.action = 'project.create'
       where p.id = ${id}
      union all
      select 'status', a.created_at, 'Status changed', (a.before->>'status') || ' → ' || (a.after->>'status'), null
        from audit_log a
       where a.entity_type = 'project' and a.entity_id = ${id} and a.action in ('project.status', 'project.update')
         and a.after->>'status' is distinct from a.before->>'status'
      ${invoicePart}
      ${shown.findings ? findingPart(project) : sql``}
      ${shown.reports ? reportPart(project) : sql``}
      union all
      select 'authorization', v.sent_at, 'Authorization sent to sign', 'Version ' || v.version, null
        from engagement_authorizations v where v.project_id = ${id} and v.client_id = ${project.clientId} and v.sent_at is not null
      union all
      select 'authorization', s.signed_at,
             case s.side when 'client' then 'Authorization signed for the client' else 'Authorization counter-signed by the firm' end,
             'Version ' || v.version || ', ' || s.signer_name, null
        from engagement_authorization_signatures s join engagement_authorizations v on v.id = s.authorization_id
       where v.project_id = ${id} and v.client_id = ${project.clientId}
      union all
      select 'message', m.created_at, 'Message from ' || m.author_name, t.subject, t.id::text
        from messages m join message_threads t on t.id = m.thread_id
       where t.project_id = ${id} and t.client_id = ${project.clientId}
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
