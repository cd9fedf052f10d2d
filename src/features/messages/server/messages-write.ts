import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { MessageAuthorRole, ThreadStatus } from "@/lib/domain/thread-status";
import { type Actor, type AdminActor, assertAdmin, assertClient, type ClientActor } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { findCompany } from "@/features/clients/server";
import { messageAttachments, messages, messageThreads } from "./schema";
import { findProject } from "@/features/projects/server";
import { AppError } from "@/server/core/errors";
import { enforceRateLimit, rateLimitRoom } from "@/server/core/rate-limit";
import { signedDownloadFor } from "@/server/core/storage/signed-url";
import type { StoredUpload } from "@/server/core/uploads/document-upload";
import { recordAudit } from "@/features/audit/server";
import { clientRecipients } from "@/features/notifications/server";
import { queueWebhookEvent } from "@/features/webhooks/server";
import { notifyNewMessage } from "./message-mail";
import { markThreadRead, threadScope } from "./messages-read";
import { adminUserIds } from "@/features/identity/server";

/** Per user, threads and replies together: a busy conversation fits, a script cannot flood the team. */
export const MESSAGE_RATE_LIMIT = { windowSeconds: 600, max: 20 };
export const MESSAGE_RATE_LIMITED = "You are sending messages too quickly. Please wait a few minutes and try again.";

const NOT_FOUND = () => new AppError("not_found", "Conversation not found");
const UNKNOWN_CLIENT = () => new AppError("bad_request", "Unknown client", { fieldErrors: { clientId: "Unknown client" } });

function assertActor(actor: Actor) {
  if (actor.role === "client") assertClient(actor);
  else assertAdmin(actor);
}

const quotaKey = (actor: Actor) => `messages:user:${actor.userId}`;

/** 429 when the sender has no message left in the window; spends nothing (checked before a file is stored). */
export async function assertMessageQuota(db: DbOrTx, actor: Actor) {
  assertActor(actor);
  if (!(await rateLimitRoom(db, quotaKey(actor), MESSAGE_RATE_LIMIT))) throw new AppError("rate_limited", MESSAGE_RATE_LIMITED);
}

/** Spends one of the sender's messages; called once the message is about to be written. */
export async function spendMessageQuota(db: DbOrTx, actor: Actor) {
  assertActor(actor);
  await enforceRateLimit(db, quotaKey(actor), MESSAGE_RATE_LIMIT, MESSAGE_RATE_LIMITED);
}

/** 404 unless the actor may see the thread; checked before an upload's file is stored. */
export async function assertThreadAccess(db: DbOrTx, { actor, threadId }: { actor: Actor; threadId: string }) {
  assertActor(actor);
  const [row] = await db.select({ id: messageThreads.id }).from(messageThreads).where(threadScope(actor, threadId)).limit(1);
  if (!row) throw NOT_FOUND();
}

/** 400 unless the client exists and the project (if any) is one of its own; checked before a file is stored. */
export async function assertNewThreadTarget(db: DbOrTx, { clientId, projectId }: { clientId: string; projectId: string | null }) {
  if (!(await findCompany(db, clientId))) throw UNKNOWN_CLIENT();
  await projectOf(db, clientId, projectId);
}

/** Who gets the "new message" mail: the company's people when the team wrote, else every other admin. */
async function recipientsOf(
  db: DbOrTx,
  { clientId, authorRole, authorId }: { clientId: string; authorRole: MessageAuthorRole; authorId: string },
) {
  const client = await findCompany(db, clientId);
  if (authorRole === "admin") return { userIds: (await clientRecipients(db, clientId))?.userIds ?? [], company: client?.company ?? "" };
  return { userIds: await adminUserIds(db, { except: authorId }), company: client?.company ?? "" };
}

/** Inserts a message (and its file), moves the thread's clock, marks it read by the author, queues the mail. */
async function insertMessage(
  tx: DbOrTx,
  {
    actor,
    thread,
    body,
    file,
  }: { actor: Actor; thread: { id: string; clientId: string; subject: string }; body: string; file: StoredUpload | null },
) {
  // The time is taken here, not from the column default: PostgreSQL keeps microseconds and a JS
  // Date only milliseconds, so a read mark copied from the returned value would fall just short of it.
  const [message] = await tx
    .insert(messages)
    .values({ threadId: thread.id, authorId: actor.userId, authorRole: actor.role, authorName: actor.name, body, createdAt: new Date() })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  if (file) {
    await tx
      .insert(messageAttachments)
      .values({ messageId: message!.id, name: file.name, storageKey: file.storageKey, fileSize: file.size, mimeType: file.mimeType });
  }
  await tx
    .update(messageThreads)
    .set({ lastMessageAt: sql`greatest(${messageThreads.lastMessageAt}, ${message!.createdAt.toISOString()}::timestamptz)` })
    .where(eq(messageThreads.id, thread.id));
  await markThreadRead(tx, { userId: actor.userId, threadId: thread.id, at: message!.createdAt });
  const { userIds, company } = await recipientsOf(tx, { clientId: thread.clientId, authorRole: actor.role, authorId: actor.userId });
  await notifyNewMessage(tx, userIds, { messageId: message!.id, thread, authorRole: actor.role, authorName: actor.name, body, company });
  // The company's systems hear of what the firm wrote (its own people's messages are theirs already):
  // the thread's subject, never the text.
  if (actor.role === "admin")
    await queueWebhookEvent(tx, {
      clientId: thread.clientId,
      type: "message.received",
      data: { threadId: thread.id, messageId: message!.id },
      chatText: `New message from the firm: ${thread.subject}`,
      portalPath: `/client-portal?section=messages&thread=${thread.id}`,
    });
  return message!.id;
}

