import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { FINDING_STATUS_LABELS, type FindingStatus, STATUS_AFTER_RETEST } from "@/lib/domain/finding";
import { type Actor, type AdminActor, assertAdmin, assertClient, type ClientActor, personIdOf } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { findingComments, findingEvents, findingRetests, findings } from "./schema/records";
import { AppError } from "@/server/core/errors";
import { uniqueViolationOf } from "@/server/core/db/unique-violation";
import { recordAudit } from "@/features/audit/server";
import { getMinRetestTrials } from "@/features/settings/server";
import { queueWebhookEvent } from "@/features/webhooks/server";
import { notifyRetestRequested, notifyRetestResult } from "./finding-mail";
import { FINDING_NOT_FOUND, findingScope } from "./finding-scope";
import {
  insertRetestMeasurement,
  measurementNote,
  type RetestResultCall,
  retestVerdict,
  verdictNote,
} from "@/features/measurements/server";
import { findingPortalPath, findingStatusEvent } from "./finding-webhooks";
import { notVerifiedFindings } from "./not-verified";

// The remediation workflow (docs/PRODUCT.md#portal-findings): Open → In remediation → Fixed
// (pending retest) → Verified fixed or Still open (an AI finding's Reduced leaves it Still open); or Risk accepted. Every step is a timeline entry.

/** Where a client may take a finding from: it is theirs to fix while unresolved. */
const CLIENT_WORKABLE: readonly FindingStatus[] = ["open", "in_remediation", "still_open", "regressed"];

const by = (actor: Actor) => ({ actorId: personIdOf(actor), actorRole: actor.role, actorName: actor.name });

function assertActor(actor: Actor) {
  if (actor.role === "client") assertClient(actor);
  else assertAdmin(actor);
}

/** The finding the actor may reach, locked for the change (404 otherwise: a draft or another company's). */
async function lockFinding(tx: DbOrTx, actor: Actor, findingId: string) {
  const [row] = await tx
    .select({
      id: findings.id,
      clientId: findings.clientId,
      projectId: findings.projectId,
      title: findings.title,
      status: findings.status,
      publishedAt: findings.publishedAt,
      owaspLlm: findings.owaspLlm,
      atlas: findings.atlas,
      sourceTool: findings.sourceTool,
    })
    .from(findings)
    .where(findingScope(actor, findingId))
    .for("update")
    .limit(1);
  if (!row) throw FINDING_NOT_FOUND();
  return row;
}

const cannot = (message: string) => new AppError("conflict", message);

async function moveTo(
  tx: DbOrTx,
  {
    actor,
    finding,
    to,
    kind,
    note,
  }: {
    actor: Actor;
    finding: { id: string; clientId: string; title: string; status: FindingStatus };
    to: FindingStatus;
    kind: "status" | "retest_requested" | "retest_result" | "risk_accepted";
    note?: string | null;
  },
) {
  await tx.update(findings).set({ status: to }).where(eq(findings.id, finding.id));
  await tx
    .insert(findingEvents)
    .values({ findingId: finding.id, kind, fromStatus: finding.status, toStatus: to, note: note || null, ...by(actor) });
  await queueWebhookEvent(tx, findingStatusEvent(finding, to));
}

/** The client starts working on a finding: Open, Still open or Regressed → In remediation. */
export async function startRemediation(db: Db, { actor, findingId }: { actor: ClientActor; findingId: string }) {
  assertClient(actor);
  return db.transaction(async (tx) => {
    const finding = await lockFinding(tx, actor, findingId);
    if (finding.status !== "open" && finding.status !== "still_open" && finding.status !== "regressed")
      throw cannot("Only an open finding can move to In remediation.");
    await moveTo(tx, { actor, finding, to: "in_remediation", kind: "status" });
    return { status: "in_remediation" as const };
  });
}

/**
 * A Verified Fixed finding shown fixed on another model version than the one the client runs now
 * (not-verified.ts): the client may ask for it to be retested on the version it runs.
 */
