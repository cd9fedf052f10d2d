import "server-only";
import { and, asc, desc, eq, getTableName, or, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { FINDING_SEVERITIES, FIRM_CLOSED_FINDING_STATUSES, type FindingSeverity, type FindingStatus } from "@/lib/domain/finding";
import type { ProjectStatus } from "@/lib/domain/project-status";
import { ADMIN_PAGE_SIZE } from "@/lib/validation/admin-fields";
import type { EngagementListQuery } from "@/features/findings/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { asNumber, containsAny, type Paged, pageOffset, splitTotal } from "@/server/core/db/admin-sql";
import type { DbOrTx } from "@/server/core/db/client";
import { companyFacts } from "@/features/clients/server";
import { findings } from "./schema/records";
import { projectFacts } from "@/features/projects/server";

// The admin's Engagements list (docs/PRODUCT.md#admin-engagements): one row per project that has
// findings or reports in the vault, with where its findings stand.

/** Where a published finding stands, as the list counts it. */
export const ENGAGEMENT_STATES = ["open", "in_remediation", "fixed_pending_retest", "closed"] as const;
export type EngagementState = (typeof ENGAGEMENT_STATES)[number];
const STATUSES_OF: Record<EngagementState, readonly FindingStatus[]> = {
  open: ["open", "still_open", "regressed"],
  in_remediation: ["in_remediation"],
  fixed_pending_retest: ["fixed_pending_retest"],
  // Won't fix is closed like a risk accepted; what the firm closed (withdrawn, false positive,
  // duplicate) is in no count, as everywhere.
  closed: ["verified_fixed", "risk_accepted", "wont_fix"],
};

export type EngagementRow = {
  /** The project's id: the engagement is the project. */
  id: string;
  projectName: string;
  projectStatus: ProjectStatus;
  clientId: string;
  company: string;
  startDate: string;
  targetCompletionDate: string | null;
  /** Published findings by severity (drafts are counted only under `drafts`). */
  published: Record<FindingSeverity, number>;
  states: Record<EngagementState, number>;
  drafts: number;
  retestsWaiting: number;
  /** Report versions in the vault, revoked and superseded ones included. */
  reportVersions: number;
};

/**
 * What the list reads of a project's reports (the reports slice's `engagementReportsSql`, handed in
 * by the page: reports sits above findings), each embedded in the list's one statement.
 */
export type EngagementReportsSql = {
  has: (projectId: SQLWrapper) => SQL<boolean>;
  /** Its report versions in the vault, revoked and superseded ones included. */
  versions: (projectId: SQLWrapper) => SQL<number>;
};

/** Projects with findings or report versions: both reads go through their project index. */
const isEngagement = (projectId: SQLWrapper, reports: EngagementReportsSql) =>
  or(sql`exists (select 1 from findings ef where ef.project_id = ${projectId})`, reports.has(projectId))!;

const inList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );

/**
 * One page of engagements in ONE statement: the page of projects is chosen first (search, order,
 * limit), then a lateral aggregate counts just those projects' findings (a filtered count per
 * figure, one pass), and scalar subqueries read the retests and the vault (the last import is the imports slice's: `lastImportsOf`).
 */
