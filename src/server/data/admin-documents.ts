import "server-only";
import { desc, eq } from "drizzle-orm";
import type { DocumentCategory } from "@/lib/domain/document-category";
import { MAX_UPLOAD_BYTES, uploadExtensionOf } from "@/lib/validation/admin";
import { recordAudit } from "../audit";
import { type AdminActor, assertAdmin } from "../auth/session";
import type { Db, DbOrTx } from "../db/client";
import { clients, documents } from "../db/schema";
import { AppError } from "../errors";
import { signDownloadUrl } from "../storage/signed-url";
import { getStorage, newStorageKey } from "../storage/storage";
import { tooLarge } from "./admin-upload-body";
import { cleanDisplayName, contentMatchesExtension, mimeTypeOf } from "./admin-upload-content";

/** The latest uploads across all clients, with the client's company (docs/PRODUCT.md#admin-documents). */
export async function listRecentDocuments(db: DbOrTx, { actor, limit = 10 }: { actor: AdminActor; limit?: number }) {
  assertAdmin(actor);
  return db
    .select({
      id: documents.id,
      name: documents.name,
      category: documents.category,
      fileSize: documents.fileSize,
      mimeType: documents.mimeType,
      uploadedAt: documents.uploadedAt,
      clientId: documents.clientId,
      company: clients.company,
    })
    .from(documents)
    .innerJoin(clients, eq(clients.id, documents.clientId))
    .orderBy(desc(documents.uploadedAt), desc(documents.id))
    .limit(limit);
}

export const UNSUPPORTED_TYPE = "Unsupported file type. Allowed: PDF, DOC, DOCX, XLS, XLSX, PNG, JPG, JPEG.";

/**
 * Checks an uploaded file and stores it: a clean name, an accepted extension, at most 50 MB, bytes
 * that match the extension, an existing client. The file goes to storage under a generated key
 * first, then the row and its audit entry are written in one transaction; if that fails the file
 * is removed again, so a refusal or a failure never leaves a file behind.
 */
export async function storeUploadedDocument(
  db: Db,
  { actor, clientId, category, file }: { actor: AdminActor; clientId: string; category: DocumentCategory; file: File },
) {
  assertAdmin(actor);
  const name = cleanDisplayName(file.name);
  if (!name) throw new AppError("bad_request", "Invalid file name. Rename the file and try again.");
  const ext = uploadExtensionOf(name);
  if (!ext) throw new AppError("bad_request", UNSUPPORTED_TYPE);
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge(MAX_UPLOAD_BYTES);
  if (file.size === 0) throw new AppError("bad_request", "The file is empty.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!contentMatchesExtension(bytes, ext)) {
    throw new AppError("bad_request", `The file's content is not a valid ${ext.toUpperCase()} file.`);
  }
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!client) throw new AppError("bad_request", "Client not found", { fieldErrors: { clientId: "Client not found" } });

  const storage = getStorage();
  const storageKey = newStorageKey(ext);
  await storage.put(storageKey, bytes);
  try {
    return await db.transaction(async (tx) => {
      const [doc] = await tx
        .insert(documents)
        .values({ clientId, name, category, storageKey, fileSize: bytes.byteLength, mimeType: mimeTypeOf(ext), uploadedBy: actor.userId })
        .returning({
          id: documents.id,
          clientId: documents.clientId,
          name: documents.name,
          category: documents.category,
          fileSize: documents.fileSize,
          mimeType: documents.mimeType,
          uploadedAt: documents.uploadedAt,
        });
      await recordAudit(tx, { actor, action: "document.upload", entityType: "document", entityId: doc!.id, before: null, after: { ...doc, storageKey } });
      return doc!;
    });
  } catch (error) {
    await storage.delete(storageKey).catch((e) => console.error("[documents] could not remove an orphaned upload:", e));
    throw error;
  }
}

/**
 * Deletes a document: the row and the audit entry in one transaction, then the stored file.
 * A file that cannot be removed is only an orphan (no row points at it), so that is logged.
 */
export async function deleteDocument(db: Db, { actor, documentId }: { actor: AdminActor; documentId: string }) {
  assertAdmin(actor);
  const removed = await db.transaction(async (tx) => {
    const [doc] = await tx
      .delete(documents)
      .where(eq(documents.id, documentId))
      .returning({
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

/** A short-lived signed link that shows the document in the browser (the admin's View). */
export async function documentViewUrl(db: DbOrTx, { actor, documentId }: { actor: AdminActor; documentId: string }) {
  assertAdmin(actor);
  const [doc] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).limit(1);
  if (!doc) throw new AppError("not_found", "Document not found");
  return signDownloadUrl(doc.id, { disposition: "inline", ttlSeconds: 120 }).url;
}
