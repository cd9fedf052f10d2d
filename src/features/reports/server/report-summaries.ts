import "server-only";
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { type AdminActor, assertAdmin, assertClient, assertReportsVisible, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { projectFacts, inClientProject } from "@/features/projects/server";
import { reportDownloads, reports } from "./schema";
import { isAvailable, ofClientEngagementOrCompany } from "./columns";

// Reports as other screens list them: the firm's client page (a company's latest reports), the
// portal's project view (an engagement's reports) and the Overview (reports still to download).
// Downloading stays in the report vault, which asks for the fresh second factor.

export type ReportSummary = { id: string; title: string; version: number; projectId: string; projectName: string; publishedAt: string };

// Each read joins the engagement (a company's own report, under none, is not listed here): its id is the report's project.
const summaryColumns = (facts: ReturnType<typeof projectFacts>) => ({
  id: reports.id,
  title: reports.title,
  version: reports.version,
  projectId: facts.projectId,
  projectName: facts.projectName,
  publishedAt: reports.publishedAt,
});

const toSummary = ({ publishedAt, ...row }: Omit<ReportSummary, "publishedAt"> & { publishedAt: Date }): ReportSummary => ({
  ...row,
  publishedAt: publishedAt.toISOString(),
});

/** A company's downloadable reports, newest first, for the firm (its client page). */
export async function listClientReportsForAdmin(
  db: DbOrTx,
  { actor, clientId, limit = 5 }: { actor: AdminActor; clientId: string; limit?: number },
): Promise<ReportSummary[]> {
  assertAdmin(actor);
  const facts = projectFacts(db);
  const rows = await db
    .select(summaryColumns(facts))
    .from(reports)
    .innerJoin(facts, eq(facts.projectId, reports.projectId))
    .where(and(eq(reports.clientId, clientId), isAvailable))
    .orderBy(desc(reports.publishedAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** One engagement's downloadable reports for the signed-in client (only its own company's). */
export async function listPortalProjectReports(
  db: DbOrTx,
  { actor, projectId }: { actor: ClientActor; projectId: string },
): Promise<ReportSummary[]> {
  assertClient(actor);
  const facts = projectFacts(db);
  const rows = await db
    .select(summaryColumns(facts))
    .from(reports)
    .innerJoin(facts, eq(facts.projectId, reports.projectId))
    .where(
      and(
        eq(reports.clientId, actor.clientId),
        inClientProject(reports.projectId, actor.clientId),
        eq(reports.projectId, projectId),
        isAvailable,
      ),
    )
    .orderBy(desc(reports.publishedAt));
  return rows.map(toSummary);
}

/** The company's downloadable reports this person has not downloaded yet, as a scalar subquery (the Overview's statement). */
export const reportsToDownloadOf = (actor: ClientActor) =>
  sql<number>`(select count(*) from ${reports} where ${reports.clientId} = ${actor.clientId} and ${ofClientEngagementOrCompany(actor.clientId)} and ${isNull(reports.supersededAt)}
    and ${isNull(reports.revokedAt)} and not exists (select 1 from ${reportDownloads}
      where ${reportDownloads.reportId} = ${reports.id} and ${reportDownloads.userId} = ${actor.userId}))::int`.mapWith(Number);

/** A report as the company API lists it: what it is, never its file (a download needs a person). */
export type ApiReport = {
  id: string;
  title: string;
  version: number;
  projectId: string;
  projectName: string;
  fileSize: number;
  publishedAt: string;
};

/** The company's available reports by id, a page at a time (GET /api/v1/reports). */
export async function pageClientReports(
  db: DbOrTx,
  { actor, after, limit }: { actor: ClientActor; after: string | null; limit: number },
): Promise<{ items: ApiReport[]; next: string | null }> {
  assertClient(actor);
  assertReportsVisible(actor);
  const facts = projectFacts(db);
  const rows = await db
    .select({
      id: reports.id,
      title: reports.title,
      version: reports.version,
      projectId: facts.projectId,
      projectName: facts.projectName,
      fileSize: reports.fileSize,
      publishedAt: reports.publishedAt,
    })
    .from(reports)
    .innerJoin(facts, eq(facts.projectId, reports.projectId))
    .where(
      and(
        eq(reports.clientId, actor.clientId),
        inClientProject(reports.projectId, actor.clientId),
        isAvailable,
        after ? gt(reports.id, after) : undefined,
      ),
    )
    .orderBy(asc(reports.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }));
  return { items: page, next: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}