async function fixedOnAnotherVersion(tx: DbOrTx, finding: { id: string; projectId: string; status: FindingStatus }) {
  if (finding.status !== "verified_fixed") return false;
  return (await notVerifiedFindings(tx, { projectId: finding.projectId, findingId: finding.id })).length > 0;
}

/**
 * The client marks a finding fixed and asks for a retest: one open request per finding. A Verified
 * Fixed finding not verified on the version the client runs now may be asked for again.
 */
export async function requestRetest(db: Db, { actor, findingId, note }: { actor: ClientActor; findingId: string; note: string }) {
  assertClient(actor);
  try {
    return await db.transaction(async (tx) => {
      const finding = await lockFinding(tx, actor, findingId);
      if (!CLIENT_WORKABLE.includes(finding.status) && !(await fixedOnAnotherVersion(tx, finding)))
        throw cannot("This finding is not open, so it cannot be retested now.");
      const [retest] = await tx
        .insert(findingRetests)
        .values({ findingId, note, requestedBy: personIdOf(actor), requestedByName: actor.name })
        .returning({ id: findingRetests.id });
      await moveTo(tx, { actor, finding, to: "fixed_pending_retest", kind: "retest_requested", note });
      await notifyRetestRequested(tx, { id: retest!.id, findingId, title: finding.title, company: actor.company, by: actor.name });
      return { retestId: retest!.id };
    });
  } catch (error) {
    // Two requests at once: the partial unique index lets one through.
    if (uniqueViolationOf(error) !== null) throw cannot("A retest is already requested for this finding.");
    throw error;
  }
}

/**
 * The client's ticket system reopened the finding's ticket while a retest waited
 * (docs/PRODUCT.md#integrations): the fix did not hold, so the request is withdrawn before the
 * firm spends a retest on it and the finding is Open again; the timeline keeps both steps.
 */
export async function withdrawRetestRequest(db: Db, { actor, findingId, note }: { actor: ClientActor; findingId: string; note: string }) {
  assertClient(actor);
  return db.transaction(async (tx) => {
    const finding = await lockFinding(tx, actor, findingId);
    if (finding.status !== "fixed_pending_retest") throw cannot("No retest is waiting for this finding.");
    await tx.delete(findingRetests).where(and(eq(findingRetests.findingId, findingId), isNull(findingRetests.result)));
    await moveTo(tx, { actor, finding, to: "open", kind: "status", note });
    return { status: "open" as const };
  });
}

/**
 * The firm records the open retest's result; the client is told. A finding that is not an AI one
 * takes the result the firm chose (Verified fixed or Still open). An AI finding's retest gives its
 * trials, successes, the model version tried, its judge and any person's review, stored as a
 * measurement linked to the retest, and its result follows from them (the measurements slice's `retestVerdict`,
 * docs/PRODUCT.md#measured-ai-findings): Verified fixed only with no success over the firm's minimum
 * trials on a validated judge or a review; Reduced only when shown lower than the firm's previous
 * measurement (the finding stays open: Still open), else Still open.
 */
