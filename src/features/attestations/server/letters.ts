import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type AdminActor, assertAdmin, assertClient, type ClientActor } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { attestationLetters } from "./schema";
import { serverEnv } from "@/server/core/env";
import { AppError } from "@/server/core/errors";
import { signedWindowOf } from "@/features/authorizations/server";
import { recordAudit } from "@/features/audit/server";
import { queueWebhookEvent } from "@/features/webhooks/server";
import { attestationFindingFacts } from "@/features/findings/server";
import { getFirmDetails } from "@/features/settings/server";
import { signJws } from "@/features/signing/server";
import type { IssueLetterInput } from "@/features/attestations/validation";
import { formatLetterCode, newLetterCode } from "./letter-code";
import { LETTER_DOES_NOT_SAY, LETTER_JWS_TYP, letterClientName, type LetterFacts } from "./letter-facts";
import { isLetterAnonymous } from "./preferences";
import { type LetterState, stateOf } from "./letter-state";
import { findProject, lockProject, inClientProject } from "@/features/projects/server";
import { hasCurrentReport } from "@/features/reports/server";

export const ENGAGEMENT_NOT_FOUND = "Engagement not found.";
export const LETTER_NOT_FOUND = "Letter not found.";
export const NO_PUBLISHED_REPORT = "Publish the engagement's report before issuing an attestation letter.";

/** A letter as the admin's and the portal's lists show it. */
export type LetterRow = {
  id: string;
  projectId: string;
  code: string;
  verifyUrl: string;
  issuedAt: Date;
  state: LetterState;
  supersededAt: Date | null;
  revokedAt: Date | null;
  verifications: number;
  client: string;
  /** The company the letter is of (its access log records the firm's looks). */
  clientId: string;
};

/** A letter's address on the public page (APP_URL's, so the printed QR code leads to this site). */
export const verifyUrlOf = (code: string) => `${serverEnv().appUrl}/verify/${formatLetterCode(code)}`;
/** Where a program reads a letter's state (valid, superseded, revoked) without counting a visit. */
export const statusUrlOf = (code: string) => `${serverEnv().appUrl}/api/verify/${formatLetterCode(code)}`;

const rowColumns = {
  id: attestationLetters.id,
  projectId: attestationLetters.projectId,
  code: attestationLetters.code,
  issuedAt: attestationLetters.issuedAt,
  supersededAt: attestationLetters.supersededAt,
  revokedAt: attestationLetters.revokedAt,
  verifications: attestationLetters.verifications,
  facts: attestationLetters.facts,
  clientId: attestationLetters.clientId,
};

function toRow(
  row: { facts: Record<string, unknown>; code: string; supersededAt: Date | null; revokedAt: Date | null } & Omit<
    LetterRow,
    "state" | "verifyUrl" | "client"
  >,
): LetterRow {
  const { facts, ...rest } = row;
  return { ...rest, state: stateOf(row), verifyUrl: verifyUrlOf(row.code), client: String((facts as LetterFacts).client ?? "") };
}

/**
 * Issues an engagement's attestation letter: its facts (the firm, the client as its owner chose to
 * be named, what the admin states, the findings' counts and retests read now), signed as a compact
 * JWS, and a fresh code. The letter before it, if any, is superseded in the same transaction. Only
 * an engagement with a published report (current and not revoked) gets one.
 */
export async function issueLetter(db: Db, { actor, input }: { actor: AdminActor; input: IssueLetterInput }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    // One issue at a time per engagement: two at once would both supersede the same letter.
    const locked = await lockProject(tx, input.projectId);
    if (!locked) throw new AppError("not_found", ENGAGEMENT_NOT_FOUND);
    const project = { id: locked.id, name: locked.projectName, clientId: locked.clientId, company: locked.company };
    await assertWindowAttestable(tx, project.id, input);
    const letter = await writeLetter(tx, { project, input, issuedBy: actor.userId });
    await recordAudit(tx, {
      actor,
      action: "attestation.issue",
      entityType: "attestation_letter",
      entityId: letter.id,
      clientId: project.clientId,
      after: { code: letter.code, engagement: project.name, superseded: letter.superseded },
    });
    await queueWebhookEvent(tx, {
      clientId: project.clientId,
      type: "attestation.issued",
      data: { letterId: letter.id, projectId: project.id },
      chatText: `Attestation letter issued: ${project.name}`,
      portalPath: `/client-portal?section=projects&project=${project.id}`,
    });
    return { id: letter.id, code: letter.code, verifyUrl: letter.verifyUrl };
  });
}

