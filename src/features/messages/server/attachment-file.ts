import "server-only";
import type { SQL } from "drizzle-orm";
import { storedKeysIn } from "@/server/core/storage/stored-keys";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { holderStanding } from "@/features/clients/server";
import { messageAttachments, messages, messageThreads } from "./schema";

/**
 * A message attachment's stored file and its company, with the standing of the person a signed link
 * was made for; null when no attachment has this id. Only the signed-link download (modules/documents)
 * asks, after verifying the link's signature.
 */
export async function findAttachmentFile(db: DbOrTx, attachmentId: string, holderUserId: string) {
  const [file] = await db
    .select({
      name: messageAttachments.name,
      mimeType: messageAttachments.mimeType,
      storageKey: messageAttachments.storageKey,
      clientId: messageThreads.clientId,
      standing: holderStanding(holderUserId, messageThreads.clientId),
    })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .where(eq(messageAttachments.id, attachmentId))
    .limit(1);
  return file ?? null;
}

/** A message attachment keeps its stored object: the keys among `keys` it refers to, for the orphan sweep (operations). */
export const attachmentStoredKeys = (keys: SQL): SQL => storedKeysIn(messageAttachments.storageKey, keys);
