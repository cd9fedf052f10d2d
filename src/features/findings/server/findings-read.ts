import "server-only";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import {
  FINDING_SEVERITIES,
  FINDING_STATUSES,
  FIRM_CLOSED_FINDING_STATUSES,
  type FindingEventKind,
  type FindingSeverity,
  type FindingStatus,
  type RetestResult,
  isToolIdTitle,
  UNRESOLVED_FINDING_STATUSES,
} from "@/lib/domain/finding";
import { isAiFinding } from "@/lib/domain/finding-measurement";
import { ATLAS_TECHNIQUE_IDS, type AtlasTechniqueId, OWASP_LLM_IDS, type OwaspLlmId } from "@/lib/domain/ai-taxonomy";
import { uuidSchema } from "@/lib/validation/common";
import type { FindingFilter } from "@/features/findings/validation";
import { type Actor, type AdminActor, assertAdmin, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { clients, findingComments, findingEvents, findingRetests, findings, projects, user } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import { type EvidenceFile, listEvidence } from "./evidence";
import { type FindingMeasurement, measurementsOf } from "./measurements";
import { type ModelVersionRecord, modelVersionsOf, type NotVerifiedFinding, notVerifiedFindings } from "./model-versions";
import { listOwnerOptions, type OwnerOption } from "./remediation-owner";
import { recordFirmAccess } from "@/features/audit/server";
import { clientFindingScope, dueDaysOf, FINDING_NOT_FOUND, findingScope, overdueSql } from "./finding-scope";

/** Most severe first: the order of every list (a stored column, so the list reads an index). */
const severityRank = findings.severityRank;

export const listColumns = {
  id: findings.id,
  title: findings.title,
  severity: findings.severity,
  status: findings.status,
  cvssScoreTenths: findings.cvssScoreTenths,
  projectId: findings.projectId,
  projectName: projects.projectName,
  dueOn: findings.dueOn,
  publishedAt: findings.publishedAt,
  overdue: overdueSql,
  owaspLlm: findings.owaspLlm,
  atlas: findings.atlas,
};

export type FindingListItem = {
  id: string;
  title: string;
  severity: FindingSeverity;
  status: FindingStatus;
  cvssScoreTenths: number | null;
  projectId: string;
  projectName: string;
  dueOn: string | null;
  publishedAt: string | null;
  overdue: boolean;
  /** OWASP Top 10 for LLM Applications ids and MITRE ATLAS technique ids (docs/PRODUCT.md#portal-findings). */
  owaspLlm: string[];
  atlas: string[];
};

export type ListRow = { publishedAt: Date | null } & Omit<FindingListItem, "publishedAt">;
// A closed finding has no due date to keep (docs/PRODUCT.md#portal-findings): it is shown and
// exported only while the finding is still to be dealt with, as overdue counts it. The stored date
// stays, so a reopened finding has it again.
const dueOnShown = (status: FindingStatus, dueOn: string | null) => (UNRESOLVED_FINDING_STATUSES.includes(status) ? dueOn : null);

export const toItem = (row: ListRow): FindingListItem => ({
  ...row,
  dueOn: dueOnShown(row.status, row.dueOn),
  overdue: Boolean(row.overdue),
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

/** The most a list shows; narrow by the filters for the rest. */
export const FINDING_LIST_LIMIT = 500;

/** Not closed by the firm (withdrawn, false positive, duplicate): what counts and what is due. */
const countedSql = notInArray(findings.status, [...FIRM_CLOSED_FINDING_STATUSES]);

export function filterSql(filter: FindingFilter, actor: ClientActor): SQL[] {
  // Closed by the firm only when asked for: the toggle, or a status filter naming one of them.
  const showClosed =
    filter.closed || (filter.status !== undefined && (FIRM_CLOSED_FINDING_STATUSES as readonly string[]).includes(filter.status));
  return [
    showClosed ? undefined : countedSql,
    filter.mine ? eq(findings.ownerUserId, actor.userId) : undefined,
    filter.severity ? eq(findings.severity, filter.severity) : undefined,
    filter.status ? eq(findings.status, filter.status) : undefined,
    filter.engagement ? eq(findings.projectId, filter.engagement) : undefined,
    filter.overdue ? overdueSql : undefined,
    filter.owasp ? sql`${findings.owaspLlm} @> array[${filter.owasp}]::text[]` : undefined,
    // A technique takes in its sub-techniques: AML.T0051 finds AML.T0051.001 too. The id is one of
    // the list's (no LIKE wildcard in any).
    filter.atlas
      ? sql`exists (select 1 from unnest(${findings.atlas}) as technique where technique = ${filter.atlas} or technique like ${`${filter.atlas}.%`})`
      : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

/** The client's published findings, filtered, most severe and soonest due first. */
export async function listClientFindings(
  db: DbOrTx,
  { actor, filter }: { actor: ClientActor; filter: FindingFilter },
): Promise<{ items: FindingListItem[]; total: number }> {
  assertClient(actor);
  const where = and(clientFindingScope(actor), ...filterSql(filter, actor));
  // Two statements: the page through the list index (most severe, soonest due: no sort of the
  // whole set), and the count, which is a cheap scan of one company's rows.
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(findings)
      .innerJoin(projects, eq(projects.id, findings.projectId))
      .where(where)
      .orderBy(severityRank, asc(findings.dueOn), asc(findings.id))
      .limit(FINDING_LIST_LIMIT),
    db.select({ n: count() }).from(findings).where(where),
  ]);
  return { items: rows.map(toItem), total: counted?.n ?? 0 };
}

/** The column alias of a technique's count ("AML.T0051.000" → "atlas_aml_t0051_000"). */
const atlasKey = (id: string) => `atlas_${id.toLowerCase().replace(/\./g, "_")}`;

/** A technique and its sub-techniques, as an array for an overlap test. */
const atlasFamily = (id: string) =>
  sql`array[${sql.join(
    ATLAS_TECHNIQUE_IDS.filter((t) => t === id || t.startsWith(`${id}.`)).map((t) => sql`${t}`),
    sql`, `,
  )}]`;

export type FindingCounts = {
  bySeverity: Record<FindingSeverity, number>;
  byStatus: Partial<Record<FindingStatus, number>>;
  overdue: number;
  /** Per OWASP LLM category (a finding under two is counted in both). */
  byOwaspLlm: Record<OwaspLlmId, number>;
  /** Per MITRE ATLAS technique, its sub-techniques included (as the filter reads it). */
  byAtlas: Record<AtlasTechniqueId, number>;
  /** Every count leaves out what the firm closed (withdrawn, false positive, duplicate); this is how many. */
  closedByFirm: number;
  total: number;
  engagements: { projectId: string; projectName: string; total: number; unresolved: number; overdue: number }[];
};

/** Counts by severity and status, for the company and per engagement (one grouped query). */
export async function clientFindingCounts(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<FindingCounts> {
  assertClient(actor);
  return countFindings(db, clientFindingScope(actor));
}

/**
 * One pass over the findings, grouped by engagement only, each severity and status a filtered
 * count: grouping by the text columns themselves costs several times more in the embedded
 * database (bench/findings-list.ts).
 */
async function countFindings(db: DbOrTx, where: SQL): Promise<FindingCounts> {
  const sums: Record<string, SQL.Aliased<number>> = {
    total: sql<number>`count(*) filter (where ${countedSql})`.mapWith(Number).as("total"),
    closed: sql<number>`count(*) filter (where not ${countedSql})`.mapWith(Number).as("closed"),
    overdue: sql<number>`count(*) filter (where ${overdueSql})`.mapWith(Number).as("overdue"),
  };
  for (const k of FINDING_SEVERITIES)
    sums[`sev_${k}`] = sql<number>`count(*) filter (where ${findings.severity} = ${k} and ${countedSql})`.mapWith(Number).as(`sev_${k}`);
  // In the same pass: one filtered count per category, not a second statement over the array.
  for (const k of OWASP_LLM_IDS)
    sums[`owasp_${k.toLowerCase()}`] = sql<number>`count(*) filter (where ${findings.owaspLlm} @> array[${k}]::text[] and ${countedSql})`
      .mapWith(Number)
      .as(`owasp_${k.toLowerCase()}`);
  for (const k of ATLAS_TECHNIQUE_IDS)
    sums[atlasKey(k)] = sql<number>`count(*) filter (where ${findings.atlas} && ${atlasFamily(k)}::text[] and ${countedSql})`
      .mapWith(Number)
      .as(atlasKey(k));
  for (const k of FINDING_STATUSES)
    sums[`st_${k}`] = sql<number>`count(*) filter (where ${findings.status} = ${k})`.mapWith(Number).as(`st_${k}`);
  const perEngagement = (await db
    .select({ projectId: findings.projectId, ...sums })
    .from(findings)
    .where(where)
    .groupBy(findings.projectId)) as unknown as ({ projectId: string } & Record<string, number>)[];
  // The engagements' names in a second, small statement (a join would be paid for every finding).
  const names =
    perEngagement.length === 0
      ? []
      : await db
          .select({ id: projects.id, name: projects.projectName })
          .from(projects)
          .where(
            inArray(
              projects.id,
              perEngagement.map((r) => r.projectId),
            ),
          );
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const rows = perEngagement.map((row) => ({ projectName: nameOf.get(row.projectId) ?? "", counts: row }));
  const counts: FindingCounts = {
    bySeverity: Object.fromEntries(FINDING_SEVERITIES.map((s) => [s, 0])) as Record<FindingSeverity, number>,
    byStatus: {},
    byOwaspLlm: Object.fromEntries(OWASP_LLM_IDS.map((id) => [id, 0])) as Record<OwaspLlmId, number>,
    byAtlas: Object.fromEntries(ATLAS_TECHNIQUE_IDS.map((id) => [id, 0])) as Record<AtlasTechniqueId, number>,
    overdue: 0,
    closedByFirm: 0,
    total: 0,
    engagements: [],
  };
  for (const { projectName, counts: row } of rows) {
    const n = (key: string) => Number(row[key] ?? 0);
    for (const s of FINDING_SEVERITIES) counts.bySeverity[s] += n(`sev_${s}`);
    for (const id of OWASP_LLM_IDS) counts.byOwaspLlm[id] += n(`owasp_${id.toLowerCase()}`);
    for (const id of ATLAS_TECHNIQUE_IDS) counts.byAtlas[id] += n(atlasKey(id));
    for (const s of FINDING_STATUSES) if (n(`st_${s}`) > 0) counts.byStatus[s] = (counts.byStatus[s] ?? 0) + n(`st_${s}`);
    counts.overdue += n("overdue");
    counts.total += n("total");
    counts.closedByFirm += n("closed");
    counts.engagements.push({
      projectId: String(row.projectId),
      projectName,
      total: n("total"),
      unresolved: UNRESOLVED_FINDING_STATUSES.reduce((sum, s) => sum + n(`st_${s}`), 0),
      overdue: n("overdue"),
    });
  }
  counts.engagements.sort((a, b) => a.projectName.localeCompare(b.projectName));
  return counts;
}

export type FindingEvent = {
  id: string;
  kind: FindingEventKind;
  fromStatus: FindingStatus | null;
  toStatus: FindingStatus | null;
  note: string | null;
  actorName: string;
  actorRole: "client" | "admin";
  createdAt: string;
};
export type FindingComment = { id: string; body: string; actorName: string; actorRole: "client" | "admin"; createdAt: string };

export type FindingDetail = FindingListItem & {
  clientId: string;
  company: string;
  cvssVector: string | null;
  assets: string;
  description: string;
  remediation: string;
  references: string;
  ruleId: string | null;
  riskReason: string | null;
  riskExpiresOn: string | null;
  riskAcknowledgedAt: string | null;
  /** The client's person named to remediate it (docs/PRODUCT.md#portal-findings). */
  owner: { userId: string; name: string } | null;
  /** The firm's outcome: its reason, a duplicate's original, and who of the client agreed to a won't fix, when. */
  outcomeReason: string | null;
  duplicateOf: { id: string; title: string } | null;
  agreedByName: string | null;
  agreedOn: string | null;
  openRetest: { id: string; note: string; requestedByName: string; requestedAt: string } | null;
  retests: {
    id: string;
    note: string;
    requestedByName: string;
    requestedAt: string;
    result: RetestResult | null;
    resultNote: string | null;
    decidedAt: string | null;
  }[];
  events: FindingEvent[];
  comments: FindingComment[];
  evidence: EvidenceFile[];
  /** An AI finding carries measurements (docs/PRODUCT.md#measured-ai-findings): every one, oldest first. */
  isAi: boolean;
  measurements: FindingMeasurement[];
  /** The version the client runs now on the target of the latest measurement that names a model; null without one. */
  modelVersion: FindingModelVersion | null;
};

export type FindingModelVersion = {
  projectId: string;
  provider: string | null;
  modelId: string;
  /** The newest record first; current is history[0], none when the client has recorded none. */
  history: ModelVersionRecord[];
  /** Set when the finding is Verified Fixed on another version than the one run now. */
  notVerified: NotVerifiedFinding | null;
};

/** The finding's target (its latest measurement naming a model), the versions recorded for it, and the check. */
async function modelVersionOf(
  db: DbOrTx,
  finding: { id: string; projectId: string },
  measurements: FindingMeasurement[],
): Promise<FindingModelVersion | null> {
  const latest = measurements.findLast((m) => m.modelId !== null);
  if (!latest?.modelId) return null;
  const [targets, flagged] = await Promise.all([
    modelVersionsOf(db, finding.projectId),
    notVerifiedFindings(db, { projectId: finding.projectId, findingId: finding.id }),
  ]);
  const target = targets.find((t) => t.modelId === latest.modelId && t.provider === latest.provider);
  return {
    projectId: finding.projectId,
    provider: latest.provider,
    modelId: latest.modelId,
    history: target?.history.slice(0, 10) ?? [],
    notVerified: flagged.find((f) => f.modelId === latest.modelId && f.provider === latest.provider) ?? flagged[0] ?? null,
  };
}

/** One finding with its timeline, retests and comments; a client's only when published and its own (else 404). */
export async function getFinding(db: DbOrTx, { actor, findingId }: { actor: Actor; findingId: string }): Promise<FindingDetail> {
  if (actor.role === "client") assertClient(actor);
  else assertAdmin(actor);
  const [row] = await db
    .select({
      ...listColumns,
      clientId: findings.clientId,
      company: clients.company,
      cvssVector: findings.cvssVector,
      assets: findings.assets,
      description: findings.description,
      remediation: findings.remediation,
      references: findings.references,
      ruleId: findings.ruleId,
      riskReason: findings.riskReason,
      riskExpiresOn: findings.riskExpiresOn,
      riskAcknowledgedAt: findings.riskAcknowledgedAt,
      ownerUserId: findings.ownerUserId,
      ownerName: user.name,
      ownerEmail: user.email,
      outcomeReason: findings.outcomeReason,
      duplicateOfId: findings.duplicateOfId,
      agreedByName: findings.agreedByName,
      agreedOn: findings.agreedOn,
      sourceTool: findings.sourceTool,
    })
    .from(findings)
    .innerJoin(projects, eq(projects.id, findings.projectId))
    .innerJoin(clients, eq(clients.id, findings.clientId))
    .leftJoin(user, eq(user.id, findings.ownerUserId))
    .where(findingScope(actor, findingId))
    .limit(1);
  if (!row) throw FINDING_NOT_FOUND();
  const [events, comments, retests, evidence, , duplicateOf, measurements] = await Promise.all([
    db
      .select({
        id: findingEvents.id,
        kind: findingEvents.kind,
        fromStatus: findingEvents.fromStatus,
        toStatus: findingEvents.toStatus,
        note: findingEvents.note,
        actorName: findingEvents.actorName,
        actorRole: findingEvents.actorRole,
        createdAt: findingEvents.createdAt,
      })
      .from(findingEvents)
      .where(eq(findingEvents.findingId, findingId))
      .orderBy(asc(findingEvents.createdAt), asc(findingEvents.id)),
    db
      .select({
        id: findingComments.id,
        body: findingComments.body,
        actorName: findingComments.actorName,
        actorRole: findingComments.actorRole,
        createdAt: findingComments.createdAt,
      })
      .from(findingComments)
      .where(eq(findingComments.findingId, findingId))
      .orderBy(asc(findingComments.createdAt), asc(findingComments.id)),
    db
      .select({
        id: findingRetests.id,
        note: findingRetests.note,
        requestedByName: findingRetests.requestedByName,
        requestedAt: findingRetests.requestedAt,
        result: findingRetests.result,
        resultNote: findingRetests.resultNote,
        decidedAt: findingRetests.decidedAt,
      })
      .from(findingRetests)
      .where(eq(findingRetests.findingId, findingId))
      .orderBy(desc(findingRetests.requestedAt)),
    listEvidence(db, findingId),
    // The firm's look (an admin's, or one viewing the portal) is in the company's access log; a client's own is not.
    recordFirmAccess(db, {
      actor,
      action: "finding.view",
      clientIds: [row.clientId],
      entityType: "finding",
      entityId: row.id,
      after: { name: row.title },
    }),
    // A duplicate's original: a published finding of the same engagement, so the client may open it too.
    row.duplicateOfId === null
      ? null
      : db
          .select({ id: findings.id, title: findings.title })
          .from(findings)
          .where(findingScope(actor, row.duplicateOfId))
          .limit(1)
          .then(([original]) => original ?? null),
    // Read after the scope above found the finding: a client reaches only its own published one's.
    measurementsOf(db, row.id),
  ]);
  // A client never sees the draft's history before publishing: the "created" entry is the firm's,
  // and so is "not seen in a full scan" (for the firm to decide on).
  const visibleEvents = actor.role === "client" ? events.filter((e) => e.kind !== "created" && e.kind !== "not_seen") : events;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const retestList = retests.map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString(), decidedAt: iso(r.decidedAt) }));
  const open = retestList.find((r) => r.result === null);
  const modelVersion = await modelVersionOf(db, row, measurements);
  const { riskAcknowledgedAt, ownerUserId, ownerName, ownerEmail, duplicateOfId: _original, sourceTool, ...rest } = row;
  return {
    ...toItem(rest),
    ...rest,
    dueOn: dueOnShown(rest.status, rest.dueOn),
    owner: ownerUserId ? { userId: ownerUserId, name: ownerName || ownerEmail || "" } : null,
    overdue: Boolean(rest.overdue),
    publishedAt: iso(rest.publishedAt),
    riskAcknowledgedAt: iso(riskAcknowledgedAt),
    duplicateOf,
    openRetest: open ? { id: open.id, note: open.note, requestedByName: open.requestedByName, requestedAt: open.requestedAt } : null,
    retests: retestList,
    events: visibleEvents.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    comments: comments.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    evidence,
    isAi: isAiFinding({ owaspLlm: rest.owaspLlm, atlas: rest.atlas, sourceTool }) || measurements.length > 0,
    measurements,
    modelVersion,
  };
}

/** An engagement's findings for the firm, drafts included, with its counts and due days. */
export async function listEngagementFindings(db: DbOrTx, { actor, projectId }: { actor: AdminActor; projectId: string }) {
  assertAdmin(actor);
  const [project] = await db
    .select({ id: projects.id, name: projects.projectName, clientId: projects.clientId, company: clients.company })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) return null;
  const [rows, counts, dueDays, modelVersions, notVerified] = await Promise.all([
    db
      .select({ ...listColumns, ruleId: findings.ruleId })
      .from(findings)
      .innerJoin(projects, eq(projects.id, findings.projectId))
      .where(eq(findings.projectId, projectId))
      .orderBy(severityRank, asc(findings.createdAt), findings.id)
      .limit(2000),
    countFindings(db, and(eq(findings.projectId, projectId), isNotNull(findings.publishedAt))!),
    dueDaysOf(db, projectId),
    modelVersionsOf(db, projectId),
    notVerifiedFindings(db, { projectId }),
    // The firm's look at an engagement's findings, in the company's access log (docs/PRODUCT.md#portal-access-log).
    recordFirmAccess(db, {
      actor,
      action: "client.findings.view",
      clientIds: [project.clientId],
      entityType: "project",
      entityId: project.id,
      after: { name: project.name },
    }),
  ]);
  // Drafts still titled with a tool's id: Publish warns before the client reads them.
  const toolIdTitled = rows.filter((r) => r.status === "draft" && isToolIdTitle(r.title, r.ruleId)).map((r) => r.id);
  return {
    project,
    findings: rows.map(({ ruleId: _ruleId, ...row }) => toItem(row)),
    toolIdTitled,
    counts,
    dueDays,
    modelVersions,
    notVerified,
  };
}

