import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { engagementAuthorizations, engagementAuthorizationSignatures } from "./schema";
import { findProject, projectFacts } from "@/features/projects/server";
import { AppError } from "@/server/core/errors";
import { ALTERED, isAltered } from "./document";

// The rule of docs/PRODUCT.md#engagement-authorization: no testing work on an engagement before
// its current authorization is signed by both sides and its window has begun. Projects created
// before authorizations existed (authorization_required false) are not held back.

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * `allowAfterWindow`: work that reports on testing already done (publishing its findings) goes on
 * after the window ended; starting or importing testing does not.
 */
type GateOptions = { now?: Date; allowAfterWindow?: boolean };

/** Why the engagement cannot start testing yet, in words the admin can act on; null when it can. */
export async function testingBlocker(
  db: DbOrTx,
  projectId: string,
  { now = new Date(), allowAfterWindow = false }: GateOptions = {},
): Promise<string | null> {
  const project = await findProject(db, projectId);
  if (!project?.authorizationRequired) return null;
  const [current] = await db
    .select({
      id: engagementAuthorizations.id,
      version: engagementAuthorizations.version,
      sentAt: engagementAuthorizations.sentAt,
      content: engagementAuthorizations.content,
      documentHash: engagementAuthorizations.documentHash,
    })
    .from(engagementAuthorizations)
    // Only a version made for the project's own client counts: another company's signature opens nothing.
    .where(and(eq(engagementAuthorizations.projectId, projectId), eq(engagementAuthorizations.clientId, project.clientId)))
    .orderBy(desc(engagementAuthorizations.version))
    .limit(1);
  if (!current) return "No testing authorization yet: draft one and send it to the client to sign.";
  const label = `Version ${current.version} of the authorization`;
  if (!current.sentAt) return `${label} is a draft: send it to the client to sign.`;
  if (isAltered({ projectId, ...current })) return `${label} was altered: ${ALTERED}`;
  const signed = await db
    .select({ side: engagementAuthorizationSignatures.side })
    .from(engagementAuthorizationSignatures)
    .where(and(eq(engagementAuthorizationSignatures.authorizationId, current.id)));
  const sides = new Set(signed.map((s) => s.side));
  if (!sides.has("client")) return `${label} is not signed by the client's owner yet.`;
  if (!sides.has("firm")) return `${label} is signed by the client but not counter-signed by the firm yet.`;
  if (utcDay(now) < current.content.windowStart) return `The testing window begins on ${current.content.windowStart}.`;
  if (!allowAfterWindow && utcDay(now) > current.content.windowEnd)
    return `The testing window ended on ${current.content.windowEnd}: sign a new version to test again.`;
  return null;
}

/** Refuses (400, naming what is missing) work that needs a signed authorization. */
export async function assertTestingAuthorized(db: DbOrTx, projectId: string, work: string, options: GateOptions = {}): Promise<void> {
  const blocker = await testingBlocker(db, projectId, options);
  if (blocker) throw new AppError("bad_request", `${work} needs a signed authorization. ${blocker}`);
}

export type SignedWindow = { windowStart: string; windowEnd: string; testers: string[] };

/**
 * What the engagement's authorization signed by both sides allows (the newest such version made
 * for the project's client, its text unaltered), or null when none: an attestation letter claims
 * no testing outside it (docs/PRODUCT.md#verifying-a-letter).
 */
export async function signedWindowOf(db: DbOrTx, projectId: string): Promise<SignedWindow | null> {
  const facts = projectFacts(db);
  const rows = await db
    .select({
      id: engagementAuthorizations.id,
      version: engagementAuthorizations.version,
      content: engagementAuthorizations.content,
      documentHash: engagementAuthorizations.documentHash,
      side: engagementAuthorizationSignatures.side,
    })
    .from(engagementAuthorizations)
    .innerJoin(facts, and(eq(facts.projectId, engagementAuthorizations.projectId), eq(facts.clientId, engagementAuthorizations.clientId)))
    .innerJoin(engagementAuthorizationSignatures, eq(engagementAuthorizationSignatures.authorizationId, engagementAuthorizations.id))
    .where(eq(engagementAuthorizations.projectId, projectId))
    .orderBy(desc(engagementAuthorizations.version));
  for (const row of rows) {
    const signed = rows.filter((r) => r.id === row.id).length === 2;
    if (signed && !isAltered({ projectId, ...row }))
      return { windowStart: row.content.windowStart, windowEnd: row.content.windowEnd, testers: row.content.testers };
  }
  return null;
}

/** The id of an engagement's newest authorization version (any state), or null without one: an evidence pack names it. */
export async function latestAuthorizationIdOf(db: DbOrTx, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: engagementAuthorizations.id })
    .from(engagementAuthorizations)
    .where(eq(engagementAuthorizations.projectId, projectId))
    .orderBy(desc(engagementAuthorizations.version))
    .limit(1);
  return row?.id ?? null;
}
