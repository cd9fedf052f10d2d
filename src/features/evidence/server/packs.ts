import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type AdminActor, assertAdmin, assertClient, assertReportsVisible, type ClientActor } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { inClientProject } from "@/features/projects/server";
import { AppError } from "@/server/core/errors";
import { getStorage, newStorageKey } from "@/server/core/storage/storage";
import { recordAudit } from "@/features/audit/server";
import { formatLetterCode, newLetterCode, parseLetterCode, verifyUrlOf } from "@/features/attestations/server";
import { recordUploadedReport, revokeReport } from "@/features/reports/server";
import { signJws } from "@/features/signing/server";
import { coverageSentence, type IssuePackInput } from "@/features/evidence/validation";
import { NO_ADOPTED_PLAN } from "./coverage";
import { buildOscal, oscalErrors } from "./oscal";
import { packContent } from "./pack-content";
import { renderPackPdf } from "./pack-pdf";
import { adoptedPlanOf } from "./plans";
import { evidencePacks } from "./schema";

// Evidence packs (docs/PRODUCT.md#evidence-packs): one action builds the PDF and its OSCAL twin,
// signs their hashes with the firm's JWS key, publishes the PDF to the report vault (step-up,
// per-recipient stamp, access log) and gives the pack a code checked at /verify/{code}.

export const PACK_TITLE = "Evidence pack";
export const PACK_JWS_TYP = "evidence-pack+jws";
export const PACK_NOT_FOUND = "Evidence pack not found.";
/** The pack records retests in the same environment: it is issued once the engagement's retests are decided. */
export const RETESTS_STILL_OPEN = (count: number) =>
  `${count === 1 ? "A retest is" : `${count} retests are`} still open on this engagement. Record ${count === 1 ? "its result" : "their results"} before issuing the evidence pack.`;

export type PackState = "Valid" | "Superseded" | "Revoked";
export type PackFacts = {
  type: "evidence-pack";
  version: 1;
  code: string;
  verifyUrl: string;
  issuedAt: string;
  iat: number;
  firm: string;
  client: string;
  engagement: string;
  plan: { name: string; version: number; atlasRelease: string };
  coverage: string;
  hashes: { alg: "SHA-256"; pdf: string; oscal: string };
};
export type PackRow = {
  id: string;
  projectId: string;
  reportId: string;
  code: string;
  verifyUrl: string;
  issuedAt: Date;
  state: PackState;
  coverage: string;
};

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
export const packStateOf = (row: { revokedAt: Date | null; supersededAt: Date | null }): PackState =>
  row.revokedAt ? "Revoked" : row.supersededAt ? "Superseded" : "Valid";

/** The pack's PDF and OSCAL twin, built from the engagement's coverage and published findings; the twin validated. */
export async function buildPack(
  db: DbOrTx,
  { actor, input, packId, code, issuedAt }: { actor: AdminActor; input: IssuePackInput; packId: string; code: string; issuedAt: Date },
) {
  const plan = await adoptedPlanOf(db, input.projectId);
  if (!plan) throw new AppError("conflict", NO_ADOPTED_PLAN);
  const content = await packContent(db, { actor, projectId: input.projectId, input, planVersionId: plan.planVersionId, issuedAt });
  const verifyUrl = verifyUrlOf(code);
  const document = buildOscal({
    packId,
    title: `Evidence pack ${formatLetterCode(code)}: ${content.engagement}`,
    issuedAt,
    firm: content.firm,
    client: content.client,
    planVersionId: plan.planVersionId,
    plan: content.plan,
    window: content.window,
    results: content.coverage.results,
  });
  const errors = oscalErrors(document);
  if (errors.length > 0) throw new Error(`[evidence] the OSCAL twin does not validate: ${errors.slice(0, 5).join("; ")}`);
  const oscal = JSON.stringify(document, null, 2);
  const pdf = await renderPackPdf(content, { code: formatLetterCode(code), verifyUrl, oscal });
  return { content, oscal, pdf };
}