export async function listEngagements(
  db: DbOrTx,
  {
    actor,
    reports,
    q = "",
    page = 1,
    pageSize = ADMIN_PAGE_SIZE,
  }: { actor: AdminActor; reports: EngagementReportsSql } & Partial<EngagementListQuery> & { pageSize?: number },
): Promise<Paged<EngagementRow>> {
  assertAdmin(actor);
  const projects = projectFacts(db);
  const companies = companyFacts(db);
  const where = and(isEngagement(projects.projectId, reports), containsAny(q, [companies.company, projects.projectName]));
  const pageRows = db
    .select({
      id: projects.projectId,
      projectName: projects.projectName,
      projectStatus: projects.status,
      clientId: projects.clientId,
      company: companies.company,
      startDate: projects.startDate,
      targetCompletionDate: projects.targetCompletionDate,
      total: sql<number>`count(*) over ()`.as("total"),
    })
    .from(projects)
    .innerJoin(companies, eq(companies.clientId, projects.clientId))
    .where(where)
    .orderBy(desc(projects.startDate), asc(companies.company), asc(projects.projectName), asc(projects.projectId))
    .limit(pageSize)
    .offset(pageOffset(page, pageSize))
    .as("page_rows");

  const figures: Record<string, SQL.Aliased<number>> = {
    drafts: sql<number>`count(*) filter (where ${findings.publishedAt} is null)`.as("drafts"),
  };
  for (const s of FINDING_SEVERITIES)
    figures[`sev_${s}`] =
      sql<number>`count(*) filter (where ${findings.publishedAt} is not null and ${findings.severity} = ${s} and ${findings.status} not in (${inList(FIRM_CLOSED_FINDING_STATUSES)}))`.as(
        `sev_${s}`,
      );
  for (const state of ENGAGEMENT_STATES)
    figures[`st_${state}`] = sql<number>`count(*) filter (where ${findings.status} in (${inList(STATUSES_OF[state])}))`.as(`st_${state}`);
  const counts = db.select(figures).from(findings).where(eq(findings.projectId, pageRows.id)).as("counts");

  const rows = await db
    .select({
      id: pageRows.id,
      projectName: pageRows.projectName,
      projectStatus: pageRows.projectStatus,
      clientId: pageRows.clientId,
      company: pageRows.company,
      startDate: pageRows.startDate,
      targetCompletionDate: pageRows.targetCompletionDate,
      total: asNumber(pageRows.total),
      ...Object.fromEntries(Object.keys(figures).map((key) => [key, asNumber(sql.raw(`"counts"."${key}"`))])),
      retestsWaiting: asNumber(sql`(select count(*) from finding_retests wr join findings wf on wf.id = wr.finding_id
        where wf.project_id = ${pageRows.id} and wr.result is null)`),
      reportVersions: asNumber(reports.versions(pageRows.id)),
    })
    .from(pageRows)
    .leftJoinLateral(counts, sql`true`)
    .orderBy(desc(pageRows.startDate), asc(pageRows.company), asc(pageRows.projectName), asc(pageRows.id));

  const { rows: found, total } = splitTotal(rows as unknown as (Record<string, unknown> & { total: number })[]);
  return {
    rows: found.map((row) => {
      const n = (key: string) => Number(row[key] ?? 0);
      return {
        id: String(row.id),
        projectName: String(row.projectName),
        projectStatus: row.projectStatus as ProjectStatus,
        clientId: String(row.clientId),
        company: String(row.company),
        startDate: String(row.startDate),
        targetCompletionDate: (row.targetCompletionDate as string | null) ?? null,
        published: Object.fromEntries(FINDING_SEVERITIES.map((s) => [s, n(`sev_${s}`)])) as Record<FindingSeverity, number>,
        states: Object.fromEntries(ENGAGEMENT_STATES.map((s) => [s, n(`st_${s}`)])) as Record<EngagementState, number>,
        drafts: n("drafts"),
        retestsWaiting: n("retestsWaiting"),
        reportVersions: n("reportVersions"),
      };
    }),
    total,
    page,
    pageSize,
  };
}

/** A client's projects that have findings: its page links those to their engagement. */
export async function projectsWithFindings(db: DbOrTx, { actor, clientId }: { actor: AdminActor; clientId: string }): Promise<string[]> {
  assertAdmin(actor);
  const projects = projectFacts(db);
  const rows = await db
    .select({ id: projects.projectId })
    .from(projects)
    .where(and(eq(projects.clientId, clientId), sql`exists (select 1 from findings pf where pf.project_id = ${projects.projectId})`))
    .limit(1000);
  return rows.map((r) => r.id);
}

/**
 * Whether anything of the findings was made for the engagement (a draft too), as SQL for a caller's
 * statement: the projects slice's "the client no longer changes" (docs/PRODUCT.md#admin-projects).
 */
export const engagementHasFindingsSql = (projectId: SQLWrapper, { published = false } = {}) =>
  sql<boolean>`exists (select 1 from ${sql.identifier(getTableName(findings))} dependent where dependent.project_id = ${projectId}${
    published ? sql` and dependent.published_at is not null` : sql``
  })`;
