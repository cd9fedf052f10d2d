import "server-only";
import { and, asc, desc, eq, gte, isNull, lt, notInArray, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "@/lib/validation/admin-fields";
import { type AuditListQuery } from "@/features/audit/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { matchingCount, type Paged, pageOffset, splitTotal } from "@/server/core/db/admin-sql";
import type { DbOrTx } from "@/server/core/db/client";
import { auditLog } from "./schema";
import { auditPorts } from "./ports";
import { auditEntryColumns } from "./columns";
import { FIRM_PAGE_LOOKS } from "./access-actions";

export type AuditRow = {
  id: number;
  action: string;
  entityType: string;
  entityId: string | null;
  actorUserId: string | null;
  /** Who acted, as stored when the entry was written (else the user's row): name and e-mail; both null for the system. */
  actorName: string | null;
  actorEmail: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
};

/** The day after an ISO date (the upper bound of an inclusive "to" filter). */
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000);

/**
 * One page of the audit log, newest first, filtered by acting user ("system" for entries without
 * one), action, an inclusive range of UTC days and the company concerned.
 */
export async function listAuditLog(
  db: DbOrTx,
  {
    actor,
    who,
    page = 1,
    pageSize = ADMIN_PAGE_SIZE,
    ...filters
  }: { actor: AdminActor; /** a user id, or "system" */ who?: string; pageSize?: number } & Partial<Omit<AuditListQuery, "actor">>,
): Promise<Paged<AuditRow>> {
  assertAdmin(actor);
  const where = and(
    who === undefined ? undefined : who === "system" ? isNull(auditLog.actorUserId) : eq(auditLog.actorUserId, who),
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.from ? gte(auditLog.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(auditLog.createdAt, nextDay(filters.to)) : undefined,
    filters.client ? eq(auditLog.clientId, filters.client) : undefined,
  );
  const { users } = await auditPorts();
  const rows = await db
    .select({
      ...auditEntryColumns(users),
      actorUserId: auditLog.actorUserId,
      actorName: sql<string | null>`coalesce(nullif(${auditLog.actorName}, ''), nullif(${users.name}, ''))`,
      actorEmail: sql<string | null>`coalesce(${auditLog.actorEmail}, ${users.email})`,
      before: auditLog.before,
      after: auditLog.after,
      total: matchingCount(),
    })
    .from(auditLog)
    .leftJoin(users.from, eq(users.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize)
    .offset(pageOffset(page, pageSize));
  return { ...splitTotal(rows), page, pageSize };
}

/** The filter choices: every user and every action that appears in the log. */
export async function listAuditFilterOptions(db: DbOrTx, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  const { users } = await auditPorts();
  const [actors, actions] = await Promise.all([
    db
      .selectDistinct({ id: users.id, email: users.email })
      .from(auditLog)
      .innerJoin(users.from, eq(users.id, auditLog.actorUserId))
      .orderBy(asc(users.email), asc(users.id)),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
  ]);
  return { actors, actions: actions.map((a) => a.action) };
}

/** The latest entries with the acting user's e-mail, the firm's page looks left out (the dashboard's activity card). */
export async function listRecentAuditEntries(db: DbOrTx, { actor, limit }: { actor: AdminActor; limit: number }) {
  assertAdmin(actor);
  const { users } = await auditPorts();
  return db
    .select(auditEntryColumns(users))
    .from(auditLog)
    .leftJoin(users.from, eq(users.id, auditLog.actorUserId))
    .where(notInArray(auditLog.action, [...FIRM_PAGE_LOOKS]))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
