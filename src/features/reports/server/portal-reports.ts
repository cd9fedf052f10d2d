import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { DownloadSide } from "@/lib/domain/document-category";
import { assertClient, assertReportsVisible, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { projectFacts } from "@/features/projects/server";
import { reportDownloads, reports } from "./schema";
import { isAvailable, ofClientEngagementOrCompany } from "./columns";

export type PortalReport = {
  id: string;
  title: string;
  version: number;
  /** The engagement's name; null for a report of the company alone (the quarterly remediation summary). */
  engagement: string | null;
  fileSize: number;
  publishedAt: string;
  /** Every download of this version, newest first: owners only (null for a member). */
  downloads: { id: string; personName: string; side: DownloadSide; downloadedAt: string }[] | null;
};

/** The company's reports that can be downloaded (the newest version of each, not revoked), newest first. */
export async function listPortalReports(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<PortalReport[]> {
  assertClient(actor);
  assertReportsVisible(actor);
  const facts = projectFacts(db);
  const rows = await db
    .select({
      id: reports.id,
      title: reports.title,
      version: reports.version,
      engagement: facts.projectName,
      fileSize: reports.fileSize,
      publishedAt: reports.publishedAt,
    })
    .from(reports)
    .leftJoin(facts, eq(facts.projectId, reports.projectId))
    .where(and(eq(reports.clientId, actor.clientId), ofClientEngagementOrCompany(actor.clientId), isAvailable))
    .orderBy(desc(reports.publishedAt), reports.title);
  const owner = actor.personRole === "owner";
  const downloads =
    owner && rows.length > 0
      ? await db
          .select({
            id: reportDownloads.id,
            reportId: reportDownloads.reportId,
            personName: reportDownloads.personName,
            side: reportDownloads.side,
            downloadedAt: reportDownloads.downloadedAt,
          })
          .from(reportDownloads)
          .where(
            inArray(
              reportDownloads.reportId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(desc(reportDownloads.downloadedAt), desc(reportDownloads.id))
      : [];
  return rows.map((row) => ({
    ...row,
    publishedAt: row.publishedAt.toISOString(),
    downloads: owner
      ? downloads
          .filter((download) => download.reportId === row.id)
          .map(({ id, personName, side, downloadedAt }) => ({ id, personName, side, downloadedAt: downloadedAt.toISOString() }))
      : null,
  }));
}