/** Signs a built pack's hashes and stores it, the engagement's pack before it superseded. */
export async function recordPack(
  tx: DbOrTx,
  {
    packId,
    code,
    issuedAt,
    built,
    reportId,
    issuedBy,
  }: {
    packId: string;
    code: string;
    issuedAt: Date;
    built: Awaited<ReturnType<typeof buildPack>>;
    reportId: string;
    issuedBy: string | null;
  },
) {
  const { content, oscal, pdf } = built;
  const facts: PackFacts = {
    type: "evidence-pack",
    version: 1,
    code: formatLetterCode(code),
    verifyUrl: verifyUrlOf(code),
    issuedAt: issuedAt.toISOString(),
    iat: Math.floor(issuedAt.getTime() / 1000),
    firm: content.firm,
    client: content.client,
    engagement: content.engagement,
    plan: { name: content.plan.name, version: content.plan.version, atlasRelease: content.plan.atlasRelease },
    coverage: coverageSentence(content.coverage.counts),
    hashes: { alg: "SHA-256", pdf: sha256(pdf), oscal: sha256(oscal) },
  };
  const jws = await signJws(tx, facts, PACK_JWS_TYP);
  await tx.insert(evidencePacks).values({
    id: packId,
    clientId: content.clientId,
    projectId: content.projectId,
    reportId,
    code,
    facts,
    jws,
    oscal,
    issuedBy,
    issuedAt,
  });
  const superseded = await tx
    .update(evidencePacks)
    .set({ supersededAt: issuedAt, supersededById: packId })
    .where(and(eq(evidencePacks.projectId, content.projectId), isNull(evidencePacks.supersededAt), sql`${evidencePacks.id} <> ${packId}`))
    .returning({ id: evidencePacks.id });
  return { facts, superseded: superseded.length };
}

/** Builds, signs, stores and publishes an engagement's evidence pack; the one before is superseded. Audited. */
export async function issuePack(db: Db, { actor, input }: { actor: AdminActor; input: IssuePackInput }) {
  assertAdmin(actor);
  const packId = randomUUID();
  const code = newLetterCode();
  const issuedAt = new Date();
  const built = await buildPack(db, { actor, input, packId, code, issuedAt });
  const open = built.content.findings.filter((finding) => finding.retest === "requested").length;
  if (open > 0) throw new AppError("conflict", RETESTS_STILL_OPEN(open));
  const storage = getStorage();
  const storageKey = newStorageKey("pdf");
  await storage.put(storageKey, built.pdf);
  let report: { id: string };
  try {
    report = await recordUploadedReport(db, {
      actor,
      projectId: input.projectId,
      title: PACK_TITLE,
      file: { storageKey, size: built.pdf.byteLength, mimeType: "application/pdf" },
    });
  } catch (error) {
    await storage.delete(storageKey).catch((e) => console.error("[evidence] could not remove a pack's PDF:", e));
    throw error;
  }
  return db.transaction(async (tx) => {
    const { facts, superseded } = await recordPack(tx, { packId, code, issuedAt, built, reportId: report.id, issuedBy: actor.userId });
    await recordAudit(tx, {
      actor,
      action: "evidence.pack_issue",
      entityType: "evidence_pack",
      entityId: packId,
      clientId: built.content.clientId,
      after: { code: facts.code, engagement: built.content.engagement, superseded },
    });
    return { id: packId, code: facts.code, verifyUrl: facts.verifyUrl, reportId: report.id };
  });
}

/** The firm withdraws a pack: its page says so, and its PDF leaves the vault (links handed out stop). Audited. */
export async function revokePack(db: Db, { actor, packId }: { actor: AdminActor; packId: string }) {
  assertAdmin(actor);
  const [pack] = await db
    .update(evidencePacks)
    .set({ revokedAt: new Date() })
    .where(and(eq(evidencePacks.id, packId), isNull(evidencePacks.revokedAt)))
    .returning({ id: evidencePacks.id, code: evidencePacks.code, clientId: evidencePacks.clientId, reportId: evidencePacks.reportId });
  if (!pack) {
    const [exists] = await db.select({ id: evidencePacks.id }).from(evidencePacks).where(eq(evidencePacks.id, packId)).limit(1);
    if (!exists) throw new AppError("not_found", PACK_NOT_FOUND);
    return { revoked: false };
  }
  await revokeReport(db, { actor, reportId: pack.reportId });
  await recordAudit(db, {
    actor,
    action: "evidence.pack_revoke",
    entityType: "evidence_pack",
    entityId: pack.id,
    clientId: pack.clientId,
    after: { code: formatLetterCode(pack.code) },
  });
  return { revoked: true };
}

