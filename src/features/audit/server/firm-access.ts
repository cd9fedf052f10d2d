import "server-only";
import type { Actor } from "@/server/core/actor";
import { after } from "next/server";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { auditLog } from "./schema";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { FIRM_ACCESS_ACTIONS, FIRM_PAGE_LOOKS, type FirmAccessAction } from "./access-actions";
import { actorIdentity, chainColumns, CURRENT_HASH_VERSION, linkEntries } from "./chain";

export { FIRM_ACCESS_ACTIONS, FIRM_PAGE_LOOKS, type FirmAccessAction, SHARE_ACCESS_ACTIONS } from "./access-actions";

/**
 * Who fetched a signed link made for the firm: the link names the admin and whether it was made in
 * a view of the portal, and the fetch itself is the access (docs/PRODUCT.md#portal-access-log).
 */
export type FirmLinkHolder = { firmUserId: string; viewingPortal: boolean };

/** How long a look at one screen counts as the same visit (docs/PRODUCT.md#portal-access-log). */
export const SCREEN_VISIT_MS = 30 * 60_000;
const SCREENS: ReadonlySet<string> = new Set(FIRM_PAGE_LOOKS);

/**
 * The companies a look is still to be recorded for. A look at a screen (FIRM_PAGE_LOOKS) is one
 * entry per visit: when the admin's latest entry in a company's log is the same screen (action,
 * target, in or out of a portal view) within the last 30 minutes, reloading or paging it adds
 * nothing; after 30 minutes or any other entry in between it is a new visit. Downloads and exports
 * always count.
 */
async function stillToRecord(
  db: DbOrTx,
  look: { adminUserId: string; action: FirmAccessAction; entityId: string | null; viewingPortal: boolean; clientIds: string[] },
): Promise<string[]> {
  if (!SCREENS.has(look.action) || look.clientIds.length === 0) return look.clientIds;
  const latest = await db
    .selectDistinctOn([auditLog.clientId], {
      clientId: auditLog.clientId,
      actorUserId: auditLog.actorUserId,
      action: auditLog.action,
      entityId: auditLog.entityId,
      viewingPortal: sql<boolean>`coalesce((${auditLog.after}->>'viewingPortal')::boolean, false)`,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.clientId, look.clientIds),
        eq(auditLog.actorUserId, look.adminUserId),
        inArray(auditLog.action, [...FIRM_ACCESS_ACTIONS]),
      ),
    )
    .orderBy(auditLog.clientId, desc(auditLog.createdAt), desc(auditLog.id));
  const since = Date.now() - SCREEN_VISIT_MS;
  const sameVisit = new Set(
    latest
      .filter(
        (row) =>
          row.action === look.action &&
          row.entityId === look.entityId &&
          row.viewingPortal === look.viewingPortal &&
          row.createdAt.getTime() > since,
      )
      .map((row) => row.clientId),
  );
  return look.clientIds.filter((clientId) => !sameVisit.has(clientId));
}

/**
 * Records a read by the firm of one or more companies' data (one entry per company, one insert): an
 * admin, an admin viewing a portal (the entry is the admin's), or the admin a fetched signed link
 * was made for. A client reading its own data records nothing here. Unlike recordAudit it takes a
 * viewing admin's actor: a read is no write, and the view is exactly what the company should see.
 */
export async function recordFirmAccess(
  db: DbOrTx,
  {
    actor,
    action,
    clientIds,
    entityType,
    entityId,
    after,
  }: {
    actor: Actor | FirmLinkHolder;
    action: FirmAccessAction;
    clientIds: readonly string[];
    entityType: string;
    entityId?: string | null;
    after?: Record<string, unknown>;
  },
): Promise<void> {
  const adminUserId = "firmUserId" in actor ? actor.firmUserId : actor.role === "admin" ? actor.userId : actor.viewer?.adminUserId;
  if (!adminUserId) return;
  const viewingPortal = "firmUserId" in actor ? actor.viewingPortal : actor.role === "client" && Boolean(actor.viewer);
  const viewing = viewingPortal ? { viewingPortal: true } : {};
  const companies = await stillToRecord(db, {
    adminUserId,
    action,
    entityId: entityId ?? null,
    viewingPortal,
    clientIds: [...new Set(clientIds)],
  });
  if (companies.length === 0) return;
  const identity = await actorIdentity(db, adminUserId);
  // Each entry joins its company's hash chain in the same transaction (chain.ts).
  await db.transaction(async (tx) => {
    const written = await tx
      .insert(auditLog)
      .values(
        companies.map((clientId) => ({
          actorUserId: adminUserId,
          ...identity,
          hashVersion: CURRENT_HASH_VERSION,
          action,
          entityType,
          entityId: entityId ?? null,
          clientId,
          before: null,
          after: { ...after, ...viewing },
        })),
      )
      .returning(chainColumns);
    await linkEntries(tx, written);
  });
}

/**
 * The same look, written once the response has gone out (next/server `after`), so a screen's read
 * waits for no write (docs/PRODUCT.md#portal-access-log). Outside a request (a script, or a test
 * calling the module) there is no "after": it is written before this returns, as `recordFirmAccess`.
 * Give it the database, never a transaction: the transaction is over by the time it runs.
 */
export async function recordFirmAccessAfterResponse(db: Db, look: Parameters<typeof recordFirmAccess>[1]): Promise<void> {
  const write = () =>
    recordFirmAccess(db, look).catch((error: unknown) => {
      // The page was answered already: the failure can only be logged.
      console.error(`[access-log] ${look.action} not recorded:`, error);
    });
  try {
    after(write);
  } catch {
    // `after` throws synchronously when there is no request to wait for.
    await recordFirmAccess(db, look);
  }
}
