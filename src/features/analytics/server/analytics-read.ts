import "server-only";
import { and, asc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { FindingSeverity, FindingStatus } from "@/lib/domain/finding";
import { type AdminActor, assertAdmin, assertClient, assertFindingsVisible, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { modelVersionHistory } from "@/features/measurements/server";
import { engagementHasFindingsSql, findingFacts } from "@/features/findings/server";
import { type AnalyticsFilters, periodMonths } from "../validation";
import { recordFirmAccess } from "@/features/audit/server";
import { aiTimeToVerifiedFixed, type ModelVersionRecord, versionChanges } from "./maths/ai";
import { agingBuckets } from "./maths/aging";
import { type FindingHistory, lastMonths, monthEnd } from "./maths/history";
import { flowByMonth } from "./maths/monthly";
import { remediationByMonth, remediationBySeverity, remediationOverall } from "./maths/remediation";
import { slaBySeverity } from "./maths/sla";
import { aiFindingSql, findingScope, type FindingRows } from "./scope";
import { keepFirmSnapshot, readFirmSnapshot, snapshotKey } from "./firm-snapshots";
import { companyNameSql } from "@/features/clients/server";
import { projectFacts } from "@/features/projects/server";

// The analytics of a company (the portal) or of every company (the firm) (docs/PRODUCT.md#analytics):
// three statements for a company (the histories, the model-version records, the engagement picker),
// whatever the number of findings, and every figure computed from the histories in memory. The
// firm's: its company and engagement pickers, then its figures as kept while their data is unchanged
// (firm-snapshots.ts: one statement), else the histories and records read, counted and kept; and
// the firm's look in the access log.

/** Milliseconds since the epoch, as text a JavaScript number reads back exactly (float8). */
const epochMs = (expr: SQL) => sql`((extract(epoch from ${expr}) * 1000)::float8)::text`;
const orEmpty = (expr: SQL) => sql`coalesce(${expr}, '')`;

/**
 * Every history in the scope as one text, a line a finding, its fields in the order readHistories splits them.
 * 100,000 findings as rows cost the embedded database about 2 s to hand over (a value at a time)
 * and as one text about a third of that. The timeline is looked up only where a figure uses it.
 */
const historyLine = (f: FindingRows) => sql`concat_ws(',', ${f.clientId}, ${f.projectId}, ${f.findingId}, ${f.severity}, ${f.status},
  case when ${aiFindingSql(f)} then 1 else 0 end, ${epochMs(sql`${f.publishedAt}`)}, ${orEmpty(sql`${f.dueOn}::text`)},
  ${orEmpty(
    // The firm's latest Verified Fixed.
    sql`case when ${f.status} = 'verified_fixed' then ${epochMs(sql`${f.statusSince}`)} end`,
  )},
  ${epochMs(
    // When a decision (risk accepted, won't fix) was taken, the only status whose time a figure uses.
    sql`case when ${f.status} in ('risk_accepted', 'wont_fix') then ${f.statusSince} else ${f.updatedAt} end`,
  )},
  ${orEmpty(
    // Its returns after a fix, counted for AI findings only (the regressions after a model change).
    sql`case when ${aiFindingSql(f)} then (select string_agg(${epochMs(sql`returned`)}, ' ' order by returned) from unnest(${f.returnedAt}) returned) end`,
  )})`;

export async function readHistories(db: DbOrTx, clientId: string | null, filters: AnalyticsFilters): Promise<FindingHistory[]> {
  const findings = findingFacts(db);
  const [row] = await db
    .select({ text: sql<string | null>`string_agg(${historyLine(findings)}, E'\n')` })
    .from(findings)
    .where(findingScope(findings, clientId, filters));
  if (!row?.text) return [];
  // Ids, enum values, dates and numbers: none holds a comma or a line break.
  return row.text.split("\n").map((line) => {
    const [clientId, projectId, id, severity, status, ai, published, dueOn, verified, since, regressed] = line.split(",") as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    return {
      id,
      clientId,
      projectId,
      severity: severity as FindingSeverity,
      status: status as FindingStatus,
      ai: ai === "1",
      publishedAt: new Date(Number(published)),
      dueOn: dueOn || null,
      verifiedFixedAt: verified ? new Date(Number(verified)) : null,
      statusSince: new Date(Number(since)),
      regressedAt: regressed ? regressed.split(" ").map((ms) => new Date(Number(ms))) : [],
    };
  });
}

export async function readModelVersions(db: DbOrTx, clientId: string | null, filters: AnalyticsFilters): Promise<ModelVersionRecord[]> {
  const rows = await modelVersionHistory(db, {
    clientIds: [clientId, filters.client].filter((id): id is string => Boolean(id)),
    projectId: filters.engagement || undefined,
  });
  return rows.map((r) => ({ ...r, recordedAt: new Date(r.recordedAt) }));
}

export type EngagementOption = { id: string; name: string; company: string };

/** The engagements with published findings, for the engagement filter. */
async function readEngagementOptions(db: DbOrTx, clientId: string | null): Promise<EngagementOption[]> {
  const projects = projectFacts(db);
  return db
    .select({ id: projects.projectId, name: projects.projectName, company: companyNameSql(projects.clientId) })
    .from(projects)
    .where(and(clientId ? eq(projects.clientId, clientId) : undefined, engagementHasFindingsSql(projects.projectId, { published: true })))
    .orderBy(asc(companyNameSql(projects.clientId)), asc(projects.projectName))
    .limit(1000);
}

/** Every figure of the analytics from the histories: pure, so the unit tests hand it made-up histories. */
export function computeAnalytics(
  histories: readonly FindingHistory[],
  versions: readonly ModelVersionRecord[],
  filters: AnalyticsFilters,
  now: Date,
) {
  return computeAnalyticsOver(histories, versions, lastMonths(now, periodMonths(filters.period)), now);
}

/**
 * The same figures over given months (the screen's last months, or a quarter's three for the board
 * summary), read as at `now`: open, aging and SLA breaches at that moment.
 */
export function computeAnalyticsOver(
  histories: readonly FindingHistory[],
  versions: readonly ModelVersionRecord[],
  months: readonly string[],
  now: Date,
) {
  const from = new Date(`${months[0]}-01T00:00:00.000Z`);
  const to = monthEnd(months[months.length - 1]!);
  const inPeriod = histories.filter((h) => h.publishedAt >= from && h.publishedAt < to);
  return {
    months: [...months],
    remediation: {
      overall: remediationOverall(histories, from, to),
      bySeverity: remediationBySeverity(histories, from, to),
      byMonth: remediationByMonth(histories, months, from, to),
    },
    sla: slaBySeverity(inPeriod, now),
    flow: flowByMonth(histories, months),
    aging: agingBuckets(histories, now),
    ai: {
      timeToVerifiedFixed: aiTimeToVerifiedFixed(histories, from, to),
      findings: histories.filter((h) => h.ai).length,
      changes: versionChanges(versions, histories),
    },
  };
}

export type AnalyticsFigures = ReturnType<typeof computeAnalyticsOver>;
export type Analytics = AnalyticsFigures & {
  /** The filters the figures used: the asked ones, less any choice the caller does not have. */
  filters: AnalyticsFilters;
  engagements: EngagementOption[];
  companies: { id: string; company: string }[];
};

/**
 * Only a choice the caller has counts: an engagement (or, for the firm, a company) that is not one
 * of its options is ignored, like any value that is not a choice, so the figures, the pickers and
 * the export links never carry another company's id.
 */
function ownChoices(filters: AnalyticsFilters, engagements: EngagementOption[], companies: { id: string }[] | null): AnalyticsFilters {
  return {
    ...filters,
    engagement: engagements.some((e) => e.id === filters.engagement) ? filters.engagement : undefined,
    client: companies && companies.some((c) => c.id === filters.client) ? filters.client : undefined,
  };
}

/** The signed-in company's analytics (a viewing admin's too): only its own published findings. */
export async function loadClientAnalytics(
  db: DbOrTx,
  { actor, filters: asked, now = new Date() }: { actor: ClientActor; filters: AnalyticsFilters; now?: Date },
): Promise<Analytics> {
  assertClient(actor);
  // Its figures are the findings': withheld from this member with them (docs/PRODUCT.md#portal-team).
  assertFindingsVisible(actor);
  const engagements = await readEngagementOptions(db, actor.clientId);
  // A company reads its own findings only: a client filter from the address is ignored.
  const filters = ownChoices(asked, engagements, null);
  const [histories, versions] = await Promise.all([
    readHistories(db, actor.clientId, filters),
    readModelVersions(db, actor.clientId, filters),
  ]);
  // A viewing admin's look is in the company's access log (docs/PRODUCT.md#portal-access-log).
  await recordFirmAccess(db, { actor, action: "analytics.view", clientIds: [actor.clientId], entityType: "client" });
  return { ...computeAnalytics(histories, versions, filters, now), filters, engagements, companies: [] };
}

/** The firm's analytics across every company, or one company (the client filter). */
export async function loadAdminAnalytics(
  db: DbOrTx,
  { actor, filters: asked, now = new Date() }: { actor: AdminActor; filters: AnalyticsFilters; now?: Date },
): Promise<Analytics> {
  assertAdmin(actor);
  // The companies with published findings, for the client filter.
  const findings = findingFacts(db);
  const companies = await db
    .select({ id: findings.clientId, company: companyNameSql(findings.clientId) })
    .from(findings)
    .where(isNotNull(findings.publishedAt))
    .groupBy(findings.clientId)
    .orderBy(asc(companyNameSql(findings.clientId)))
    .limit(1000);
  const client = companies.some((c) => c.id === asked.client) ? asked.client : undefined;
  const engagements = await readEngagementOptions(db, client ?? null);
  const filters = ownChoices({ ...asked, client }, engagements, companies);
  const { figures, clientIds } = await firmFigures(db, filters, now);
  // Each company whose findings the figures count: a look in its access log (docs/PRODUCT.md#portal-access-log).
  await recordFirmAccess(db, { actor, action: "analytics.view", clientIds, entityType: "client" });
  return { ...figures, filters, engagements, companies };
}

/** The firm's figures for these filters: as kept while their data is unchanged, else computed and kept (firm-snapshots.ts). */
async function firmFigures(db: DbOrTx, filters: AnalyticsFilters, now: Date) {
  const key = snapshotKey(filters, now);
  const { stamp, kept } = await readFirmSnapshot(db, key);
  if (kept) return kept;
  const [histories, versions] = await Promise.all([readHistories(db, null, filters), readModelVersions(db, null, filters)]);
  const computed = {
    figures: computeAnalytics(histories, versions, filters, now),
    clientIds: [...new Set(histories.map((h) => h.clientId))],
  };
  await keepFirmSnapshot(db, { key, stamp, ...computed });
  return computed;
}
