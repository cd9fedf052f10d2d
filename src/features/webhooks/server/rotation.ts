import "server-only";
import { and, eq } from "drizzle-orm";
import type { ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { webhookEndpoints } from "./schema";
import { AppError } from "@/server/core/errors";
import { sealSecret } from "@/server/core/sealed-secret";
import { formatDateTime } from "@/lib/format";
import { recordAudit } from "@/features/audit/server";
import { SECRET_PURPOSE } from "./deliver";
import { assertWriter, ENDPOINT_NOT_FOUND } from "./endpoints";
import { newWebhookSecret } from "./signing";

/** How long a rotated-out secret still signs, so receivers can switch without losing a message. */
export const ROTATION_OVERLAP_HOURS = 24;

/**
 * A new signing secret (owners, signed endpoints): answered once. The one it replaces goes on
 * signing beside it for ROTATION_OVERLAP_HOURS, and so does, until its own end, the one a rotation
 * earlier in that overlap replaced (Standard Webhooks sends one signature per secret): a receiver
 * holding any of them keeps verifying. A third rotation while two earlier secrets still sign is
 * refused, since it would cut the oldest one's overlap short.
 */
export async function rotateWebhookSecret(
  db: DbOrTx,
  { actor, endpointId, now = new Date() }: { actor: ClientActor; endpointId: string; now?: Date },
): Promise<{ secret: string }> {
  assertWriter(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        kind: webhookEndpoints.kind,
        sealedSecret: webhookEndpoints.sealedSecret,
        previousSealedSecret: webhookEndpoints.previousSealedSecret,
        previousSecretUntil: webhookEndpoints.previousSecretUntil,
        olderSecretUntil: webhookEndpoints.olderSecretUntil,
      })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.clientId, actor.clientId)))
      .for("update");
    if (!row) throw new AppError("not_found", ENDPOINT_NOT_FOUND);
    if (row.kind !== "standard") throw new AppError("bad_request", "A Slack or Teams endpoint has no signing secret.");
    const previousSigns = Boolean(row.previousSealedSecret && row.previousSecretUntil && row.previousSecretUntil > now);
    if (previousSigns && row.olderSecretUntil && row.olderSecretUntil > now)
      throw new AppError(
        "conflict",
        `Two earlier secrets still sign beside the current one, the oldest until ${formatDateTime(row.olderSecretUntil)}. Make a new secret after that.`,
      );
    const secret = newWebhookSecret();
    await tx
      .update(webhookEndpoints)
      .set({
        sealedSecret: sealSecret(secret, SECRET_PURPOSE),
        previousSealedSecret: row.sealedSecret,
        previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_HOURS * 3_600_000),
        olderSealedSecret: previousSigns ? row.previousSealedSecret : null,
        olderSecretUntil: previousSigns ? row.previousSecretUntil : null,
      })
      .where(eq(webhookEndpoints.id, endpointId));
    await recordAudit(tx, {
      actor,
      action: "webhook_endpoint.secret_rotated",
      entityType: "webhook_endpoint",
      entityId: endpointId,
      clientId: actor.clientId,
    });
    return { secret };
  });
}