type LetterProject = { id: string; clientId: string; company: string };

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A letter attests testing that was done and authorized: its window ends by today and lies within the signed one. */
async function assertWindowAttestable(db: DbOrTx, projectId: string, input: { windowStart: string; windowEnd: string }) {
  if (input.windowEnd > todayUtc()) {
    const message = "The testing window cannot end in the future: a letter attests testing already done.";
    throw new AppError("bad_request", message, { fieldErrors: { windowEnd: message } });
  }
  const signed = await signedWindowOf(db, projectId);
  if (signed && (input.windowStart < signed.windowStart || input.windowEnd > signed.windowEnd)) {
    const message = `The testing window must lie within the signed authorization's window (${signed.windowStart} to ${signed.windowEnd}).`;
    throw new AppError("bad_request", message, {
      fieldErrors: input.windowStart < signed.windowStart ? { windowStart: message } : { windowEnd: message },
    });
  }
}

/**
 * Writes a letter of an engagement that has a published report: its facts read and signed now,
 * the one before superseded. `fixed` gives the demo data its known id, code and date.
 */
export async function writeLetter(
  tx: DbOrTx,
  {
    project,
    input,
    issuedBy,
    fixed,
  }: { project: LetterProject; input: IssueLetterInput; issuedBy: string | null; fixed?: { id: string; code: string; issuedAt: Date } },
) {
  if (!(await hasCurrentReport(tx, project.id))) throw new AppError("conflict", NO_PUBLISHED_REPORT);
  const [firm, anonymous, found] = await Promise.all([
    getFirmDetails(tx),
    isLetterAnonymous(tx, project.clientId),
    attestationFindingFacts(tx, project.id),
  ]);
  const code = fixed?.code ?? newLetterCode();
  const issuedAt = fixed?.issuedAt ?? new Date();
  const facts: LetterFacts = {
    type: "attestation-letter",
    version: 1,
    code: formatLetterCode(code),
    verifyUrl: verifyUrlOf(code),
    statusUrl: statusUrlOf(code),
    issuedAt: issuedAt.toISOString(),
    iat: Math.floor(issuedAt.getTime() / 1000),
    firm: firm.name,
    client: letterClientName(project.company, firm.name, anonymous),
    scope: input.scope,
    window: { start: input.windowStart, end: input.windowEnd },
    testers: input.testers,
    methodology: input.methodology,
    findings: found.bySeverity,
    retest: found.retest,
    doesNotSay: LETTER_DOES_NOT_SAY,
  };
  const jws = await signJws(tx, facts, LETTER_JWS_TYP);
  const [letter] = await tx
    .insert(attestationLetters)
    .values({ ...(fixed ? { id: fixed.id } : {}), clientId: project.clientId, projectId: project.id, code, facts, jws, issuedBy, issuedAt })
    .returning({ id: attestationLetters.id });
  const superseded = await tx
    .update(attestationLetters)
    .set({ supersededAt: issuedAt, supersededById: letter!.id })
    .where(
      and(
        eq(attestationLetters.projectId, project.id),
        isNull(attestationLetters.supersededAt),
        sql`${attestationLetters.id} <> ${letter!.id}`,
      ),
    )
    .returning({ id: attestationLetters.id });
  return { id: letter!.id, code: facts.code, verifyUrl: facts.verifyUrl, superseded: superseded.length };
}

/** The firm withdraws a letter: its page says so, with the date, from now on. */
export async function revokeLetter(db: Db, { actor, letterId }: { actor: AdminActor; letterId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [letter] = await tx
      .update(attestationLetters)
      .set({ revokedAt: new Date() })
      .where(and(eq(attestationLetters.id, letterId), isNull(attestationLetters.revokedAt)))
      .returning({
        id: attestationLetters.id,
        code: attestationLetters.code,
        clientId: attestationLetters.clientId,
        projectId: attestationLetters.projectId,
      });
    if (!letter) {
      const [exists] = await tx
        .select({ id: attestationLetters.id })
        .from(attestationLetters)
        .where(eq(attestationLetters.id, letterId))
        .limit(1);
      if (!exists) throw new AppError("not_found", LETTER_NOT_FOUND);
      return { revoked: false };
    }
    await recordAudit(tx, {
      actor,
      action: "attestation.revoke",
      entityType: "attestation_letter",
      entityId: letter.id,
      clientId: letter.clientId,
      before: { revokedAt: null },
      after: { code: formatLetterCode(letter.code) },
    });
    await queueWebhookEvent(tx, {
      clientId: letter.clientId,
      type: "attestation.revoked",
      data: { letterId: letter.id, projectId: letter.projectId },
      chatText: `Attestation letter ${formatLetterCode(letter.code)} revoked`,
      portalPath: `/client-portal?section=projects&project=${letter.projectId}`,
    });
    return { revoked: true };
  });
}

