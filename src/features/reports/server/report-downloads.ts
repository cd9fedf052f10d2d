import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import { type AdminActor, assertAdmin, assertClient, assertReportsVisible, type ClientActor, recordedPersonOf } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { companyNameSql } from "@/features/clients/server";
import { reportDownloads, reports } from "./schema";
import { AppError } from "@/server/core/errors";
import { ofClientEngagementOrCompany, REPORT_NOT_FOUND, REPORT_WITHDRAWN } from "./columns";
import { signReportLink } from "./report-link";

/** Where a download was asked from (the documents module's DownloadRequest). */
export type ReportDownloadRequest = { clientAddress: string; userAgent: string };
type ReportDownload = { downloadUrl: string; filename: string; downloadId: string };

/**
 * Records one download of a report of the caller's company and answers with the link to its
 * stamped copy (docs/PRODUCT.md#portal-reports). The caller's route has already asked for a fresh
 * second factor. Another company's report answers like a missing one; a withdrawn one is refused.
 * A viewing admin's download is the firm's, stamped with the admin's e-mail.
 */
export async function requestReportDownload(
  db: DbOrTx,
  { actor, reportId, from }: { actor: ClientActor; reportId: string; from: ReportDownloadRequest },
): Promise<ReportDownload> {
  assertClient(actor);
  assertReportsVisible(actor);
  return recordDownload(db, {
    actor,
    from,
    where: and(eq(reports.id, reportId), eq(reports.clientId, actor.clientId), ofClientEngagementOrCompany(actor.clientId))!,
  });
}

/**
 * An admin's download of any company's report from the engagement's report vault
 * (docs/PRODUCT.md#admin-reports): the firm's, stamped for the admin, recorded like a viewing
 * admin's, in the company's access log. The route has already asked for a fresh second factor.
 */
export async function requestAdminReportDownload(
  db: DbOrTx,
  { actor, reportId, from }: { actor: AdminActor; reportId: string; from: ReportDownloadRequest },
): Promise<ReportDownload> {
  assertAdmin(actor);
  return recordDownload(db, { actor, from, where: eq(reports.id, reportId) });
}

/** The download row (its id is the download id stamped on the copy) and the signed link to its copy. */
async function recordDownload(
  db: DbOrTx,
  {
    actor,
    from,
    where,
  }: {
    actor: AdminActor | ClientActor;
    from: ReportDownloadRequest;
    where: SQL;
  },
): Promise<ReportDownload> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({
        id: reports.id,
        title: reports.title,
        version: reports.version,
        clientId: reports.clientId,
        company: companyNameSql(reports.clientId),
        revokedAt: reports.revokedAt,
        supersededAt: reports.supersededAt,
      })
      .from(reports)
      .where(where)
      .limit(1);
    if (!report) throw new AppError("not_found", REPORT_NOT_FOUND);
    if (report.revokedAt || report.supersededAt) throw new AppError("forbidden", REPORT_WITHDRAWN);
    const [download] = await tx
      .insert(reportDownloads)
      .values({
        reportId: report.id,
        ...recordedPersonOf(actor),
        company: report.company,
        clientAddress: from.clientAddress.slice(0, 100),
        userAgent: from.userAgent.slice(0, 500),
      })
      .returning({ id: reportDownloads.id });
    // The firm's access-log entry is written at each fetch of the copy (getStampedReport), not here.
    const viewingPortal = actor.role === "client" && Boolean(actor.viewer);
    return {
      downloadUrl: signReportLink(download!.id, { viewingPortal }),
      filename: reportFileName(report.title, report.version),
      downloadId: download!.id,
    };
  });
}

export const reportFileName = (title: string, version: number) =>
  `${title.replace(/[\\/:*?"<>|\r\n]+/g, " ").trim() || "report"} v${version}.pdf`;
