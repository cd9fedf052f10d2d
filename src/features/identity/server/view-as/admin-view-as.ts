import "server-only";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { identityPorts } from "../ports";
import { issueViewAsCookie, type ViewAs } from "./view-as";

/**
 * Starts an admin's read-only view of a client's portal: audited, and answered with the signed
 * cookie value the action sets (docs/PRODUCT.md#admin-view-as-client). No session is created.
 */
export async function startViewAsClient(db: Db, { actor, clientId }: { actor: AdminActor; clientId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const client = await (await identityPorts()).clients.companyOf(tx, clientId);
    if (!client) throw new AppError("not_found", "Client not found");
    const cookie = issueViewAsCookie(actor.userId, client.id);
    await recordAudit(tx, {
      actor,
      action: "client.view_as.start",
      entityType: "client",
      entityId: client.id,
      clientId: client.id,
      after: { company: client.company, expiresAt: cookie.expiresAt.toISOString() },
    });
    return { company: client.company, cookie };
  });
}

/** Ends the view (audited when there was one still valid). */
export async function endViewAsClient(db: Db, { actor, view }: { actor: AdminActor; view: ViewAs | null }) {
  assertAdmin(actor);
  if (!view) return { ended: false };
  await recordAudit(db, { actor, action: "client.view_as.end", entityType: "client", entityId: view.clientId, clientId: view.clientId });
  return { ended: true };
}
