import "server-only";
import { and, desc, eq, sql, type SQLWrapper } from "drizzle-orm";
import type { DocumentCategory, DownloadSide } from "@/lib/domain/document-category";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { documents } from "./schema";
import { AppError } from "@/server/core/errors";
import { signedDownloadFor } from "@/server/core/storage/signed-url";
import { documentListColumns } from "./columns";
import { type DownloadRequest, listClientDocumentDownloads, recordDownload } from "./downloads";

/**
 * How many documents the client has (`clientId` a value or the caller's column), as a sub-select for
 * the caller's statement (the portal's Overview, the admin's client page). Wrapped in an outer sql``
 * so drizzle qualifies the columns whatever the caller's select.
 */
export const documentCountSql = (clientId: string | SQLWrapper) =>
  sql<number>`${sql`(select count(*) from ${documents} where ${documents.clientId} = ${clientId})::int`}`.mapWith(Number);

export type PortalDocument = {
  id: string;
  name: string;
  category: DocumentCategory;
  fileSize: number;
  mimeType: string;
  uploadedAt: string;
  /** Who of the company and of the firm downloaded it, newest first (the latest DOWNLOADS_SHOWN). */
  downloads: { personName: string; side: DownloadSide; downloadedAt: string }[];
};

/** The client's document library, newest upload first. No storage keys leave the server. */
export async function listPortalDocuments(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<PortalDocument[]> {
  assertClient(actor);
  const [rows, downloads] = await Promise.all([
    db
      .select(documentListColumns)
      .from(documents)
      .where(eq(documents.clientId, actor.clientId))
      .orderBy(desc(documents.uploadedAt), documents.name),
    listClientDocumentDownloads(db, actor.clientId),
  ]);
  const byDocument = new Map<string, typeof downloads>();
  for (const download of downloads) {
    const list = byDocument.get(download.documentId);
    if (list) list.push(download);
    else byDocument.set(download.documentId, [download]);
  }
  return rows.map((row) => ({
    ...row,
    uploadedAt: row.uploadedAt.toISOString(),
    downloads: (byDocument.get(row.id) ?? []).map(({ personName, side, downloadedAt }) => ({
      personName,
      side,
      downloadedAt: downloadedAt.toISOString(),
    })),
  }));
}

/** Download links live one minute: long enough for the browser to fetch the file right away. */
export const CLIENT_DOWNLOAD_TTL_SECONDS = 60;

/**
 * A short-lived signed link to one of the client's own documents, and the download recorded (the
 * caller, or the admin viewing the portal). Another client's document answers exactly like a
 * missing one (404), so ids cannot be probed.
 */
export async function getDocumentDownload(
  db: DbOrTx,
  { actor, documentId, from }: { actor: ClientActor; documentId: string; from: DownloadRequest },
): Promise<{ downloadUrl: string; filename: string }> {
  assertClient(actor);
  const [doc] = await db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.clientId, actor.clientId)))
    .limit(1);
  if (!doc) throw new AppError("not_found", "Document not found");
  await recordDownload(db, actor, doc.id, from);
  return signedDownloadFor(actor, doc, { ttlSeconds: CLIENT_DOWNLOAD_TTL_SECONDS });
}