export type QueueRetest = {
  findingId: string;
  title: string;
  company: string;
  projectName: string;
  requestedByName: string;
  requestedAt: string;
  note: string;
};
export type QueueFinding = FindingListItem & { company: string };

/** `/admin/findings`: open retest requests (oldest first), overdue findings and risk acceptances to acknowledge, across clients. */
export async function adminFindingsQueue(db: DbOrTx, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  const withCompany = { ...listColumns, company: clients.company };
  const [retests, overdue, risks] = await Promise.all([
    db
      .select({
        findingId: findings.id,
        title: findings.title,
        company: clients.company,
        projectName: projects.projectName,
        requestedByName: findingRetests.requestedByName,
        requestedAt: findingRetests.requestedAt,
        note: findingRetests.note,
      })
      .from(findingRetests)
      .innerJoin(findings, eq(findings.id, findingRetests.findingId))
      .innerJoin(projects, eq(projects.id, findings.projectId))
      .innerJoin(clients, eq(clients.id, findings.clientId))
      .where(isNull(findingRetests.result))
      .orderBy(asc(findingRetests.requestedAt))
      .limit(200),
    db
      .select(withCompany)
      .from(findings)
      .innerJoin(projects, eq(projects.id, findings.projectId))
      .innerJoin(clients, eq(clients.id, findings.clientId))
      .where(overdueSql)
      .orderBy(asc(findings.dueOn), severityRank)
      .limit(200),
    db
      .select({ ...withCompany, riskReason: findings.riskReason, riskExpiresOn: findings.riskExpiresOn })
      .from(findings)
      .innerJoin(projects, eq(projects.id, findings.projectId))
      .innerJoin(clients, eq(clients.id, findings.clientId))
      .where(and(eq(findings.status, "risk_accepted"), isNull(findings.riskAcknowledgedAt)))
      .orderBy(asc(findings.updatedAt))
      .limit(200),
  ]);
  return {
    retests: retests.map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString() })),
    overdue: overdue.map((r) => ({ ...toItem(r), company: r.company })),
    risks: risks.map((r) => ({ ...toItem(r), company: r.company, riskReason: r.riskReason, riskExpiresOn: r.riskExpiresOn })),
  };
}

