import "server-only";
import type { Actor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { auditLog } from "@/server/core/db/schema";
import type { FirmAccessAction } from "./access-actions";
import { actorIdentity, chainColumns, CURRENT_HASH_VERSION, linkEntries } from "./chain";

export { FIRM_ACCESS_ACTIONS, FIRM_PAGE_LOOKS, type FirmAccessAction } from "./access-actions";

/**
 * Who fetched a signed link made for the firm: the link names the admin and whether it was made in
 * a view of the portal, and the fetch itself is the access (docs/PRODUCT.md#portal-access-log).
 */
export type FirmLinkHolder = { firmUserId: string; viewingPortal: boolean };

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
  const companies = [...new Set(clientIds)];
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
