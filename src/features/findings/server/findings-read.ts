import "server-only";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import {
  FIRM_CLOSED_FINDING_STATUSES,
  type FindingEventKind,
  type FindingSeverity,
  type FindingStatus,
  type RetestResult,
  UNRESOLVED_FINDING_STATUSES,
} from "@/lib/domain/finding";
import { isAiFinding } from "@/lib/domain/finding-measurement";
import { uuidSchema } from "@/lib/validation/common";
import type { FindingFilter } from "@/features/findings/validation";
import { type Actor, assertAdmin, assertClient, type ClientActor } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { companyNameSql } from "@/features/clients/server";
import { findingComments, findingEvents, findingRetests, findings } from "./schema/records";
import { userEmailSql, userNameSql } from "@/features/identity/server";
import { projectNameSql } from "@/features/projects/server";
import { AppError } from "@/server/core/errors";
import { type EvidenceFile, listEvidence } from "./evidence";
import { type FindingMeasurement, measurementsOf, type ModelVersionRecord, modelVersionsOf } from "@/features/measurements/server";
import { type NotVerifiedFinding, notVerifiedFindings } from "./not-verified";
import { listOwnerOptions, type OwnerOption } from "./remediation-owner";
import { recordFirmAccess, recordFirmAccessAfterResponse } from "@/features/audit/server";
import { clientFindingScope, FINDING_NOT_FOUND, findingScope, overdueSql } from "./finding-scope";
import { clientFindingCounts, countedSql, type FindingCounts } from "./finding-counts";

/** Most severe first: the order of every list (a stored column, so the list reads an index). */
const severityRank = findings.severityRank;

export const listColumns = {
  id: findings.id,
  title: findings.title,
  severity: findings.severity,
  status: findings.status,
  cvssScoreTenths: findings.cvssScoreTenths,
  projectId: findings.projectId,
  projectName: projectNameSql(findings.projectId),
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
      .where(where)
      .orderBy(severityRank, asc(findings.dueOn), asc(findings.id))
      .limit(FINDING_LIST_LIMIT),
    db.select({ n: count() }).from(findings).where(where),
  ]);
  return { items: rows.map(toItem), total: counted?.n ?? 0 };
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
export async function getFinding(db: Db, { actor, findingId }: { actor: Actor; findingId: string }): Promise<FindingDetail> {
  if (actor.role === "client") assertClient(actor);
  else assertAdmin(actor);
  const [row] = await db
    .select({
      ...listColumns,
      clientId: findings.clientId,
      company: companyNameSql(findings.clientId),
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
      ownerName: userNameSql(findings.ownerUserId),
      ownerEmail: userEmailSql(findings.ownerUserId),
      outcomeReason: findings.outcomeReason,
      duplicateOfId: findings.duplicateOfId,
      agreedByName: findings.agreedByName,
      agreedOn: findings.agreedOn,
      sourceTool: findings.sourceTool,
    })
    .from(findings)
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
    recordFirmAccessAfterResponse(db, {
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