/** The engagements the admin's Findings page can open (its Engagement picker), by company then name. */
export async function listEngagementOptions(db: DbOrTx, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  return db
    .select({ projectId: projects.id, projectName: projects.projectName, company: clients.company })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .orderBy(clients.company, projects.projectName)
    .limit(1000);
}

/** The client's findings for the CSV export, in pages (the safe CSV path). */
export async function* exportClientFindings(db: DbOrTx, { actor }: { actor: ClientActor }): AsyncGenerator<FindingListItem[]> {
  assertClient(actor);
  // A viewing admin's export of the company's findings is the firm's access: in its access log.
  await recordFirmAccess(db, {
    actor,
    action: "export.findings",
    clientIds: [actor.clientId],
    entityType: "export",
    after: { name: "Findings export" },
  });
  const pageSize = 1000;
  for (let offset = 0; ; offset += pageSize) {
    const rows = await db
      .select(listColumns)
      .from(findings)
      .innerJoin(projects, eq(projects.id, findings.projectId))
      .where(clientFindingScope(actor))
      .orderBy(severityRank, asc(findings.dueOn), findings.id)
      .limit(pageSize)
      .offset(offset);
    if (rows.length > 0) yield rows.map(toItem);
    if (rows.length < pageSize) return;
  }
}

