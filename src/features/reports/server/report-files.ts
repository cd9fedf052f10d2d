import "server-only";
import type { SQL } from "drizzle-orm";
import { storedKeysIn } from "@/server/core/storage/stored-keys";
import { and, eq } from "drizzle-orm";
import { uuidSchema } from "@/lib/validation/common";
import { type DbOrTx, getDb } from "@/server/core/db/client";
import { holderStanding } from "@/features/clients/server";
import { reportDownloads, reports } from "./schema";
import { AppError } from "@/server/core/errors";
import { DOWNLOAD_LINK_INVALID } from "@/server/core/storage/signed-url";
import { getStorage } from "@/server/core/storage/storage";
import { admitLinkFetch } from "@/features/audit/server";
import { REPORT_WITHDRAWN } from "./columns";
import { reportFileName } from "./report-downloads";
import { verifyReportLink } from "./report-link";
import { stampPdf } from "./stamp";

/**
 * The stamped copy behind a signed report link: the recorded download names the recipient and the
 * time; the report is checked again now, so a revoked or replaced report is refused even on a link
 * handed out before, and so is its person (removed from the company or deactivated since: refused
 * like an expired link). Each fetch by the firm is one entry in the company's access log
 * (docs/PRODUCT.md#portal-access-log). No actor: the signature is the permission (only the
 * recorded recipient got it).
 */
export async function getStampedReport(downloadId: string, link: { expires: string | null; sig: string | null; view?: string | null }) {
  if (!uuidSchema.safeParse(downloadId).success || !verifyReportLink(downloadId, link))
    throw new AppError("forbidden", DOWNLOAD_LINK_INVALID);
  const db = getDb();
  const [row] = await db
    .select({
      reportId: reports.id,
      userId: reportDownloads.userId,
      clientId: reports.clientId,
      standing: holderStanding(reportDownloads.userId, reports.clientId),
      title: reports.title,
      version: reports.version,
      storageKey: reports.storageKey,
      revokedAt: reports.revokedAt,
      supersededAt: reports.supersededAt,
      personName: reportDownloads.personName,
      personEmail: reportDownloads.personEmail,
      company: reportDownloads.company,
      downloadedAt: reportDownloads.downloadedAt,
    })
    .from(reportDownloads)
    .innerJoin(reports, eq(reports.id, reportDownloads.reportId))
    .where(eq(reportDownloads.id, downloadId))
    .limit(1);
  if (!row) throw new AppError("forbidden", DOWNLOAD_LINK_INVALID);
  if (row.revokedAt || row.supersededAt) throw new AppError("forbidden", REPORT_WITHDRAWN);
  // Its person removed or deactivated since (or gone): answered like an expired link.
  if (!row.userId) throw new AppError("forbidden", DOWNLOAD_LINK_INVALID);
  await admitLinkFetch(db, {
    standing: row.standing,
    holder: { userId: row.userId, viewingPortal: link.view === "1" },
    action: "report.download",
    clientId: row.clientId,
    entityType: "report",
    entityId: row.reportId,
    after: { name: `${row.title} (v${row.version})`, downloadId },
  });
  const original = await getStorage().get(row.storageKey);
  const bytes = await stampPdf(original, {
    name: row.personName,
    email: row.personEmail,
    company: row.company,
    at: row.downloadedAt,
    downloadId,
  });
  return { filename: reportFileName(row.title, row.version), bytes };
}

/**
 * A report's file as uploaded (never stamped), of one company only (another's answers null, like a
 * missing one), whatever its state: for a caller that stamps it itself (an evidence pack shared,
 * modules/evidence and modules/sharing) after checking the person acts for that company.
 */
export async function originalReportFile(db: DbOrTx, { clientId, reportId }: { clientId: string; reportId: string }) {
  const [row] = await db
    .select({ storageKey: reports.storageKey })
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.clientId, clientId)))
    .limit(1);
  return row ? getStorage().get(row.storageKey) : null;
}

/** A report keeps its stored object: the keys among `keys` it refers to, for the orphan sweep (operations). */
export const reportStoredKeys = (keys: SQL): SQL => storedKeysIn(reports.storageKey, keys);
