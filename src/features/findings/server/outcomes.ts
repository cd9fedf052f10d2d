import "server-only";
import { and, eq, inArray, isNotNull, isNull, notInArray } from "drizzle-orm";
import {
  FINDING_OUTCOMES,
  FINDING_STATUS_LABELS,
  FIRM_CLOSED_FINDING_STATUSES,
  type FindingOutcome,
  type FindingStatus,
} from "@/lib/domain/finding";
import { formatDate } from "@/lib/format";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { findingEvents, findingRetests, findings } from "./schema/records";
import { AppError } from "@/server/core/errors";
import { queueWebhookEvent, queueWebhookEvents } from "@/features/webhooks/server";
import { recordAudit } from "@/features/audit/server";
import { notifyFindingsClosed } from "./finding-mail";
import { FINDING_NOT_FOUND } from "./finding-scope";
import { findingStatusEvent } from "./finding-webhooks";
import { engagementOf } from "./findings-write";

// The firm's corrections of published findings (docs/PRODUCT.md#admin-findings): an outcome
// (false positive, duplicate, won't fix, withdrawn) with its reason, and its undoing back to Open.
// A draft gets no outcome: it is deleted instead.

const admin = (actor: AdminActor) => ({ actorId: actor.userId, actorRole: "admin" as const, actorName: actor.name });

const badRequest = (message: string, field?: string) =>
  new AppError("bad_request", message, field ? { fieldErrors: { [field]: message } } : undefined);

export type OutcomeChange = {
  projectId: string;
  findingIds: string[];
  outcome: FindingOutcome;
  reason: string;
  duplicateOfId?: string;
  agreedByName?: string;
  agreedOn?: string;
};

/**
 * Gives published findings of one engagement an outcome, all or none: each change is a timeline
 * entry, the call one audit row, and the client is mailed when findings are closed by the firm.
 * A duplicate names a published finding of the same engagement that is not itself closed by the
 * firm: never itself, and never a chain back to itself (an original is never a duplicate).
 */
