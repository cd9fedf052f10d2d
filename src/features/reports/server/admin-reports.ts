import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { lockProject } from "@/features/projects/server";
import { reportDownloads, reports } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { queueWebhookEvent } from "@/features/webhooks/server";
import { getStorage } from "@/server/core/storage/storage";
import { REPORT_NOT_FOUND, reportListColumns } from "./columns";
import { stampRefusal, UNSTAMPABLE_PDF } from "./stamp";

export type AdminReportRow = {
  id: string;
  title: string;
  version: number;
  fileSize: number;
  publishedAt: string;
  supersededAt: string | null;
  revokedAt: string | null;
  downloadCount: number;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Every version of every report of one engagement, newest first, with how often each was downloaded. */
export async function listProjectReports(
  db: DbOrTx,
  { actor, projectId }: { actor: AdminActor; projectId: string },
): Promise<AdminReportRow[]> {
  assertAdmin(actor);
  const downloads = db
    .select({ count: sql<number>`count(*)`.as("count") })
    .from(reportDownloads)
    .where(eq(reportDownloads.reportId, reports.id));
  const rows = await db
    .select({ ...reportListColumns, downloadCount: sql<number>`(${downloads})`.mapWith(Number) })
    .from(reports)
    .where(eq(reports.projectId, projectId))
    .orderBy(desc(reports.publishedAt), desc(reports.version));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    version: row.version,
    fileSize: row.fileSize,
    publishedAt: row.publishedAt.toISOString(),
    supersededAt: iso(row.supersededAt),
    revokedAt: iso(row.revokedAt),
    downloadCount: row.downloadCount,
  }));
}

export const NOT_A_PDF = "A report must be a PDF file.";
export const UNREADABLE_PDF = "This PDF cannot be read (it is damaged or password-protected). Export it again without a password.";

/**
 * Publishes an uploaded report (docs/PRODUCT.md#admin-reports): the file src/server/core/uploads has
 * checked and stored becomes the newest version of the engagement's report of that title, and the
 * version before it (if any) is superseded at once, its links included. One transaction with its
 * audit entry; the caller removes the stored file if this fails.
 */
export async function recordUploadedReport(
  db: Db,
  {
    actor,
    projectId,
    title,
    file,
  }: { actor: AdminActor; projectId: string; title: string; file: { storageKey: string; size: number; mimeType: string } },
) {
  assertAdmin(actor);
  if (file.mimeType !== "application/pdf") throw new AppError("bad_request", NOT_A_PDF, { fieldErrors: { file: NOT_A_PDF } });
  // Every download stamps the file: one that cannot be stamped is refused now, not at each download.
  const refusal = await stampRefusal(await getStorage().get(file.storageKey));
  if (refusal) {
    const message = refusal === "unreadable" ? UNREADABLE_PDF : UNSTAMPABLE_PDF(refusal.page);
    throw new AppError("bad_request", message, { fieldErrors: { file: message } });
  }
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project) throw new AppError("bad_request", "Engagement not found", { fieldErrors: { projectId: "Engagement not found" } });
    const [latest] = await tx
      .select({ id: reports.id, version: reports.version })
      .from(reports)
      .where(and(eq(reports.projectId, project.id), eq(reports.title, title)))
      .orderBy(desc(reports.version))
      .limit(1);
    const now = new Date();
    if (latest) {
      await tx
        .update(reports)
        .set({ supersededAt: now })
        .where(and(eq(reports.projectId, project.id), eq(reports.title, title), isNull(reports.supersededAt)));
    }
    const [report] = await tx
      .insert(reports)
      .values({
        clientId: project.clientId,
        projectId: project.id,
        title,
        version: (latest?.version ?? 0) + 1,
        storageKey: file.storageKey,
        fileSize: file.size,
        uploadedBy: actor.userId,
        publishedAt: now,
      })
      .returning({ id: reports.id, title: reports.title, version: reports.version, fileSize: reports.fileSize });
    await recordAudit(tx, {
      actor,
      action: "report.publish",
      entityType: "report",
      entityId: report!.id,
      clientId: project.clientId,
      before: latest ? { reportId: latest.id, version: latest.version } : null,
      after: { ...report, projectId: project.id, engagement: project.projectName, storageKey: file.storageKey },
    });
    await queueWebhookEvent(tx, {
      clientId: project.clientId,
      type: "report.published",
      data: { reportId: report!.id, projectId: project.id, version: report!.version },
      chatText: `New report: ${report!.title} (version ${report!.version}), ${project.projectName}`,
      portalPath: `/client-portal?section=projects&project=${project.id}`,
    });
    return report!;
  });
}

/** Revokes a report: from now on no download of it is served, links already handed out included. Audited. */
export async function revokeReport(db: Db, { actor, reportId }: { actor: AdminActor; reportId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [report] = await tx
      .update(reports)
      .set({ revokedAt: new Date() })
      .where(and(eq(reports.id, reportId), isNull(reports.revokedAt)))
      .returning({ id: reports.id, title: reports.title, version: reports.version, clientId: reports.clientId });
    if (!report) {
      const [exists] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId)).limit(1);
      if (!exists) throw new AppError("not_found", REPORT_NOT_FOUND);
      return { id: reportId, revoked: false };
    }
    await recordAudit(tx, {
      actor,
      action: "report.revoke",
      entityType: "report",
      entityId: report.id,
      clientId: report.clientId,
      before: { revokedAt: null },
      after: { title: report.title, version: report.version },
    });
    return { id: report.id, revoked: true };
  });
}