export type PortalFindings = {
  counts: FindingCounts;
  /** Published findings whose remediation owner is the person signed in ("Assigned to me"). */
  assignedToMe: number;
  /** Whom the person may name as the open finding's remediation owner (owners only; else empty). */
  ownerOptions: OwnerOption[];
  list: { items: FindingListItem[]; total: number };
  filter: FindingFilter;
  /** The finding opened (?finding=<id>): its page, or "missing" when it is not the client's to see. */
  finding: FindingDetail | "missing" | null;
};

/** The portal's Findings section (docs/PRODUCT.md#portal-findings): counts, the filtered list, the open finding. */
export async function loadPortalFindings(
  db: DbOrTx,
  { actor, filter, findingId }: { actor: ClientActor; filter: FindingFilter; findingId: string | null },
): Promise<PortalFindings> {
  assertClient(actor);
  const [counts, assigned, list, finding, ownerOptions] = await Promise.all([
    clientFindingCounts(db, { actor }),
    db
      .select({ n: count() })
      .from(findings)
      .where(and(clientFindingScope(actor), eq(findings.ownerUserId, actor.userId))),
    listClientFindings(db, { actor, filter }),
    findingId === null
      ? null
      : !uuidSchema.safeParse(findingId).success
        ? ("missing" as const)
        : getFinding(db, { actor, findingId }).catch((error: unknown) => {
            if (error instanceof AppError && error.code === "not_found") return "missing" as const;
            throw error;
          }),
    findingId !== null && actor.personRole === "owner" && !actor.viewer ? listOwnerOptions(db, { actor, clientId: actor.clientId }) : [],
  ]);
  return { counts, assignedToMe: assigned[0]?.n ?? 0, ownerOptions, list, filter, finding };
}

/** The findings a duplicate of this engagement may name: published, not closed by the firm, not the finding itself. */
export async function listDuplicateOriginals(
  db: DbOrTx,
  { actor, projectId, exceptId }: { actor: AdminActor; projectId: string; exceptId: string },
): Promise<{ id: string; title: string }[]> {
  assertAdmin(actor);
  return db
    .select({ id: findings.id, title: findings.title })
    .from(findings)
    .where(and(eq(findings.projectId, projectId), isNotNull(findings.publishedAt), countedSql, sql`${findings.id} <> ${exceptId}`))
    .orderBy(severityRank, asc(findings.title))
    .limit(1000);
}
