import "server-only";
import { eq } from "drizzle-orm";
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/db/client";
import { documents, messageAttachments } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import { getStorage } from "@/server/core/storage/storage";

/**
 * A document's (or a message attachment's) bytes by id, as a stream from disk or S3 with its
 * size: the route passes it on as it is read, so a 50 MB file never sits in memory. No actor: only the signed-link route calls
 * it, after verifying the signature that an authorized caller (client owner or admin) obtained.
 */
export async function getDocumentFile(documentId: string) {
  if (!uuidSchema.safeParse(documentId).success) throw new AppError("not_found", "Document not found");
  const db = getDb();
  // Ids are random UUIDs in both tables; the signature was made for exactly this id.
  const [doc] = await db
    .select({ name: documents.name, mimeType: documents.mimeType, storageKey: documents.storageKey })
    .from(documents)
    .where(eq(documents.id, documentId))
    .unionAll(
      db
        .select({ name: messageAttachments.name, mimeType: messageAttachments.mimeType, storageKey: messageAttachments.storageKey })
        .from(messageAttachments)
        .where(eq(messageAttachments.id, documentId)),
    )
    .limit(1);
  if (!doc) throw new AppError("not_found", "Document not found");
  const { size, body } = await getStorage().open(doc.storageKey);
  return { name: doc.name, mimeType: doc.mimeType, size, body };
}
