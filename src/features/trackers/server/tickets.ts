import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { TrackerMapping } from "@/lib/domain/tracker";
import { assertClient, type ClientActor, READ_ONLY_VIEW_MESSAGE } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { trackerConnections, trackerTickets } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import type { JobDefinition } from "@/server/core/jobs/job";
import { enqueue, enqueueMany, runQueuedJobs } from "@/server/core/jobs/send";
import { getFinding } from "@/features/findings/server";
import { CONNECTION_NOT_FOUND, recordTrackerState } from "./connections";
import { findingTicketText, type TicketFinding } from "./ticket-text";
import { trackerClientOf } from "./tracker-client";
import { TrackerError } from "./tracker-error";

// A finding filed as a ticket exactly once (docs/PRODUCT.md#integrations): the ticket's row is
// written first, one per finding and connection (a unique index), with the job of its first
// attempt; the job calls the tracker, and a retry first looks for the ticket an earlier attempt filed.

/** Seconds before each retry of a ticket the tracker did not take: 1 min, 5 min, 30 min, 2 h, 6 h. */
const RETRY_SECONDS = [60, 300, 1800, 7200, 21_600] as const;
const MAX_ATTEMPTS = RETRY_SECONDS.length + 1;

const ticketData = z.object({ id: z.string().uuid(), attempt: z.number().int().min(1) });

/**
 * One job per attempt to file a ticket (data: the ticket and the attempt's number), keyed by both:
 * the first sent with the row, each retry by the attempt before it, after the schedule's wait or
 * the tracker's Retry-After when longer. The engine's own retries cover an attempt cut off (its
 * instance died) or an unexpected error.
 */
export const ticketFileJob: JobDefinition = {
  name: "trackers.file-ticket",
  handler: (db, data) => fileTicket(db, ticketData.parse(data)),
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 21_600,
  expireInSeconds: 120,
  batchSize: 5,
};

/** The job of a ticket's attempt, in the caller's transaction. */
export async function queueTicketAttempt(db: DbOrTx, id: string, attempt: number, startAfter?: Date): Promise<void> {
  await enqueue(db, ticketFileJob, { id, attempt }, { key: `${id}:${attempt}`, startAfter });
}

/**
 * **Create ticket** on a published finding of the actor's company (owners and members; a viewing
 * admin changes nothing): queued, and answered at once; asking again changes nothing.
 */
export async function requestTicket(
  db: DbOrTx,
  { actor, findingId, connectionId }: { actor: ClientActor; findingId: string; connectionId: string },
): Promise<{ ticketId: string; queued: boolean }> {
  assertClient(actor);
  if (actor.viewer) throw new AppError("forbidden", READ_ONLY_VIEW_MESSAGE);
  const [connection] = await db
    .select({ id: trackerConnections.id, state: trackerConnections.state, mapping: trackerConnections.mapping })
    .from(trackerConnections)
    .where(and(eq(trackerConnections.id, connectionId), eq(trackerConnections.clientId, actor.clientId)))
    .limit(1);
  if (!connection || connection.state === "revoked") throw new AppError("not_found", CONNECTION_NOT_FOUND);
  // Another company's finding, or a draft, is missing here as everywhere (the client's scope).
  const finding = await getFinding(db, { actor, findingId });
  const queued = await queueTicket(db, { connectionId, finding, mapping: connection.mapping });
  if (queued) return { ticketId: queued, queued: true };
  const [existing] = await db
    .select({ id: trackerTickets.id })
    .from(trackerTickets)
    .where(and(eq(trackerTickets.connectionId, connectionId), eq(trackerTickets.findingId, findingId)));
  return { ticketId: existing!.id, queued: false };
}

/**
 * The ticket's row, due now, with the text it will carry: the one insert of a ticket (a person's
 * Create ticket, or automatic creation). Null when the finding already has one in this connection.
 */
