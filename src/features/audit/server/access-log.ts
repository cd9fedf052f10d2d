import "server-only";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { type AdminActor, assertAdmin, assertClient, assertClientOwner, type ClientActor } from "@/server/core/actor";
import { matchingCount, type Paged, pageOffset, splitTotal } from "@/server/core/db/admin-sql";
import type { DbOrTx } from "@/server/core/db/client";
import { keysetPages } from "@/server/core/db/export-pages";
import { auditLog } from "./schema";
import { type AuditUsers, auditPorts } from "./ports";
import { ACCESS_LOG_KINDS, type AccessLogKind } from "@/lib/domain/access-log";
import { chainColumns, type ChainEntry, hashedText } from "./chain";
import { FIRM_ACCESS_ACTIONS } from "./firm-access";

/** One access by the firm to the company's data, as its owners read it (docs/PRODUCT.md#portal-access-log). */
export type AccessLogEntry = {
  id: number;
  action: string;
  /** The admin: their name (else e-mail) as stored when the entry was written, else "A former team member". */
  who: string;
  /** The admin's e-mail as stored when the entry was written ("" when unknown). */
  whoEmail: string;
  /**
   * What was reached: a document's, report's, finding's or conversation's name, an engagement's,
   * an export's kind; for the start of a view, when it expired ("Expired at …") or may last ("Open
   * until …") unless it was stopped (then ""); "" for other looks.
   */
  item: string;
  /** True when the admin did it while viewing the portal. */
  viewingPortal: boolean;
  at: string;
};

export const ACCESS_LOG_PAGE_SIZE = 20;

/**
 * A view of the portal is one entry when it starts, and a second when the admin stops it. A view
 * never stopped ends when its cookie expires: its start entry then says so, with the time ("Expired
 * at 2026-11-25 21:05 UTC"), and "Open until …" while it may still be in use. Read with the page's
 * rows (a subquery per start entry shown), so no task has to write the expiry.
 */
// The start entry's columns named with their table: inside the subquery a bare name would be its own row's.
const viewExpires = sql`("audit_log"."after"->>'expiresAt')::timestamptz`;
const viewEnd = sql<string>`case
  when exists (select 1 from audit_log e where e.action = 'client.view_as.end' and e.client_id = "audit_log"."client_id"
    and e.actor_user_id = "audit_log"."actor_user_id" and e.id > "audit_log"."id" and e.created_at <= ${viewExpires}) then ''
  when ${viewExpires} is null then ''
  when ${viewExpires} <= now() then 'Expired at ' || to_char(${viewExpires} at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC'
  else 'Open until ' || to_char(${viewExpires} at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC' end`;

const columnsWith = (users: AuditUsers) => ({
  id: auditLog.id,
  action: auditLog.action,
  // As written: an entry written around the module (no stored name) falls back to the user's row.
  // A run posted by an API token names no user: the entry's `by` names the token.
  who: sql<string>`coalesce(nullif(${auditLog.actorName}, ''), ${auditLog.actorEmail}, nullif(${users.name}, ''), ${users.email}, ${auditLog.after}->>'by', 'A former team member')`,
  whoEmail: sql<string>`coalesce(${auditLog.actorEmail}, ${users.email}, '')`,
  item: sql<string>`case when ${auditLog.action} = 'client.view_as.start' then ${viewEnd} else coalesce(${auditLog.after}->>'name', '') end`,
  viewingPortal: sql<boolean>`coalesce((${auditLog.after}->>'viewingPortal')::boolean, false)`,
  createdAt: auditLog.createdAt,
});

const ofCompany = (clientId: string, kind?: AccessLogKind) =>
  and(
    eq(auditLog.clientId, clientId),
    inArray(auditLog.action, [...FIRM_ACCESS_ACTIONS]),
    kind ? inArray(auditLog.action, [...ACCESS_LOG_KINDS.find((k) => k.value === kind)!.actions]) : undefined,
  );

const asEntry = ({ createdAt, ...row }: { createdAt: Date } & Omit<AccessLogEntry, "at">): AccessLogEntry => ({
  ...row,
  at: createdAt.toISOString(),
});

