import "server-only";
import type { SignatureMethod } from "@/lib/domain/signature-method";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { AuthorizationFormOutput } from "@/features/authorizations/validation";
import { type AdminActor, assertAdmin, type ClientActor } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { type AuthorizationContent, engagementAuthorizations, engagementAuthorizationSignatures } from "./schema";
import { companyNameSql } from "@/features/clients/server";
import { findProject, lockProject, projectFacts, inClientProject } from "@/features/projects/server";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { getAuthorizationTerms, getFirmDetails } from "@/features/settings/server";
import { notifyAuthorizationSent, notifyAuthorizationSigned } from "./authorization-mail";
import { queueAuthorizationEvent } from "./authorization-webhooks";
import { ALTERED, documentHashOf, isAltered } from "./document";
import { testingBlocker } from "./gate";

export const AUTHORIZATION_NOT_FOUND = "Authorization not found";
const notFound = () => new AppError("not_found", AUTHORIZATION_NOT_FOUND);
const CHANGED = "This authorization changed since you opened it. Reload the page and read it again.";

export type AuthorizationSignature = {
  side: "client" | "firm";
  signerName: string;
  signerEmail: string;
  method: SignatureMethod;
  signedAt: Date;
  clientAddress: string;
  documentHash: string;
};

export type AuthorizationVersion = {
  id: string;
  version: number;
  content: AuthorizationContent;
  documentHash: string | null;
  sentAt: Date | null;
  sealed: boolean;
  /** Draft, Sent, Signed by Client, Signed, or Superseded (a newer version exists). */
  state: AuthorizationState;
  signatures: AuthorizationSignature[];
};
export type AuthorizationState = "Draft" | "Sent" | "Signed by Client" | "Signed" | "Superseded" | "Altered";

