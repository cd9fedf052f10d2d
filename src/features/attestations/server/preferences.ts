import "server-only";
import { eq } from "drizzle-orm";
import { assertClient, assertClientOwner, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { attestationPreferences } from "./schema";
import { recordAudit } from "@/features/audit/server";

/** Whether the company's letters name it ("a client of <firm>" when true); the default names it. */
export async function isLetterAnonymous(db: DbOrTx, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ anonymous: attestationPreferences.anonymous })
    .from(attestationPreferences)
    .where(eq(attestationPreferences.clientId, clientId))
    .limit(1);
  return row?.anonymous ?? false;
}

/**
 * The owner's choice, for the letters issued from now on: a letter already issued keeps what it
 * signed (the firm issues a new one, superseding it, to change it).
 */
export async function setLetterAnonymous(db: DbOrTx, { actor, anonymous }: { actor: ClientActor; anonymous: boolean }) {
  assertClient(actor);
  assertClientOwner(actor);
  const before = await isLetterAnonymous(db, actor.clientId);
  await db
    .insert(attestationPreferences)
    .values({ clientId: actor.clientId, anonymous })
    .onConflictDoUpdate({ target: attestationPreferences.clientId, set: { anonymous, updatedAt: new Date() } });
  if (before !== anonymous)
    await recordAudit(db, {
      actor,
      action: "attestation.name_display",
      entityType: "client",
      entityId: actor.clientId,
      clientId: actor.clientId,
      before: { anonymous: before },
      after: { anonymous },
    });
  return { anonymous };
}
