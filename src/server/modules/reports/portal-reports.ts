import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { DownloadSide } from "@/lib/domain/document-category";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { projects, reportDownloads, reports } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import { recordFirmAccess } from "@/server/modules/audit";
import { isAvailable, REPORT_NOT_FOUND, REPORT_WITHDRAWN } from "./columns";
import { signReportLink } from "./report-link";

export type PortalReport = {
  id: string;
  title: string;
  version: number;
  engagement: string;
  fileSize: number;
  publishedAt: string;
  /** Every download of this version, newest first: owners only (null for a member). */
  downloads: { id: string; personName: string; side: DownloadSide; downloadedAt: string }[] | null;
};

/** The company's reports that can be downloaded (the newest version of each, not revoked), newest first. */
export async function listPortalReports(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<PortalReport[]> {
  assertClient(actor);
  const rows = await db
    .select({
      id: reports.id,
      title: reports.title,
      version: reports.version,
      engagement: projects.projectName,
      fileSize: reports.fileSize,
      publishedAt: reports.publishedAt,
    })
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .where(and(eq(reports.clientId, actor.clientId), isAvailable))
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

/** Where a download was asked from (the documents module's DownloadRequest). */
export type ReportDownloadRequest = { clientAddress: string; userAgent: string };

/**
 * Records one download of a report of the caller's company and answers with the link to its
 * stamped copy (docs/PRODUCT.md#portal-reports). The caller's route has already asked for a fresh
 * second factor. Another company's report answers like a missing one; a withdrawn one is refused.
 */
export async function requestReportDownload(
  db: DbOrTx,
  { actor, reportId, from }: { actor: ClientActor; reportId: string; from: ReportDownloadRequest },
): Promise<{ downloadUrl: string; filename: string; downloadId: string }> {
  assertClient(actor);
  const [report] = await db
    .select({
      id: reports.id,
      title: reports.title,
      version: reports.version,
      revokedAt: reports.revokedAt,
      supersededAt: reports.supersededAt,
    })
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.clientId, actor.clientId)))
    .limit(1);
  if (!report) throw new AppError("not_found", REPORT_NOT_FOUND);
  if (report.revokedAt || report.supersededAt) throw new AppError("forbidden", REPORT_WITHDRAWN);
  const person = actor.viewer
    ? { userId: actor.viewer.adminUserId, personName: actor.viewer.adminEmail, personEmail: actor.viewer.adminEmail, side: "firm" as const }
    : { userId: actor.userId, personName: actor.name || actor.email, personEmail: actor.email, side: "client" as const };
  const [download] = await db
    .insert(reportDownloads)
    .values({
      reportId: report.id,
      ...person,
      company: actor.company,
      clientAddress: from.clientAddress.slice(0, 100),
      userAgent: from.userAgent.slice(0, 500),
    })
    .returning({ id: reportDownloads.id });
  await recordFirmAccess(db, {
    actor,
    action: "report.download",
    clientIds: [actor.clientId],
    entityType: "report",
    entityId: report.id,
    after: { name: `${report.title} (v${report.version})`, downloadId: download!.id },
  });
  return { downloadUrl: signReportLink(download!.id), filename: reportFileName(report.title, report.version), downloadId: download!.id };
}

export const reportFileName = (title: string, version: number) =>
  `${title.replace(/[\\/:*?"<>|\r\n]+/g, " ").trim() || "report"} v${version}.pdf`;
