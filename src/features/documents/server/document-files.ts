import "server-only";
import type { SQL } from "drizzle-orm";
import { storedKeysIn } from "@/server/core/storage/stored-keys";
import { eq } from "drizzle-orm";
import { uuidSchema } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { holderStanding } from "@/features/clients/server";
import { documents } from "./schema";
import { AppError } from "@/server/core/errors";
import type { LinkHolder } from "@/server/core/storage/signed-url";
import { getStorage } from "@/server/core/storage/storage";
import { admitLinkFetch } from "@/features/audit/server";
import { findAttachmentFile } from "@/features/messages/server";

/**
 * A document's (or a message attachment's) bytes by id, as a stream from disk or S3 with its
 * size: the route passes it on as it is read, so a 50 MB file never sits in memory. No actor: only
 * the signed-link route calls it, after verifying the signature an authorized caller obtained. The
 * person the link was made for is checked now (removed or deactivated since: refused like an expired
 * link), and every fetch by the firm is one entry in the company's access log
 * (docs/PRODUCT.md#portal-access-log).
 */
export async function getDocumentFile(db: DbOrTx, documentId: string, holder: Required<LinkHolder>) {
  if (!uuidSchema.safeParse(documentId).success) throw new AppError("not_found", "Document not found");
  // Ids are random UUIDs in both tables; the signature was made for exactly this id.
  const [document] = await db
    .select({
      name: documents.name,
      mimeType: documents.mimeType,
      storageKey: documents.storageKey,
      clientId: documents.clientId,
      standing: holderStanding(holder.userId, documents.clientId),
    })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  const doc = document
    ? { kind: "document" as const, ...document }
    : await findAttachmentFile(db, documentId, holder.userId).then((file) => file && { kind: "attachment" as const, ...file });
  if (!doc) throw new AppError("not_found", "Document not found");
  await admitLinkFetch(db, {
    standing: doc.standing,
    holder,
    action: doc.kind === "document" ? "document.download" : "attachment.download",
    clientId: doc.clientId,
    entityType: doc.kind === "document" ? "document" : "message_attachment",
    entityId: documentId,
    after: { name: doc.name },
  });
  const { size, body } = await getStorage().open(doc.storageKey);
  return { name: doc.name, mimeType: doc.mimeType, size, body };
}

/** A document keeps its stored object: the keys among `keys` it refers to, for the orphan sweep (operations). */
export const documentStoredKeys = (keys: SQL): SQL => storedKeysIn(documents.storageKey, keys);