export async function setFindingsOutcome(db: Db, { actor, change }: { actor: AdminActor; change: OutcomeChange }) {
  assertAdmin(actor);
  const { projectId, outcome, reason } = change;
  const ids = [...new Set(change.findingIds)];
  const duplicateOfId = outcome === "duplicate" ? change.duplicateOfId : undefined;
  if (outcome === "duplicate") {
    if (ids.length !== 1) throw badRequest("Mark duplicates one at a time: each names its original.", "findingIds");
    if (!duplicateOfId) throw badRequest("Choose the original finding", "duplicateOfId");
    if (duplicateOfId === ids[0]) throw badRequest("A finding cannot be a duplicate of itself.", "duplicateOfId");
  }
  const agreedByName = outcome === "wont_fix" ? (change.agreedByName ?? "").trim() : "";
  const agreedOn = outcome === "wont_fix" ? (change.agreedOn ?? "") : "";
  if (outcome === "wont_fix") {
    if (!agreedByName) throw badRequest("Name the client's person who agreed", "agreedByName");
    if (!agreedOn) throw badRequest("Enter the date they agreed", "agreedOn");
    if (agreedOn > new Date().toISOString().slice(0, 10)) throw badRequest("The date they agreed cannot be in the future.", "agreedOn");
  }
  return db.transaction(async (tx) => {
    const project = await engagementOf(tx, projectId);
    const rows = await tx
      .select({ id: findings.id, title: findings.title, status: findings.status })
      .from(findings)
      .where(and(eq(findings.projectId, projectId), inArray(findings.id, ids), isNotNull(findings.publishedAt)))
      .for("update");
    if (rows.length !== ids.length)
      throw badRequest("Only published findings of this engagement can be given an outcome (a draft is deleted instead). Reload the page.");
    const same = rows.find((r) => r.status === outcome);
    if (same) throw new AppError("conflict", `"${same.title}" is already ${FINDING_STATUS_LABELS[outcome]}.`);
    const [retest] = await tx
      .select({ title: findings.title })
      .from(findingRetests)
      .innerJoin(findings, eq(findings.id, findingRetests.findingId))
      .where(and(inArray(findingRetests.findingId, ids), isNull(findingRetests.result)))
      .limit(1);
    if (retest) throw new AppError("conflict", `Record the result of the retest requested for "${retest.title}" first.`);
    let original: { id: string; title: string } | undefined;
    if (duplicateOfId) {
      [original] = await tx
        .select({ id: findings.id, title: findings.title })
        .from(findings)
        .where(
          and(
            eq(findings.id, duplicateOfId),
            eq(findings.projectId, projectId),
            isNotNull(findings.publishedAt),
            notInArray(findings.status, [...FIRM_CLOSED_FINDING_STATUSES]),
          ),
        )
        .limit(1);
      if (!original)
        throw badRequest(
          "The original must be a published finding of the same engagement, not itself withdrawn, a false positive or a duplicate.",
          "duplicateOfId",
        );
    }
    await tx
      .update(findings)
      .set({
        status: outcome,
        outcomeReason: reason,
        duplicateOfId: original?.id ?? null,
        agreedByName: agreedByName || null,
        agreedOn: agreedOn || null,
      })
      .where(inArray(findings.id, ids));
    const note =
      outcome === "duplicate"
        ? `Duplicate of "${original!.title}": ${reason}`
        : outcome === "wont_fix"
          ? `${reason} (agreed by ${agreedByName} of ${project.company} on ${formatDate(agreedOn)})`
          : reason;
    await tx.insert(findingEvents).values(
      rows.map((r) => ({
        findingId: r.id,
        kind: outcome === "withdrawn" ? ("withdrawn" as const) : ("outcome" as const),
        fromStatus: r.status,
        toStatus: outcome,
        note,
        ...admin(actor),
      })),
    );
    await recordAudit(tx, {
      actor,
      action: "finding.outcome",
      entityType: ids.length === 1 ? "finding" : "project",
      entityId: ids.length === 1 ? ids[0] : projectId,
      before: { statuses: Object.fromEntries(rows.map((r) => [r.id, r.status])) },
      after: { outcome, reason, findingIds: ids, ...(original ? { duplicateOfId: original.id } : {}) },
    });
    if (outcome !== "wont_fix")
      await notifyFindingsClosed(tx, {
        key: `${outcome}:${ids.join(",").slice(0, 400)}:${Date.now()}`,
        clientId: project.clientId,
        engagement: project.name,
        outcome,
        reason,
        findings: rows.map(({ id, title }) => ({ id, title })),
      });
    await queueWebhookEvents(
      tx,
      rows.map((row) => findingStatusEvent({ ...row, clientId: project.clientId }, outcome)),
    );
    return { changed: rows.length, outcome };
  });
}

/** The firm takes back an outcome: the finding is Open again (a timeline entry, audited). */
export async function undoFindingOutcome(db: Db, { actor, findingId, note }: { actor: AdminActor; findingId: string; note?: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: findings.id, clientId: findings.clientId, title: findings.title, status: findings.status })
      .from(findings)
      .where(eq(findings.id, findingId))
      .for("update")
      .limit(1);
    if (!row) throw FINDING_NOT_FOUND();
    if (!(FINDING_OUTCOMES as readonly FindingStatus[]).includes(row.status))
      throw new AppError("conflict", "This finding has no outcome to undo.");
    await tx
      .update(findings)
      .set({ status: "open", outcomeReason: null, duplicateOfId: null, agreedByName: null, agreedOn: null })
      .where(eq(findings.id, findingId));
    await tx
      .insert(findingEvents)
      .values({ findingId, kind: "outcome_undone", fromStatus: row.status, toStatus: "open", note: note || null, ...admin(actor) });
    await recordAudit(tx, {
      actor,
      action: "finding.outcome_undone",
      entityType: "finding",
      entityId: findingId,
      before: { status: row.status },
      after: { status: "open" },
    });
    await queueWebhookEvent(tx, findingStatusEvent(row, "open"));
    return { status: "open" as const };
  });
}