/** An engagement's letters, newest first, for the admin's project page. */
export async function listProjectLetters(db: DbOrTx, { actor, projectId }: { actor: AdminActor; projectId: string }): Promise<LetterRow[]> {
  assertAdmin(actor);
  const rows = await db
    .select(rowColumns)
    .from(attestationLetters)
    .where(eq(attestationLetters.projectId, projectId))
    .orderBy(desc(attestationLetters.issuedAt));
  return rows.map(toRow);
}

/** The company's letters (of one engagement when `projectId` is given), newest first: another company's are never read. */
export async function listPortalLetters(
  db: DbOrTx,
  { actor, projectId }: { actor: ClientActor; projectId?: string },
): Promise<LetterRow[]> {
  assertClient(actor);
  const rows = await db
    .select(rowColumns)
    .from(attestationLetters)
    .where(
      and(
        eq(attestationLetters.clientId, actor.clientId),
        inClientProject(attestationLetters.projectId, actor.clientId),
        projectId ? eq(attestationLetters.projectId, projectId) : undefined,
      ),
    )
    .orderBy(desc(attestationLetters.issuedAt));
  return rows.map(toRow);
}

/**
 * A page of the company's letters for the API (docs/PRODUCT.md#api-and-webhooks), newest first
 * (issue time, then id), after the position of the page before.
 */
export async function pagePortalLetters(
  db: DbOrTx,
  { actor, after, limit }: { actor: ClientActor; after: { issuedAt: string; id: string } | null; limit: number },
): Promise<{ items: LetterRow[]; next: { issuedAt: string; id: string } | null }> {
  assertClient(actor);
  // The issue time to the microsecond, so two letters of one millisecond are neither skipped nor repeated.
  const exactIssuedAt = sql<string>`to_char(${attestationLetters.issuedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const rows = await db
    .select({ ...rowColumns, exactIssuedAt })
    .from(attestationLetters)
    .where(
      and(
        eq(attestationLetters.clientId, actor.clientId),
        inClientProject(attestationLetters.projectId, actor.clientId),
        after
          ? sql`(${attestationLetters.issuedAt}, ${attestationLetters.id}) < (${after.issuedAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(attestationLetters.issuedAt), desc(attestationLetters.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ exactIssuedAt: _, ...row }) => toRow(row)),
    next: rows.length > limit && last ? { issuedAt: last.exactIssuedAt, id: last.id } : null,
  };
}

/** One letter with what its PDF prints: the admin any, a client its own (another company's is a 404). */
export async function getLetterForPdf(db: DbOrTx, { actor, letterId }: { actor: AdminActor | ClientActor; letterId: string }) {
  const [row] = await db
    .select({ ...rowColumns, jws: attestationLetters.jws, clientId: attestationLetters.clientId })
    .from(attestationLetters)
    .where(
      and(
        eq(attestationLetters.id, letterId),
        actor.role === "client"
          ? and(eq(attestationLetters.clientId, actor.clientId), inClientProject(attestationLetters.projectId, actor.clientId))
          : undefined,
      ),
    )
    .limit(1);
  if (!row) throw new AppError("not_found", LETTER_NOT_FOUND);
  return { facts: row.facts as LetterFacts, jws: row.jws, code: row.code, state: stateOf(row), clientId: row.clientId };
}

/** What the admin's issue form starts from: the engagement's description and dates, and whether a letter may be issued. */
export async function letterFormDefaults(db: DbOrTx, { actor, projectId }: { actor: AdminActor; projectId: string }) {
  assertAdmin(actor);
  const found = await findProject(db, projectId);
  if (!found) throw new AppError("not_found", ENGAGEMENT_NOT_FOUND);
  const project = { description: found.description, startDate: found.startDate, endDate: found.targetCompletionDate };
  const reportPublished = await hasCurrentReport(db, projectId);
  // The signed authorization's window and testers when there is one (never past today: a letter
  // attests testing done); else the project's dates, as for engagements from before authorizations.
  const today = todayUtc();
  const signed = await signedWindowOf(db, projectId);
  const start = signed?.windowStart ?? project.startDate;
  const end = signed?.windowEnd ?? project.endDate ?? today;
  return {
    scope: project.description ?? "",
    windowStart: start < today ? start : today,
    windowEnd: end < today ? end : today,
    testers: signed?.testers ?? [],
    hasPublishedReport: reportPublished,
  };
}
export type LetterFormDefaults = Awaited<ReturnType<typeof letterFormDefaults>>;