async function versionsOf(
  db: DbOrTx,
  projectId: string,
  { sentOnly, clientId }: { sentOnly: boolean; clientId?: string },
): Promise<AuthorizationVersion[]> {
  const rows = await db
    .select({
      id: engagementAuthorizations.id,
      version: engagementAuthorizations.version,
      content: engagementAuthorizations.content,
      documentHash: engagementAuthorizations.documentHash,
      sentAt: engagementAuthorizations.sentAt,
      sealedKey: engagementAuthorizations.sealedKey,
    })
    .from(engagementAuthorizations)
    .where(
      and(
        eq(engagementAuthorizations.projectId, projectId),
        // The client reads only versions made for its own company (a stale copied id shows nothing).
        clientId ? eq(engagementAuthorizations.clientId, clientId) : undefined,
      ),
    )
    .orderBy(desc(engagementAuthorizations.version));
  const signatures = rows.length
    ? await db
        .select()
        .from(engagementAuthorizationSignatures)
        .where(
          inArray(
            engagementAuthorizationSignatures.authorizationId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(engagementAuthorizationSignatures.signedAt))
    : [];
  const newest = rows[0]?.version;
  return rows
    .filter((r) => !sentOnly || r.sentAt)
    .map((r) => {
      const own = signatures.filter((s) => s.authorizationId === r.id);
      const sides = new Set(own.map((s) => s.side));
      const state: AuthorizationState = isAltered({ projectId, version: r.version, content: r.content, documentHash: r.documentHash })
        ? "Altered"
        : sides.has("client") && sides.has("firm")
          ? "Signed"
          : r.version !== newest
            ? "Superseded"
            : sides.has("client")
              ? "Signed by Client"
              : r.sentAt
                ? "Sent"
                : "Draft";
      return {
        id: r.id,
        version: r.version,
        content: r.content,
        documentHash: r.documentHash,
        sentAt: r.sentAt,
        sealed: r.sealedKey !== null,
        state,
        signatures: own.map((s) => ({
          side: s.side,
          signerName: s.signerName,
          signerEmail: s.signerEmail,
          method: s.method,
          signedAt: s.signedAt,
          clientAddress: s.clientAddress,
          documentHash: s.documentHash,
        })),
      };
    });
}

export type AdminProjectAuthorization = {
  project: { id: string; projectName: string; status: string; clientId: string; company: string; authorizationRequired: boolean };
  versions: AuthorizationVersion[];
  /** Why testing cannot start yet (null: it can, or the project is not held back). */
  blocker: string | null;
  /**
   * What a new draft starts from: the newest version's content, else the firm's template terms
   * with the testing window the project's dates give (its start to its target completion).
   */
  draftStart: AuthorizationContent;
};

export async function getAdminProjectAuthorization(
  db: DbOrTx,
  { actor, projectId }: { actor: AdminActor; projectId: string },
): Promise<AdminProjectAuthorization | null> {
  assertAdmin(actor);
  const facts = projectFacts(db);
  const [row] = await db
    .select({
      id: facts.projectId,
      projectName: facts.projectName,
      status: facts.status,
      clientId: facts.clientId,
      company: companyNameSql(facts.clientId),
      authorizationRequired: facts.authorizationRequired,
      startDate: facts.startDate,
      targetCompletionDate: facts.targetCompletionDate,
    })
    .from(facts)
    .where(eq(facts.projectId, projectId))
    .limit(1);
  if (!row) return null;
  const { startDate, targetCompletionDate, ...project } = row;
  const versions = await versionsOf(db, projectId, { sentOnly: false });
  const { terms } = await getAuthorizationTerms(db);
  const draftStart = versions[0]?.content ?? {
    inScope: [],
    outOfScope: [],
    // The project's own dates: the firm adjusts them if the testing is narrower.
    windowStart: startDate,
    windowEnd: targetCompletionDate ?? "",
    testers: [],
    emergencyContacts: [],
    price: "",
    terms,
  };
  return { project, versions, blocker: await testingBlocker(db, projectId), draftStart };
}

/** The client's view: sent versions of one of its own projects (a draft stays with the firm). */
export async function getPortalProjectAuthorization(
  db: DbOrTx,
  { actor, projectId }: { actor: ClientActor; projectId: string },
): Promise<{ versions: AuthorizationVersion[]; canSign: boolean } | null> {
  const project = await findProject(db, projectId, actor.clientId);
  if (!project) return null;
  return {
    versions: await versionsOf(db, projectId, { sentOnly: true, clientId: actor.clientId }),
    canSign: actor.personRole === "owner" && !actor.viewer,
  };
}

/**
 * Saves the draft: the newest version when it is still a draft, else a new version (a sent or
 * signed one is never changed: a changed scope is signed anew, and the old versions stay).
 */
export async function saveAuthorizationDraft(db: Db, { actor, input }: { actor: AdminActor; input: AuthorizationFormOutput }) {
  assertAdmin(actor);
  const { projectId, ...content } = input;
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project) throw new AppError("bad_request", "Unknown engagement", { fieldErrors: { projectId: "Unknown engagement" } });
    const [newest] = await tx
      .select({ id: engagementAuthorizations.id, version: engagementAuthorizations.version, sentAt: engagementAuthorizations.sentAt })
      .from(engagementAuthorizations)
      .where(eq(engagementAuthorizations.projectId, projectId))
      .orderBy(desc(engagementAuthorizations.version))
      .limit(1);
    let saved: { id: string; version: number };
    if (newest && !newest.sentAt) {
      await tx.update(engagementAuthorizations).set({ content }).where(eq(engagementAuthorizations.id, newest.id));
      saved = { id: newest.id, version: newest.version };
    } else {
      [saved] = (await tx
        .insert(engagementAuthorizations)
        .values({ clientId: project.clientId, projectId, version: (newest?.version ?? 0) + 1, content })
        .returning({ id: engagementAuthorizations.id, version: engagementAuthorizations.version })) as [{ id: string; version: number }];
    }
    await recordAudit(tx, {
      actor,
      action: "authorization.save",
      entityType: "project",
      entityId: projectId,
      after: { version: saved.version },
    });
    return saved;
  });
}

export async function lockedVersion(tx: DbOrTx, authorizationId: string, clientId?: string) {
  const [row] = await tx
    .select({
      id: engagementAuthorizations.id,
      projectId: engagementAuthorizations.projectId,
      clientId: engagementAuthorizations.clientId,
      version: engagementAuthorizations.version,
      content: engagementAuthorizations.content,
      documentHash: engagementAuthorizations.documentHash,
      sentAt: engagementAuthorizations.sentAt,
    })
    .from(engagementAuthorizations)
    .where(
      clientId
        ? and(
            eq(engagementAuthorizations.id, authorizationId),
            eq(engagementAuthorizations.clientId, clientId),
            inClientProject(engagementAuthorizations.projectId, clientId),
          )
        : eq(engagementAuthorizations.id, authorizationId),
    )
    .for("update")
    .limit(1);
  if (!row) throw notFound();
  const [newest] = await tx
    .select({ version: engagementAuthorizations.version })
    .from(engagementAuthorizations)
    .where(eq(engagementAuthorizations.projectId, row.projectId))
    .orderBy(desc(engagementAuthorizations.version))
    .limit(1);
  return { ...row, current: newest?.version === row.version };
}

