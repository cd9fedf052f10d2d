import "server-only";
import type { SignatureMethod } from "@/lib/domain/signature-method";
import { and, eq } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { engagementAuthorizationSignatures } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { addSignature, lockedVersion } from "./authorizations";
import { notifyAuthorizationCountersigned } from "./authorization-mail";
import { queueAuthorizationEvent } from "./authorization-webhooks";
import { sealInTransaction } from "./sealed-pdf";

type SignatureProof = { fullName: string; documentHash: string; method: SignatureMethod; clientAddress: string };

/**
 * The firm counter-signs a version its client has signed and seals it in the same transaction:
 * the sealed PDF's SHA-256 goes into the firm's signature row and its audit entry, so a signature
 * never stands without the one PDF it produced (docs/PRODUCT.md#engagement-authorization).
 */
export async function countersignAuthorization(
  db: Db,
  { actor, authorizationId, proof }: { actor: AdminActor; authorizationId: string; proof: SignatureProof },
) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const row = await lockedVersion(tx, authorizationId);
    const [client] = await tx
      .select({ id: engagementAuthorizationSignatures.id })
      .from(engagementAuthorizationSignatures)
      .where(and(eq(engagementAuthorizationSignatures.authorizationId, row.id), eq(engagementAuthorizationSignatures.side, "client")))
      .limit(1);
    if (row.sentAt && !client) throw new AppError("bad_request", "The client's owner has not signed this version yet.");
    const signed = await addSignature(tx, row, "firm", actor, proof);
    const { sealedSha256 } = await sealInTransaction(tx, row.id);
    await recordAudit(tx, {
      actor,
      action: "authorization.countersign",
      entityType: "project",
      entityId: row.projectId,
      clientId: row.clientId,
      after: { version: row.version, documentHash: row.documentHash, method: proof.method, sealedSha256 },
    });
    await queueAuthorizationEvent(tx, row, { type: "authorization.signed", side: "firm" });
    await notifyAuthorizationCountersigned(tx, { ...row, windowStart: row.content.windowStart, windowEnd: row.content.windowEnd });
    return { ...signed, sealedSha256 };
  });
}