/** One page of the firm's accesses to the actor's company, newest first, of one kind or all. Owners only. */
export async function listClientAccessLog(
  db: DbOrTx,
  {
    actor,
    kind,
    page = 1,
    pageSize = ACCESS_LOG_PAGE_SIZE,
  }: { actor: ClientActor; kind?: AccessLogKind; page?: number; pageSize?: number },
): Promise<Paged<AccessLogEntry>> {
  assertClient(actor);
  assertClientOwner(actor);
  const { users } = await auditPorts();
  const rows = await db
    .select({ ...columnsWith(users), total: matchingCount() })
    .from(auditLog)
    .leftJoin(users.from, eq(users.id, auditLog.actorUserId))
    .where(ofCompany(actor.clientId, kind))
    // Ids rise with each entry written: the newest first, and the same order as the export's keyset.
    .orderBy(desc(auditLog.id))
    .limit(pageSize)
    .offset(pageOffset(page, pageSize));
  const { rows: entries, total } = splitTotal(rows);
  return { rows: entries.map(asEntry), total, page, pageSize };
}

/**
 * An entry of the CSV export: what the log shows, and what an owner needs to recompute the chain
 * without the firm (docs/DEPLOYMENT.md#access-log-integrity): its number and hash in the chain, the
 * actor's id and the exact text its hash covers (`hashed_text`, the hashed fields as canonical JSON).
 */
export type AccessLogExportEntry = AccessLogEntry & {
  chainSeq: number | null;
  chainHash: string | null;
  actorId: string | null;
  hashedText: string;
};

/** The whole access log of the actor's company, newest first, in keyset pages for the CSV export. Owners only. */
export function exportClientAccessLog(db: DbOrTx, { actor }: { actor: ClientActor }): AsyncIterable<AccessLogExportEntry[]> {
  assertClient(actor);
  assertClientOwner(actor);
  type Row = { createdAt: Date } & Omit<AccessLogEntry, "at"> & ChainEntry & { chainSeq: number | null; chainHash: string | null };
  const pages = keysetPages<Row, number>(
    async (after, limit) => {
      const { users } = await auditPorts();
      return db
        .select({ ...chainColumns, ...columnsWith(users), chainSeq: auditLog.chainSeq, chainHash: auditLog.chainHash })
        .from(auditLog)
        .leftJoin(users.from, eq(users.id, auditLog.actorUserId))
        .where(and(ofCompany(actor.clientId), after === null ? undefined : lt(auditLog.id, after)))
        .orderBy(desc(auditLog.id))
        .limit(limit);
    },
    (row) => row.id,
  );
  return (async function* () {
    for await (const page of pages)
      yield page.map((row) => ({
        ...asEntry({
          id: row.id,
          action: row.action,
          who: row.who,
          whoEmail: row.whoEmail,
          item: row.item,
          viewingPortal: row.viewingPortal,
          createdAt: row.createdAt,
        }),
        chainSeq: row.chainSeq,
        chainHash: row.chainHash,
        actorId: row.actorUserId,
        hashedText: row.chainSeq === null ? "" : hashedText(row.chainSeq, row),
      }));
  })();
}

/** The latest entries of a company's access log, for the firm (its client page). */
export async function listRecentAccessForAdmin(
  db: DbOrTx,
  { actor, clientId, limit = 5 }: { actor: AdminActor; clientId: string; limit?: number },
): Promise<AccessLogEntry[]> {
  assertAdmin(actor);
  const { users } = await auditPorts();
  const rows = await db
    .select(columnsWith(users))
    .from(auditLog)
    .leftJoin(users.from, eq(users.id, auditLog.actorUserId))
    .where(ofCompany(clientId))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(asEntry);
}

/** An entry as the company API answers it: what the log shows, with its place in the chain. */
export type AccessLogApiEntry = AccessLogEntry & { chainSeq: number | null; chainHash: string | null };

/**
 * A page of the company's access log for the API (docs/PRODUCT.md#api-and-webhooks), newest first
 * by id, after the id of the page before. Owners only (a token's `access-log:read` scope).
 */
export async function pageClientAccessLog(
  db: DbOrTx,
  { actor, before, limit, kind }: { actor: ClientActor; before: number | null; limit: number; kind?: AccessLogKind },
): Promise<{ items: AccessLogApiEntry[]; next: number | null }> {
  assertClient(actor);
  assertClientOwner(actor);
  const { users } = await auditPorts();
  const rows = await db
    .select({ ...columnsWith(users), chainSeq: auditLog.chainSeq, chainHash: auditLog.chainHash })
    .from(auditLog)
    .leftJoin(users.from, eq(users.id, auditLog.actorUserId))
    .where(and(ofCompany(actor.clientId, kind), before === null ? undefined : lt(auditLog.id, before)))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(({ chainSeq, chainHash, ...row }) => ({ ...asEntry(row), chainSeq, chainHash }));
  return { items, next: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}
