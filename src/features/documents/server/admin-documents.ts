import "server-only";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DocumentCategory } from "@/lib/domain/document-category";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { ADMIN_PAGE_SIZE } from "@/lib/validation/admin-fields";
import { type DocumentListQuery } from "@/features/documents/validation";
import { asNumber, containsAny, matchingCount, type Paged, pageOffset, splitTotal } from "@/server/core/db/admin-sql";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { documentDownloads, documents } from "./schema";
import { AppError } from "@/server/core/errors";
import { signedDownloadFor } from "@/server/core/storage/signed-url";
import { getStorage } from "@/server/core/storage/storage";
import { recordAudit, recordFirmAccessAfterResponse } from "@/features/audit/server";
import { notifyDocumentShared } from "@/features/notifications/server";
import { documentListColumns } from "./columns";
import { type DownloadRequest, recordDownload } from "./downloads";
import { companyNameSql, findCompany } from "@/features/clients/server";

export type AdminDocumentRow = {
  id: string;
  name: string;
  category: DocumentCategory;
  fileSize: number;
  mimeType: string;
  uploadedAt: Date;
  clientId: string;
  company: string;
  downloadCount: number;
};

/**
 * Every document of every client, newest first, one page at a time (docs/PRODUCT.md#admin-documents):
 * search by name (the user's wildcards literal), one client, one category; with each document's
 * company and how often it was downloaded. With `recentCount`, also the newest documents of every
 * client, unfiltered (the page's Recent Uploads). One query per list, and one insert of a look in
 * the access log of each company the page shows, however many of its lists show it.
 */
export async function listAdminDocuments(
  db: Db,
  {
    actor,
    q = "",
    clientId = "",
    category = "all",
    page = 1,
    pageSize = ADMIN_PAGE_SIZE,
    recentCount = 0,
  }: { actor: AdminActor } & Partial<DocumentListQuery> & { pageSize?: number; recentCount?: number },
): Promise<Paged<AdminDocumentRow> & { recent: AdminDocumentRow[] }> {
  assertAdmin(actor);
  const where = and(
    containsAny(q, [documents.name]),
    clientId ? eq(documents.clientId, clientId) : undefined,
    category !== "all" ? eq(documents.category, category) : undefined,
  );
  const [rows, recent] = await Promise.all([
    selectDocuments(db, where, pageSize, pageOffset(page, pageSize)),
    recentCount > 0 ? selectDocuments(db, undefined, recentCount, 0) : [],
  ]);
  const shown = [...rows, ...recent];
  // Documents shown to the firm, filtered or not: a look in the access log of each company the page
  // shows (docs/PRODUCT.md#portal-access-log).
  if (shown.length > 0)
    await recordFirmAccessAfterResponse(db, {
      actor,
      action: "client.documents.view",
      clientIds: [...new Set(shown.map((row) => row.clientId))],
      entityType: "client",
      entityId: clientId || null,
    });
  return { ...splitTotal(rows), page, pageSize, recent: splitTotal(recent).rows };
}

function selectDocuments(db: DbOrTx, where: SQL | undefined, limit: number, offset: number) {
  const downloadCount = db
    .select({ count: sql<number>`count(*)`.as("count") })
    .from(documentDownloads)
    .where(eq(documentDownloads.documentId, documents.id));
  return db
    .select({
      ...documentListColumns,
      clientId: documents.clientId,
      company: companyNameSql(documents.clientId),
      downloadCount: asNumber(sql`(${downloadCount})`),
      total: matchingCount(),
    })
    .from(documents)
    .where(where)
    .orderBy(desc(documents.uploadedAt), desc(documents.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Records an upload that src/server/core/uploads has checked and stored: the row and its audit entry in
 * one transaction, for an existing client. The caller removes the stored file if this fails.
 */
export async function recordUploadedDocument(
  db: Db,
  {
    actor,
    clientId,
    category,
    file,
  }: {
    actor: AdminActor;
    clientId: string;
    category: DocumentCategory;
    file: { name: string; storageKey: string; size: number; mimeType: string };
  },
) {
  assertAdmin(actor);
  const client = await findCompany(db, clientId);
  if (!client) throw new AppError("bad_request", "Client not found", { fieldErrors: { clientId: "Client not found" } });
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .insert(documents)
      .values({
        clientId,
        name: file.name,
        category,
        storageKey: file.storageKey,
        fileSize: file.size,
        mimeType: file.mimeType,
        uploadedBy: actor.userId,
      })
      .returning({
        id: documents.id,
        clientId: documents.clientId,
        name: documents.name,
        category: documents.category,
        fileSize: documents.fileSize,
        mimeType: documents.mimeType,
        uploadedAt: documents.uploadedAt,
      });
    await recordAudit(tx, {
      actor,
      action: "document.upload",
      entityType: "document",
      entityId: doc!.id,
      before: null,
      after: { ...doc, storageKey: file.storageKey },
    });
    await notifyDocumentShared(tx, doc!);
    return doc!;
  });
}

/**
 * Deletes a document: the row and the audit entry in one transaction, then the stored file.
 * A file that cannot be removed is only an orphan (no row points at it), so that is logged.
 */
export async function deleteDocument(db: Db, { actor, documentId }: { actor: AdminActor; documentId: string }) {
  assertAdmin(actor);
  const removed = await db.transaction(async (tx) => {
    const [doc] = await tx.delete(documents).where(eq(documents.id, documentId)).returning({
      id: documents.id,
      clientId: documents.clientId,
      name: documents.name,
      category: documents.category,
      storageKey: documents.storageKey,
      fileSize: documents.fileSize,
      mimeType: documents.mimeType,
    });
    if (!doc) throw new AppError("not_found", "Document not found");
    await recordAudit(tx, { actor, action: "document.delete", entityType: "document", entityId: doc.id, before: doc, after: null });
    return doc;
  });
  await getStorage()
    .delete(removed.storageKey)
    .catch((error) => console.error(`[documents] file ${removed.storageKey} could not be removed:`, error));
  return { id: removed.id, name: removed.name };
}

/** A short-lived signed link that shows the document in the browser (the admin's View), the download recorded. */
export async function documentViewUrl(
  db: DbOrTx,
  { actor, documentId, from }: { actor: AdminActor; documentId: string; from: DownloadRequest },
) {
  assertAdmin(actor);
  const [doc] = await db
    .select({ id: documents.id, name: documents.name, clientId: documents.clientId })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  if (!doc) throw new AppError("not_found", "Document not found");
  await recordDownload(db, actor, doc.id, from);
  return signedDownloadFor(actor, doc, { disposition: "inline", ttlSeconds: 120 }).downloadUrl;
}

/** A company's latest documents for the firm (its client page): a few, newest first. */
export async function listClientDocumentsForAdmin(
  db: DbOrTx,
  { actor, clientId, limit = 5 }: { actor: AdminActor; clientId: string; limit?: number },
) {
  assertAdmin(actor);
  return db
    .select(documentListColumns)
    .from(documents)
    .where(eq(documents.clientId, clientId))
    .orderBy(desc(documents.uploadedAt), desc(documents.id))
    .limit(limit);
}
