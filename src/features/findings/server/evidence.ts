import "server-only";
import type { SQL } from "drizzle-orm";
import { storedKeysIn } from "@/server/core/storage/stored-keys";
import { and, asc, eq } from "drizzle-orm";
import { uuidSchema } from "@/lib/validation/common";
import { type Actor, type AdminActor, assertAdmin, assertClient } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { holderStanding } from "@/features/clients/server";
import { findingEvidence, findings } from "./schema/records";
import { AppError } from "@/server/core/errors";
import { type LinkHolder, signedDownloadFor } from "@/server/core/storage/signed-url";
import { getStorage } from "@/server/core/storage/storage";
import type { StoredUpload } from "@/server/core/uploads/document-upload";
import { admitLinkFetch, recordAudit } from "@/features/audit/server";
import { clientFindingScope, FINDING_NOT_FOUND } from "./finding-scope";

// Evidence of a finding (docs/PRODUCT.md#admin-findings): files stored through the documents'
// upload path and limits, reached only through the finding (a client's only when it is published
// and its own), downloaded through a one-minute signed link.

export type EvidenceFile = { id: string; name: string; fileSize: number; mimeType: string; createdAt: string };

const EVIDENCE_NOT_FOUND = () => new AppError("not_found", "Evidence not found");
export const EVIDENCE_DOWNLOAD_TTL_SECONDS = 60;

/** 404 unless the finding exists; checked before an upload's file is stored. */
export async function assertEvidenceTarget(db: DbOrTx, { actor, findingId }: { actor: AdminActor; findingId: string }) {
  assertAdmin(actor);
  const [row] = await db.select({ id: findings.id }).from(findings).where(eq(findings.id, findingId)).limit(1);
  if (!row) throw FINDING_NOT_FOUND();
}

/** Records an uploaded evidence file on a finding; audited. */
export async function addEvidence(db: Db, { actor, findingId, file }: { actor: AdminActor; findingId: string; file: StoredUpload | null }) {
  assertAdmin(actor);
  if (!file) throw new AppError("bad_request", "Please choose a file");
  return db.transaction(async (tx) => {
    await assertEvidenceTarget(tx, { actor, findingId });
    const [row] = await tx
      .insert(findingEvidence)
      .values({ findingId, name: file.name, storageKey: file.storageKey, fileSize: file.size, mimeType: file.mimeType })
      .returning({ id: findingEvidence.id });
    await recordAudit(tx, {
      actor,
      action: "finding.evidence_add",
      entityType: "finding",
      entityId: findingId,
      after: { name: file.name },
    });
    return { evidenceId: row!.id };
  });
}

/** A finding's evidence, oldest first (the caller has already reached the finding). */
export async function listEvidence(db: DbOrTx, findingId: string): Promise<EvidenceFile[]> {
  const rows = await db
    .select({
      id: findingEvidence.id,
      name: findingEvidence.name,
      fileSize: findingEvidence.fileSize,
      mimeType: findingEvidence.mimeType,
      createdAt: findingEvidence.createdAt,
    })
    .from(findingEvidence)
    .where(eq(findingEvidence.findingId, findingId))
    .orderBy(asc(findingEvidence.createdAt), asc(findingEvidence.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** A one-minute signed link to an evidence file the actor may reach (404 otherwise, like a missing one). */
export async function getEvidenceDownload(db: DbOrTx, { actor, evidenceId }: { actor: Actor; evidenceId: string }) {
  if (actor.role === "client") assertClient(actor);
  else assertAdmin(actor);
  const [row] = await db
    .select({ id: findingEvidence.id, name: findingEvidence.name, clientId: findings.clientId })
    .from(findingEvidence)
    .innerJoin(findings, eq(findings.id, findingEvidence.findingId))
    .where(
      actor.role === "client" ? and(eq(findingEvidence.id, evidenceId), clientFindingScope(actor)) : eq(findingEvidence.id, evidenceId),
    )
    .limit(1);
  if (!row) throw EVIDENCE_NOT_FOUND();
  return signedDownloadFor(actor, row, { ttlSeconds: EVIDENCE_DOWNLOAD_TTL_SECONDS });
}

/**
 * An evidence file's bytes by id, for the signed-link route only (the signature, made for exactly
 * this id and person by `getEvidenceDownload`, is the permission). Null when the id is no evidence.
 * The person is checked now (removed or deactivated since: refused like an expired link), and each
 * fetch by the firm is one entry in the company's access log (docs/PRODUCT.md#portal-access-log).
 */
export async function getEvidenceFile(db: DbOrTx, id: string, holder: Required<LinkHolder>) {
  if (!uuidSchema.safeParse(id).success) return null;
  const [row] = await db
    .select({
      name: findingEvidence.name,
      mimeType: findingEvidence.mimeType,
      storageKey: findingEvidence.storageKey,
      clientId: findings.clientId,
      standing: holderStanding(holder.userId, findings.clientId),
    })
    .from(findingEvidence)
    .innerJoin(findings, eq(findings.id, findingEvidence.findingId))
    .where(eq(findingEvidence.id, id))
    .limit(1);
  if (!row) return null;
  await admitLinkFetch(db, {
    standing: row.standing,
    holder,
    action: "evidence.download",
    clientId: row.clientId,
    entityType: "finding_evidence",
    entityId: id,
    after: { name: row.name },
  });
  const { size, body } = await getStorage().open(row.storageKey);
  return { name: row.name, mimeType: row.mimeType, size, body };
}

/** A finding's evidence file keeps its stored object: the keys among `keys` it refers to, for the orphan sweep (operations). */
export const evidenceStoredKeys = (keys: SQL): SQL => storedKeysIn(findingEvidence.storageKey, keys);
