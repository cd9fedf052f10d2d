import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { TrackerMapping } from "@/lib/domain/tracker";
import { assertClient, type ClientActor, READ_ONLY_VIEW_MESSAGE } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { trackerConnections, trackerTickets } from "./schema";
import { AppError } from "@/server/core/errors";
import type { JobDefinition, JobRun } from "@/server/core/jobs/job";
import { enqueue, enqueueMany, runningJobSender, runQueuedJobs } from "@/server/core/jobs/send";
import { getFinding } from "@/features/findings/server";
import { CONNECTION_NOT_FOUND, recordTrackerState } from "./connections";
import { findingTicketText, type TicketFinding } from "./ticket-text";
import { trackerClientOf } from "./tracker-client";
import { TrackerError } from "./tracker-error";

// A finding filed as a ticket exactly once (docs/PRODUCT.md#integrations): the ticket's row is
// written first, one per finding and connection (a unique index), with the job of its first
// attempt; the job calls the tracker, and a retry first looks for the ticket an earlier attempt filed.

/** Tries to file a ticket before it is left unfiled with its error: the first and five retries. */
const MAX_ATTEMPTS = 6;
/** The engine's back-off between two tries: doubled from a minute, at most six hours. */
const RETRY_DELAY_SECONDS = 60;
const RETRY_DELAY_MAX_SECONDS = 21_600;

const ticketData = z.object({ id: z.string().uuid(), attempt: z.number().int().min(1) });

/**
 * The job that files a ticket (data: the ticket and the number of the job's first try), keyed by
 * both. A failed try is thrown and the engine retries the same job after its back-off (try =
 * first + the engine's retry count); only a Retry-After longer than that back-off ends the job
 * and sends the next try's job to start when the tracker asked.
 */
export const ticketFileJob: JobDefinition = {
  name: "trackers.file-ticket",
  handler: (db, data, run) => fileTicket(db, ticketData.parse(data), run),
  retryLimit: MAX_ATTEMPTS - 1,
  retryDelaySeconds: RETRY_DELAY_SECONDS,
  retryDelayMaxSeconds: RETRY_DELAY_MAX_SECONDS,
  expireInSeconds: 120,
  batchSize: 5,
};

/** The job whose first try is this attempt of a ticket, in the caller's transaction. */
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

/** The shortest wait the engine's back-off puts after a failed run with this retry count (its jitter only adds). */
function shortestBackOffSeconds(retryCount: number): number {
  return Math.min(RETRY_DELAY_MAX_SECONDS, RETRY_DELAY_SECONDS * 2 ** retryCount);
}

/**
 * One try to file a ticket: counted in its row, then the tracker called, then recorded. A try run
 * again (its instance died, or the row was set back) first looks for the ticket by its marker; a
 * ticket filed already, or past this try, is skipped. A failed try is recorded and thrown for the
 * engine's back-off; the last one leaves the ticket unfiled with its error.
 */
export async function fileTicket(db: Db, { id, attempt: first }: { id: string; attempt: number }, run: JobRun): Promise<FileOutcome> {
  const attempt = first + run.retryCount;
  const [row] = await db
    .select({ ticket: trackerTickets, connection: trackerConnections })
    .from(trackerTickets)
    .innerJoin(trackerConnections, eq(trackerConnections.id, trackerTickets.connectionId))
    .where(eq(trackerTickets.id, id));
  if (!row?.ticket.pending || row.ticket.state !== "creating" || row.connection.state === "revoked") return "skipped";
  const { attempts, pending } = row.ticket;
  if (attempt > MAX_ATTEMPTS || attempts > attempt || attempts < attempt - 1) return "skipped";
  await db.update(trackerTickets).set({ attempts: attempt, updatedAt: new Date() }).where(eq(trackerTickets.id, id));
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
    // The last try failed: the ticket stays unfiled with its error, for a person to ask again.
    const last = attempt >= MAX_ATTEMPTS || run.retryCount >= run.retryLimit;
    const waitSeconds = error.retryAfterSeconds ?? 0;
    // The engine's retry would come before the tracker's Retry-After: this job ends, the next try's waits.
    const ownJob = !last && waitSeconds > shortestBackOffSeconds(run.retryCount);
    await db.transaction(async (tx) => {
      await tx.update(trackerTickets).set({ lastError: error.message, updatedAt: new Date() }).where(eq(trackerTickets.id, id));
      if (ownJob) await queueTicketAttempt(tx, id, attempt + 1, new Date(Date.now() + waitSeconds * 1000));
    });
    if (error.isCredentialProblem) await recordTrackerState(db, row.connection.id, error);
    if (last || ownJob) return "failed";
    throw error;
  }
}

/**
 * Runs the queued ticket jobs now, in this process (runQueuedJobs): what the engine's workers do
 * within 2 s, for tests. `early` takes retries before their wait.
 */
export async function drainTrackerTickets(db: Db, options: { early?: boolean } = {}): Promise<{ filed: number; failed: number }> {
  const totals = { filed: 0, failed: 0 };
  for (const outcome of await runQueuedJobs(db, ticketFileJob, options)) {
    // A try the tracker refused is thrown for the engine to retry: a failure, as the last try's.
    const result = outcome.ok ? (outcome.result as FileOutcome) : outcome.error instanceof TrackerError ? "failed" : null;
    if (result === null) throw (outcome as { error: unknown }).error;
    if (result !== "skipped") totals[result] += 1;
  }
  return totals;
}

/**
 * Gives a job to each unfiled ticket with attempts left and none waiting or running (stored by a
 * script, or before an upgrade). A ticket's first job has the key of its first try, so the engine
 * keeps that from having two; a later try may wait in a job keyed by an earlier one (the engine's
 * retry of it), so a ticket tried before is asked of the engine first.
 */
export async function requeueUnfiledTickets(db: Db): Promise<number> {
  const boss = runningJobSender();
  if (!boss) return 0;
  const rows = await db
    .select({ id: trackerTickets.id, attempts: trackerTickets.attempts })
    .from(trackerTickets)
    .where(and(eq(trackerTickets.state, "creating"), lt(trackerTickets.attempts, MAX_ATTEMPTS)))
    .limit(5000);
  const orphans = [];
  for (const row of rows) {
    const jobs = row.attempts === 0 ? [] : await boss.findJobs(ticketFileJob.name, { data: { id: row.id } });
    if (!jobs.some((job) => LIVE_JOB_STATES.has(job.state))) orphans.push(row);
  }
  await enqueueMany(
    db,
    ticketFileJob,
    orphans.map((row) => ({ data: { id: row.id, attempt: row.attempts + 1 }, key: `${row.id}:${row.attempts + 1}` })),
  );
  return orphans.length;
}

const LIVE_JOB_STATES = new Set<string>(["created", "retry", "active"]);