const rowColumns = {
  id: evidencePacks.id,
  projectId: evidencePacks.projectId,
  reportId: evidencePacks.reportId,
  code: evidencePacks.code,
  issuedAt: evidencePacks.issuedAt,
  supersededAt: evidencePacks.supersededAt,
  revokedAt: evidencePacks.revokedAt,
  coverage: sql<string>`${evidencePacks.facts}->>'coverage'`,
};
const toRow = ({
  supersededAt,
  revokedAt,
  ...row
}: { supersededAt: Date | null; revokedAt: Date | null } & Omit<PackRow, "state" | "verifyUrl">): PackRow => ({
  ...row,
  code: formatLetterCode(row.code),
  verifyUrl: verifyUrlOf(row.code),
  state: packStateOf({ supersededAt, revokedAt }),
});

/** An engagement's packs, newest first: the admin any engagement's, a client its own company's only. */
export async function listPacks(
  db: DbOrTx,
  { actor, projectId }: { actor: AdminActor | ClientActor; projectId: string },
): Promise<PackRow[]> {
  if (actor.role === "client") assertClient(actor);
  const rows = await db
    .select(rowColumns)
    .from(evidencePacks)
    .where(
      and(
        eq(evidencePacks.projectId, projectId),
        actor.role === "client"
          ? and(eq(evidencePacks.clientId, actor.clientId), inClientProject(evidencePacks.projectId, actor.clientId))
          : undefined,
      ),
    )
    .orderBy(desc(evidencePacks.issuedAt));
  return rows.map(toRow);
}

/** The current pack of an engagement with its JWS and OSCAL twin, for the API; a client's own only. */
export async function currentPackOf(db: DbOrTx, { actor, projectId }: { actor: ClientActor; projectId: string }) {
  assertClient(actor);
  assertReportsVisible(actor);
  const [row] = await db
    .select({ ...rowColumns, jws: evidencePacks.jws, oscal: evidencePacks.oscal, facts: evidencePacks.facts })
    .from(evidencePacks)
    .where(
      and(
        eq(evidencePacks.projectId, projectId),
        eq(evidencePacks.clientId, actor.clientId),
        inClientProject(evidencePacks.projectId, actor.clientId),
        isNull(evidencePacks.supersededAt),
        isNull(evidencePacks.revokedAt),
      ),
    )
    .limit(1);
  if (!row) throw new AppError("not_found", PACK_NOT_FOUND);
  const { jws, oscal, facts, ...rest } = row;
  return { ...toRow(rest), jws, facts: facts as PackFacts, oscal: JSON.parse(oscal) as unknown };
}

/** The public page's look-up of a pack by its code (counted once more); null for a code that is no pack's. */
export async function verifyPack(db: DbOrTx, input: string) {
  const code = parseLetterCode(input);
  if (!code) return null;
  const [row] = await db
    .update(evidencePacks)
    .set({ verifications: sql`${evidencePacks.verifications} + 1` })
    .where(eq(evidencePacks.code, code))
    .returning({
      facts: evidencePacks.facts,
      jws: evidencePacks.jws,
      revokedAt: evidencePacks.revokedAt,
      supersededAt: evidencePacks.supersededAt,
      verifications: evidencePacks.verifications,
    });
  if (!row) return null;
  return {
    facts: row.facts as PackFacts,
    jws: row.jws,
    state: packStateOf(row),
    revokedAt: row.revokedAt,
    supersededAt: row.supersededAt,
    verifications: row.verifications,
  };
}
export type VerifiedPack = NonNullable<Awaited<ReturnType<typeof verifyPack>>>;