export async function recordRetestResult(db: Db, { actor, findingId, result: chosen, note, ...measured }: RetestResultCall) {
  assertAdmin(actor);
  const minTrials = await getMinRetestTrials(db);
  return db.transaction(async (tx) => {
    const finding = await lockFinding(tx, actor, findingId);
    const [retest] = await tx
      .select({ id: findingRetests.id })
      .from(findingRetests)
      .where(and(eq(findingRetests.findingId, findingId), isNull(findingRetests.result)))
      .limit(1);
    if (!retest) throw cannot("No retest is requested for this finding.");
    const verdict = await retestVerdict(tx, { finding, chosen, minTrials, measured });
    const { result, counts, comparison } = verdict;
    await tx
      .update(findingRetests)
      .set({ result, resultNote: note || null, decidedBy: actor.userId, decidedAt: new Date() })
      .where(eq(findingRetests.id, retest.id));
    if (counts) await insertRetestMeasurement(tx, { findingId, retestId: retest.id, actor, ...counts });
    const rate = counts ? measurementNote(counts) : null;
    const timelineNote = [rate && `${FINDING_STATUS_LABELS[result]}: ${rate}`, verdictNote(comparison, counts), note]
      .filter(Boolean)
      .join("\n\n");
    await moveTo(tx, { actor, finding, to: STATUS_AFTER_RETEST[result], kind: "retest_result", note: timelineNote });
    await queueWebhookEvent(tx, {
      clientId: finding.clientId,
      type: "retest.completed",
      data: { findingId, retestId: retest.id, result },
      chatText: `Retest ${FINDING_STATUS_LABELS[result]}: ${finding.title}`,
      portalPath: findingPortalPath(findingId),
    });
    await recordAudit(tx, {
      actor,
      action: "finding.retest_result",
      entityType: "finding",
      entityId: findingId,
      after: counts ? { result, trials: counts.trials, successes: counts.successes, modelVersion: counts.modelVersion } : { result },
    });
    await notifyRetestResult(tx, { id: retest.id, clientId: finding.clientId, findingId, title: finding.title, result, rate });
    return { status: result };
  });
}

/** An owner of the client accepts the risk until a date, with the reason; the firm acknowledges it later. */
export async function acceptRisk(
  db: Db,
  { actor, findingId, reason, expiresOn }: { actor: ClientActor; findingId: string; reason: string; expiresOn: string },
) {
  assertClient(actor);
  if (actor.personRole !== "owner") throw new AppError("forbidden", "Only an owner of your company can accept a risk.");
  const today = new Date().toISOString().slice(0, 10);
  const limit = new Date(Date.now() + 731 * 86_400_000).toISOString().slice(0, 10);
  if (expiresOn <= today || expiresOn > limit)
    throw new AppError("bad_request", "Choose an expiry date after today and within two years.", {
      fieldErrors: { expiresOn: "Choose an expiry date after today and within two years." },
    });
  return db.transaction(async (tx) => {
    const finding = await lockFinding(tx, actor, findingId);
    if (!CLIENT_WORKABLE.includes(finding.status)) throw cannot("Only an open finding's risk can be accepted.");
    await tx
      .update(findings)
      .set({ riskReason: reason, riskExpiresOn: expiresOn, riskAcceptedBy: personIdOf(actor), riskAcknowledgedAt: null })
      .where(eq(findings.id, findingId));
    await moveTo(tx, { actor, finding, to: "risk_accepted", kind: "risk_accepted", note: `${reason} (until ${expiresOn})` });
    return { status: "risk_accepted" as const };
  });
}

/** The firm acknowledges a client's risk acceptance; audited. */
export async function acknowledgeRisk(db: Db, { actor, findingId }: { actor: AdminActor; findingId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: findings.status, acknowledgedAt: findings.riskAcknowledgedAt })
      .from(findings)
      .where(eq(findings.id, findingId))
      .for("update")
      .limit(1);
    if (!row) throw FINDING_NOT_FOUND();
    if (row.status !== "risk_accepted" || row.acknowledgedAt) throw cannot("There is no risk acceptance to acknowledge.");
    await tx.update(findings).set({ riskAcknowledgedAt: new Date() }).where(eq(findings.id, findingId));
    await tx.insert(findingEvents).values({ findingId, kind: "risk_acknowledged", ...by(actor) });
    await recordAudit(tx, { actor, action: "finding.risk_acknowledged", entityType: "finding", entityId: findingId });
    return { findingId };
  });
}

/** A comment on a finding the actor may reach (plain text, shown as text). */
export async function addFindingComment(db: Db, { actor, findingId, body }: { actor: Actor; findingId: string; body: string }) {
  assertActor(actor);
  return db.transaction(async (tx) => {
    await lockFinding(tx, actor, findingId);
    const [row] = await tx
      .insert(findingComments)
      .values({ findingId, body, ...by(actor) })
      .returning({ id: findingComments.id });
    return { commentId: row!.id };
  });
}