/** Sends the draft to the client: its text and hash are fixed from now on. */
export async function sendAuthorization(db: Db, { actor, authorizationId }: { actor: AdminActor; authorizationId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const row = await lockedVersion(tx, authorizationId);
    if (row.sentAt) throw new AppError("bad_request", "This version was already sent. Edit it to make a new version.");
    const facts = projectFacts(tx);
    const [names] = await tx
      .select({ company: companyNameSql(facts.clientId), engagement: facts.projectName })
      .from(facts)
      .where(eq(facts.projectId, row.projectId))
      .limit(1);
    const content: AuthorizationContent = {
      ...row.content,
      parties: { firm: (await getFirmDetails(tx)).name, client: names!.company, engagement: names!.engagement },
    };
    const documentHash = documentHashOf({ projectId: row.projectId, version: row.version, content });
    const sentAt = new Date();
    await tx.update(engagementAuthorizations).set({ content, documentHash, sentAt }).where(eq(engagementAuthorizations.id, row.id));
    await recordAudit(tx, {
      actor,
      action: "authorization.send",
      entityType: "project",
      entityId: row.projectId,
      clientId: row.clientId,
      after: { version: row.version, documentHash },
    });
    await notifyAuthorizationSent(tx, row);
    await queueAuthorizationEvent(tx, row, { type: "authorization.sent" });
    return { documentHash, sentAt };
  });
}

type SignatureProof = { fullName: string; documentHash: string; method: SignatureMethod; clientAddress: string };

export async function addSignature(
  tx: DbOrTx,
  row: Awaited<ReturnType<typeof lockedVersion>>,
  side: "client" | "firm",
  signer: { userId: string; email: string },
  proof: SignatureProof,
) {
  if (!row.sentAt || !row.documentHash) throw notFound();
  if (!row.current) throw new AppError("bad_request", "A newer version of this authorization exists. Reload the page to read it.");
  if (row.documentHash !== proof.documentHash) throw new AppError("bad_request", CHANGED);
  if (isAltered(row)) throw new AppError("bad_request", `This version cannot be signed: ${ALTERED}`);
  const [signed] = await tx
    .insert(engagementAuthorizationSignatures)
    .values({
      authorizationId: row.id,
      side,
      userId: signer.userId,
      signerName: proof.fullName,
      signerEmail: signer.email,
      method: proof.method,
      clientAddress: proof.clientAddress,
      documentHash: row.documentHash,
    })
    .onConflictDoNothing()
    .returning({ signedAt: engagementAuthorizationSignatures.signedAt });
  if (!signed)
    throw new AppError(
      "bad_request",
      side === "client" ? "This version is already signed for the client." : "This version is already counter-signed.",
    );
  return signed;
}

/** The client's owner signs the version they read (a member, or an admin viewing the portal, cannot). */
export async function signAuthorization(
  db: Db,
  { actor, authorizationId, proof }: { actor: ClientActor; authorizationId: string; proof: SignatureProof },
) {
  if (actor.viewer) throw new AppError("forbidden", "The firm cannot sign for the client.");
  if (actor.personRole !== "owner") throw new AppError("forbidden", "Only an owner of your company can sign the authorization.");
  return db.transaction(async (tx) => {
    const row = await lockedVersion(tx, authorizationId, actor.clientId);
    const signed = await addSignature(tx, row, "client", actor, proof);
    await recordAudit(tx, {
      actor,
      action: "authorization.sign",
      entityType: "project",
      entityId: row.projectId,
      clientId: row.clientId,
      after: { version: row.version, documentHash: row.documentHash, method: proof.method },
    });
    await notifyAuthorizationSigned(tx, row, proof.fullName);
    await queueAuthorizationEvent(tx, row, { type: "authorization.signed", side: "client" });
    return signed;
  });
}