export async function queueTicket(
  db: DbOrTx,
  { connectionId, finding, mapping }: { connectionId: string; finding: TicketFinding; mapping: TrackerMapping },
): Promise<string | null> {
  const [row] = await db
    .insert(trackerTickets)
    .values({
      connectionId,
      findingId: finding.id,
      pending: { ...findingTicketText(finding, mapping), labels: [mapping.severityLabels[finding.severity]] },
    })
    .onConflictDoNothing()
    .returning({ id: trackerTickets.id });
  if (row) await queueTicketAttempt(db, row.id, 1);
  return row?.id ?? null;
}

export type FileOutcome = "filed" | "failed" | "skipped";

/**
 * One attempt to file a ticket: counted in its row, then the tracker called, then recorded. An
 * attempt run again (its instance died, or the row was set back) first looks for the ticket by
 * its marker; a ticket filed already, or past this attempt, is skipped.
 */
export async function fileTicket(db: Db, { id, attempt }: { id: string; attempt: number }): Promise<FileOutcome> {
  const [row] = await db
    .select({ ticket: trackerTickets, connection: trackerConnections })
    .from(trackerTickets)
    .innerJoin(trackerConnections, eq(trackerConnections.id, trackerTickets.connectionId))
    .where(eq(trackerTickets.id, id));
  if (!row?.ticket.pending || row.ticket.state !== "creating" || row.connection.state === "revoked") return "skipped";
  const { attempts, pending } = row.ticket;
  if (attempts > attempt || attempts < attempt - 1) return "skipped";
  await db.update(trackerTickets).set({ attempts: attempt }).where(eq(trackerTickets.id, id));
  try {
    const tracker = trackerClientOf(row.connection);
    // An earlier attempt (or an earlier run of this one) may have filed it and died before recording so.
    const earlier = attempt > 1 || attempts >= attempt ? await tracker.findByMarker(pending.marker) : null;
    const ticket = earlier ?? (await tracker.create(pending, pending.labels));
    await db
      .update(trackerTickets)
      .set({ state: ticket.state, externalKey: ticket.key, externalUrl: ticket.url, lastError: null, updatedAt: new Date() })
      .where(eq(trackerTickets.id, id));
    await recordTrackerState(db, row.connection.id, null);
    return "filed";
  } catch (error) {
    if (!(error instanceof TrackerError)) throw error;
    const wait = Math.max(RETRY_SECONDS[attempt - 1] ?? RETRY_SECONDS.at(-1)!, error.retryAfterSeconds ?? 0);
    await db.transaction(async (tx) => {
      await tx.update(trackerTickets).set({ lastError: error.message, updatedAt: new Date() }).where(eq(trackerTickets.id, id));
      // The last attempt failed: the ticket stays unfiled with its error, for a person to ask again.
      if (attempt < MAX_ATTEMPTS) await queueTicketAttempt(tx, id, attempt + 1, new Date(Date.now() + wait * 1000));
    });
    if (error.isCredentialProblem) await recordTrackerState(db, row.connection.id, error);
    return "failed";
  }
}

/**
 * Runs the queued ticket jobs now, in this process (runQueuedJobs): what the engine's workers do
 * within 2 s, for tests. `early` takes retries before their wait.
 */
export async function drainTrackerTickets(db: Db, options: { early?: boolean } = {}): Promise<{ filed: number; failed: number }> {
  const totals = { filed: 0, failed: 0 };
  for (const outcome of await runQueuedJobs(db, ticketFileJob, options)) {
    if (!outcome.ok) throw outcome.error;
    const result = outcome.result as FileOutcome;
    if (result !== "skipped") totals[result] += 1;
  }
  return totals;
}

/**
 * Gives a job to each unfiled ticket with attempts left and none waiting or running (stored by a
 * script, or before an upgrade): the engine's key keeps an attempt from having two.
 */
export async function requeueUnfiledTickets(db: Db): Promise<number> {
  const rows = await db
    .select({ id: trackerTickets.id, attempts: trackerTickets.attempts })
    .from(trackerTickets)
    .where(and(eq(trackerTickets.state, "creating"), lt(trackerTickets.attempts, MAX_ATTEMPTS)))
    .limit(5000);
  await enqueueMany(
    db,
    ticketFileJob,
    rows.map((row) => ({ data: { id: row.id, attempt: row.attempts + 1 }, key: `${row.id}:${row.attempts + 1}` })),
  );
  return rows.length;
}
