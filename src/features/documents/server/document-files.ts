import "server-only";
import { eq, sql } from "drizzle-orm";
import { uuidSchema } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { holderStanding } from "@/server/core/db/link-holder";
import { documents } from "./schema";
import { messageAttachments, messages, messageThreads } from "@/features/messages/server/schema";
import { AppError } from "@/server/core/errors";
import type { LinkHolder } from "@/server/core/storage/signed-url";
import { getStorage } from "@/server/core/storage/storage";
import { admitLinkFetch } from "@/features/audit/server";

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
  const [doc] = await db
    .select({
      kind: sql<"document" | "attachment">`'document'`,
      name: documents.name,
      mimeType: documents.mimeType,
      storageKey: documents.storageKey,
      clientId: documents.clientId,
      standing: holderStanding(holder.userId, documents.clientId),
    })
    .from(documents)
    .where(eq(documents.id, documentId))
    .unionAll(
      db
        .select({
          kind: sql<"document" | "attachment">`'attachment'`,
          name: messageAttachments.name,
          mimeType: messageAttachments.mimeType,
          storageKey: messageAttachments.storageKey,
          clientId: messageThreads.clientId,
          standing: holderStanding(holder.userId, messageThreads.clientId),
        })
        .from(messageAttachments)
        .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
        .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
        .where(eq(messageAttachments.id, documentId)),
    )
    .limit(1);
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
