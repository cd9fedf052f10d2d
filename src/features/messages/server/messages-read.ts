import "server-only";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { MessageAuthorRole, ThreadStatus } from "@/lib/domain/thread-status";
import { MESSAGE_PAGE_SIZE, type ThreadListFilter } from "@/features/messages/validation";
import { type Actor, type AdminActor, assertAdmin, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { companyNameSql } from "@/features/clients/server";
import { messageAttachments, messageReads, messages, messageThreads } from "./schema";
import { projectFacts } from "@/features/projects/server";
import { AppError } from "@/server/core/errors";
import { recordFirmAccess } from "@/features/audit/server";
import { userRoleSql } from "@/features/identity/server";

export type ThreadSummary = {
  id: string;
  subject: string;
  status: ThreadStatus;
  clientId: string;
  company: string;
  projectId: string | null;
  projectName: string | null;
  createdAt: string;
  lastMessageAt: string;
  messageCount: number;
  unread: boolean;
};

export type MessageAttachment = { id: string; name: string; fileSize: number; mimeType: string };
export type ThreadMessage = {
  id: string;
  authorRole: MessageAuthorRole;
  authorName: string;
  /** Written by the viewer themselves. */
  own: boolean;
  body: string;
  createdAt: string;
  attachments: MessageAttachment[];
};
export type ThreadPage = {
  thread: ThreadSummary;
  messages: ThreadMessage[];
  /** Older messages exist before the first one shown. */
  hasOlder: boolean;
  /** When the other side last read the thread (null: never), for "Seen" on the viewer's messages. */
  otherSideReadAt: string | null;
  /** This read marked the thread read: the unread figures shown around it are out of date. */
  markedRead: boolean;
};

/** The newest threads a list shows; older ones are reached by filtering (by client, say). */
export const THREAD_LIST_LIMIT = 200;

const NOT_FOUND = () => new AppError("not_found", "Conversation not found");

/** True when the thread has a message by someone else that `userId` has not read. */
const unreadFor = (userId: string) => sql<boolean>`exists (
  select 1 from ${messages}
   where ${messages.threadId} = ${messageThreads.id}
     and ${messages.authorId} is distinct from ${userId}
     and ${messages.createdAt} > coalesce((select ${messageReads.lastReadAt} from ${messageReads}
        where ${messageReads.threadId} = ${messageThreads.id} and ${messageReads.userId} = ${userId}), '-infinity'::timestamptz))`;

// The engagement's name comes from a join, which also makes drizzle qualify every column of the
// threads in the sub-selects below (a one-table select leaves them bare).
type ProjectFacts = ReturnType<typeof projectFacts>;

function summaryColumns(userId: string, facts: ProjectFacts) {
  return {
    id: messageThreads.id,
    subject: messageThreads.subject,
    status: messageThreads.status,
    clientId: messageThreads.clientId,
    company: companyNameSql(messageThreads.clientId),
    projectId: messageThreads.projectId,
    projectName: facts.projectName,
    createdAt: messageThreads.createdAt,
    lastMessageAt: messageThreads.lastMessageAt,
    messageCount: sql<number>`(select count(*) from ${messages} where ${messages.threadId} = ${messageThreads.id})::int`,
    unread: unreadFor(userId),
  };
}

type SummaryRow = Omit<ThreadSummary, "createdAt" | "lastMessageAt"> & { createdAt: Date; lastMessageAt: Date };
const toSummary = (row: SummaryRow): ThreadSummary => ({
  ...row,
  messageCount: Number(row.messageCount),
  unread: Boolean(row.unread),
  createdAt: row.createdAt.toISOString(),
  lastMessageAt: row.lastMessageAt.toISOString(),
});

/** One query whatever the number of threads or messages (docs/PRODUCT.md#portal-messages). */
async function listThreads(db: DbOrTx, userId: string, where: SQL | undefined): Promise<ThreadSummary[]> {
  const facts = projectFacts(db);
  const rows = await db
    .select(summaryColumns(userId, facts))
    .from(messageThreads)
    .leftJoin(facts, eq(facts.projectId, messageThreads.projectId))
    .where(where)
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
    .limit(THREAD_LIST_LIMIT);
  return rows.map(toSummary);
}

/** The signed-in client's threads, latest activity first; with `projectId`, that project's only. */
export function listClientThreads(db: DbOrTx, { actor, projectId }: { actor: ClientActor; projectId?: string }) {
  assertClient(actor);
  const ofClient = eq(messageThreads.clientId, actor.clientId);
  return listThreads(db, actor.userId, projectId ? and(ofClient, eq(messageThreads.projectId, projectId)) : ofClient);
}

/** Every client's threads for the team, narrowed by client, status and "unread by me". */
export function listAdminThreads(db: DbOrTx, { actor, filter }: { actor: AdminActor; filter: Omit<ThreadListFilter, "thread"> }) {
  assertAdmin(actor);
  const conditions = [
    filter.client ? eq(messageThreads.clientId, filter.client) : undefined,
    filter.status ? eq(messageThreads.status, filter.status) : undefined,
    filter.unread ? unreadFor(actor.userId) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return listThreads(db, actor.userId, conditions.length ? and(...conditions) : undefined);
}

/** The threads with something this admin has not read, as a scalar subquery: the sidebar's figure. */
export const adminUnreadThreadsCount = (actor: AdminActor) =>
  sql<number>`(select count(*) from ${messageThreads} where ${unreadFor(actor.userId)})`.mapWith(Number);

/** The threads with something this admin has not read: the sidebar's figure. */
export async function countAdminUnreadThreads(db: DbOrTx, { actor }: { actor: AdminActor }): Promise<number> {
  assertAdmin(actor);
  const [row] = await db.select({ count: adminUnreadThreadsCount(actor) }).from(sql`(select 1) as one`);
  return row?.count ?? 0;
}

/** The client user's unread messages in all their threads: the overview's Messages figure. */
export const unreadMessagesOf = (actor: ClientActor) => sql<number>`(
  select count(*) from ${messages}
    join ${messageThreads} on ${messageThreads.id} = ${messages.threadId}
    left join ${messageReads} on ${messageReads.threadId} = ${messageThreads.id} and ${messageReads.userId} = ${actor.userId}
   where ${messageThreads.clientId} = ${actor.clientId}
     and ${messages.authorId} is distinct from ${actor.userId}
     and ${messages.createdAt} > coalesce(${messageReads.lastReadAt}, '-infinity'::timestamptz))::int`;

/**
 * The thread's scope for an actor: a client sees only its own client's threads; another client's
 * thread answers exactly like a missing one.
 */
export function threadScope(actor: Actor, threadId: string): SQL {
  return actor.role === "client"
    ? and(eq(messageThreads.id, threadId), eq(messageThreads.clientId, actor.clientId))!
    : eq(messageThreads.id, threadId);
}

/**
 * One page of a thread (the newest, or the one before `before`), oldest first, with attachments
 * and the other side's read time. Four queries whatever the thread's length. Opening the newest
 * page marks the thread read for the viewer.
 */
export async function getThreadPage(
  db: DbOrTx,
  { actor, threadId, before }: { actor: Actor; threadId: string; before?: string },
): Promise<ThreadPage> {
  if (actor.role === "client") assertClient(actor);
  else assertAdmin(actor);
  const readerRole = userRoleSql(messageReads.userId);
  const otherSide = actor.role === "client" ? sql`${readerRole} = 'admin'` : sql`${readerRole} <> 'admin'`;
  const facts = projectFacts(db);
  const [head] = await db
    .select({
      ...summaryColumns(actor.userId, facts),
      otherSideReadAt: sql<string | null>`(select max(${messageReads.lastReadAt}) from ${messageReads}
        where ${messageReads.threadId} = ${messageThreads.id} and ${otherSide})`,
    })
    .from(messageThreads)
    .leftJoin(facts, eq(facts.projectId, messageThreads.projectId))
    .where(threadScope(actor, threadId))
    .limit(1);
  if (!head) throw NOT_FOUND();
  // The firm reading a company's conversation (in the admin area, or viewing the portal) is a look in
  // its access log, each page read one insert (docs/PRODUCT.md#portal-access-log); a client's own read is not.
  await recordFirmAccess(db, {
    actor,
    action: "message_thread.read",
    clientIds: [head.clientId],
    entityType: "message_thread",
    entityId: head.id,
    after: { name: head.subject },
  });

  const cursor = before
    ? sql`(${messages.createdAt}, ${messages.id}) < (select m2.created_at, m2.id from ${messages} m2 where m2.id = ${before} and m2.thread_id = ${threadId})`
    : undefined;
  const rows = await db
    .select({
      id: messages.id,
      authorId: messages.authorId,
      authorRole: messages.authorRole,
      authorName: messages.authorName,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(cursor ? and(eq(messages.threadId, threadId), cursor) : eq(messages.threadId, threadId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGE_PAGE_SIZE + 1);
  const hasOlder = rows.length > MESSAGE_PAGE_SIZE;
  const page = rows.slice(0, MESSAGE_PAGE_SIZE).reverse();

  const files = page.length
    ? await db
        .select({
          id: messageAttachments.id,
          messageId: messageAttachments.messageId,
          name: messageAttachments.name,
          fileSize: messageAttachments.fileSize,
          mimeType: messageAttachments.mimeType,
        })
        .from(messageAttachments)
        .where(
          inArray(
            messageAttachments.messageId,
            page.map((m) => m.id),
          ),
        )
        .orderBy(messageAttachments.createdAt)
    : [];

  // An admin viewing the portal reads without marking anything read (the view writes nothing).
  const marksRead = !before && !(actor.role === "client" && actor.viewer);
  if (marksRead) await markThreadRead(db, { userId: actor.userId, threadId });

  const { otherSideReadAt, ...thread } = head;
  return {
    thread: toSummary({ ...thread, unread: before ? thread.unread : false }),
    hasOlder,
    otherSideReadAt: otherSideReadAt ? new Date(otherSideReadAt).toISOString() : null,
    markedRead: marksRead && thread.unread,
    messages: page.map((m) => ({
      id: m.id,
      authorRole: m.authorRole,
      authorName: m.authorName,
      own: m.authorId === actor.userId,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      attachments: files.filter((f) => f.messageId === m.id).map(({ messageId: _m, ...file }) => file),
    })),
  };
}

/** Marks everything in the thread up to its latest message as read by the user (never backwards). */
export async function markThreadRead(db: DbOrTx, { userId, threadId, at }: { userId: string; threadId: string; at?: Date }) {
  const readAt = at
    ? sql`${at.toISOString()}::timestamptz`
    : sql`(select ${messageThreads.lastMessageAt} from ${messageThreads} where ${messageThreads.id} = ${threadId})`;
  await db.execute(sql`
    insert into ${messageReads} (thread_id, user_id, last_read_at) values (${threadId}, ${userId}, ${readAt})
    on conflict (thread_id, user_id) do update set last_read_at = greatest(${messageReads.lastReadAt}, excluded.last_read_at)`);
}

/** The signed-in client user's unread messages: the portal sidebar's Messages figure. */
export async function countClientUnreadMessages(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<number> {
  assertClient(actor);
  // Aliased by hand (unreadMessagesOf is for a caller's select that joins, where drizzle qualifies the columns).
  const { rows } = (await db.execute(sql`select count(*)::int as count from messages m
      join message_threads t on t.id = m.thread_id
      left join message_reads r on r.thread_id = t.id and r.user_id = ${actor.userId}
     where t.client_id = ${actor.clientId} and m.author_id is distinct from ${actor.userId}
       and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)`)) as unknown as { rows: { count: number }[] };
  return Number(rows[0]?.count ?? 0);
}