async function projectOf(db: DbOrTx, clientId: string, projectId: string | null) {
  if (!projectId) return null;
  const row = await findProject(db, projectId, clientId);
  if (!row) throw new AppError("bad_request", "Unknown project", { fieldErrors: { projectId: "Unknown project" } });
  return row.id;
}

export type NewThread = { subject: string; body: string; projectId: string | null; file: StoredUpload | null };

/** A thread a client starts about one of its projects or in general. */
export async function createClientThread(
  db: Db,
  { actor, input }: { actor: ClientActor; input: NewThread },
): Promise<{ threadId: string }> {
  assertClient(actor);
  return db.transaction(async (tx) => {
    const projectId = await projectOf(tx, actor.clientId, input.projectId);
    const [thread] = await tx
      .insert(messageThreads)
      .values({ clientId: actor.clientId, projectId, subject: input.subject, createdBy: actor.userId })
      .returning({ id: messageThreads.id, clientId: messageThreads.clientId, subject: messageThreads.subject });
    await insertMessage(tx, { actor, thread: thread!, body: input.body, file: input.file });
    return { threadId: thread!.id };
  });
}

/** A thread the team starts with a client; audited. */
export async function createAdminThread(
  db: Db,
  { actor, clientId, input }: { actor: AdminActor; clientId: string; input: NewThread },
): Promise<{ threadId: string }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    if (!(await findCompany(tx, clientId))) throw UNKNOWN_CLIENT();
    const projectId = await projectOf(tx, clientId, input.projectId);
    const [thread] = await tx
      .insert(messageThreads)
      .values({ clientId, projectId, subject: input.subject, createdBy: actor.userId })
      .returning({ id: messageThreads.id, clientId: messageThreads.clientId, subject: messageThreads.subject });
    await insertMessage(tx, { actor, thread: thread!, body: input.body, file: input.file });
    await recordAudit(tx, {
      actor,
      action: "message_thread.create",
      entityType: "message_thread",
      entityId: thread!.id,
      after: { clientId, subject: input.subject },
    });
    return { threadId: thread!.id };
  });
}

/**
 * A reply in a thread the actor may see (else 404). A client's reply reopens a closed thread, as
 * a support inbox does; the team replies without changing its status.
 */
export async function postReply(
  db: Db,
  { actor, threadId, body, file }: { actor: Actor; threadId: string; body: string; file: StoredUpload | null },
) {
  assertActor(actor);
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .select({ id: messageThreads.id, clientId: messageThreads.clientId, subject: messageThreads.subject, status: messageThreads.status })
      .from(messageThreads)
      .where(threadScope(actor, threadId))
      .for("update")
      .limit(1);
    if (!thread) throw NOT_FOUND();
    if (actor.role === "client" && thread.status === "closed")
      await tx.update(messageThreads).set({ status: "open" }).where(eq(messageThreads.id, thread.id));
    const messageId = await insertMessage(tx, { actor, thread, body, file });
    return { messageId };
  });
}

/** Closes or reopens a thread (team only); audited. */
export async function setThreadStatus(db: Db, { actor, threadId, status }: { actor: AdminActor; threadId: string; status: ThreadStatus }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: messageThreads.status })
      .from(messageThreads)
      .where(eq(messageThreads.id, threadId))
      .for("update")
      .limit(1);
    if (!before) throw NOT_FOUND();
    await tx.update(messageThreads).set({ status }).where(eq(messageThreads.id, threadId));
    await recordAudit(tx, {
      actor,
      action: "message_thread.status",
      entityType: "message_thread",
      entityId: threadId,
      before,
      after: { status },
    });
    return { status };
  });
}

/** Download links live one minute, as for documents. */
export const ATTACHMENT_DOWNLOAD_TTL_SECONDS = 60;

/**
 * A short-lived signed link to an attachment of a thread the actor may see; another client's
 * attachment answers like a missing one.
 */
export async function getAttachmentDownload(db: DbOrTx, { actor, attachmentId }: { actor: Actor; attachmentId: string }) {
  assertActor(actor);
  const scope = actor.role === "client" ? eq(messageThreads.clientId, actor.clientId) : undefined;
  const [row] = await db
    .select({ id: messageAttachments.id, name: messageAttachments.name, clientId: messageThreads.clientId })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .where(scope ? and(eq(messageAttachments.id, attachmentId), scope) : eq(messageAttachments.id, attachmentId))
    .limit(1);
  if (!row) throw new AppError("not_found", "Attachment not found");
  // The link's fetches go through the documents module's getDocumentFile.
  return signedDownloadFor(actor, row, { ttlSeconds: ATTACHMENT_DOWNLOAD_TTL_SECONDS });
}
