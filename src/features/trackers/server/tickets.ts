import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { TrackerMapping } from "@/lib/domain/tracker";
import { assertClient, type ClientActor, READ_ONLY_VIEW_MESSAGE } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { trackerConnections, trackerTickets } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import { getFinding } from "@/features/findings/server";
import { CONNECTION_NOT_FOUND, recordTrackerState } from "./connections";
import { findingTicketText, type TicketFinding } from "./ticket-text";
import { trackerClientOf } from "./tracker-client";
import { TrackerError } from "./tracker-error";

// A finding filed as a ticket exactly once (docs/PRODUCT.md#integrations): the ticket's row is
// written first, one per finding and connection (a unique index), and a queue drained by the
// operations tick calls the tracker; a retry first looks for the ticket an earlier attempt filed.

/** Seconds before each retry of a ticket the tracker did not take: 1 min, 5 min, 30 min, 2 h, 6 h. */
const RETRY_SECONDS = [60, 300, 1800, 7200, 21_600] as const;
const MAX_ATTEMPTS = RETRY_SECONDS.length + 1;
const LEASE_SECONDS = 60;
const BATCH = 20;

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
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: trackerTickets.id });
  return row?.id ?? null;
}

type Claimed = { id: string; connection_id: string; attempts: number };

/** Claims due tickets (SKIP LOCKED: another instance takes others), held by a lease meanwhile. */
async function claimDue(db: Db): Promise<Claimed[]> {
  const result = await db.execute<Claimed>(sql`
    update ${trackerTickets} t
       set attempts = t.attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
     where t.id in (
       select t2.id from ${trackerTickets} t2
         join ${trackerConnections} c on c.id = t2.connection_id
        where t2.state = 'creating' and t2.next_attempt_at <= now() and c.state <> 'revoked'
        order by t2.next_attempt_at
        limit ${BATCH}
        for update of t2 skip locked)
    returning t.id, t.connection_id, t.attempts`);
  return (result as unknown as { rows: Claimed[] }).rows;
}

/** Files what is due; returns how many were filed and how many failed this time. */
export async function drainTrackerTickets(db: Db): Promise<{ filed: number; failed: number }> {
  const claimed = await claimDue(db);
  let filed = 0;
  let failed = 0;
  for (const claim of claimed) {
    const [row] = await db
      .select({ ticket: trackerTickets, connection: trackerConnections })
      .from(trackerTickets)
      .innerJoin(trackerConnections, eq(trackerConnections.id, trackerTickets.connectionId))
      .where(eq(trackerTickets.id, claim.id));
    if (!row?.ticket.pending) continue;
    const { pending } = row.ticket;
    try {
      const tracker = trackerClientOf(row.connection);
      // An earlier attempt may have filed it and died before recording so: find it first.
      const earlier = claim.attempts > 1 ? await tracker.findByMarker(pending.marker) : null;
      const ticket = earlier ?? (await tracker.create(pending, pending.labels));
      await db
        .update(trackerTickets)
        .set({
          state: ticket.state,
          externalKey: ticket.key,
          externalUrl: ticket.url,
          nextAttemptAt: null,
          lastError: null,
          updatedAt: new Date(),
        })
        .where(eq(trackerTickets.id, claim.id));
      await recordTrackerState(db, row.connection.id, null);
      filed += 1;
    } catch (error) {
      if (!(error instanceof TrackerError)) throw error;
      failed += 1;
      const givingUp = claim.attempts >= MAX_ATTEMPTS;
      const wait = Math.max(RETRY_SECONDS[claim.attempts - 1] ?? RETRY_SECONDS.at(-1)!, error.retryAfterSeconds ?? 0);
      await db
        .update(trackerTickets)
        .set({
          lastError: error.message,
          nextAttemptAt: givingUp ? null : sql`now() + make_interval(secs => ${wait})`,
          updatedAt: new Date(),
        })
        .where(eq(trackerTickets.id, claim.id));
      if (error.isCredentialProblem) await recordTrackerState(db, row.connection.id, error);
    }
  }
  return { filed, failed };
}

const g = globalThis as { __trackerKick?: Promise<unknown> };

/**
 * Files what is due now, in the background, after a person asked for a ticket: the operations
 * tick would otherwise take it within 30 seconds. One drain at a time in this process; errors are
 * logged, never thrown (the row stays due, and the tick retries it).
 */
export function kickTrackerTickets(db: Db): void {
  g.__trackerKick ??= drainTrackerTickets(db)
    .catch((error: unknown) => console.error("[trackers] ticket drain failed:", error instanceof Error ? error.message : error))
    .finally(() => {
      g.__trackerKick = undefined;
    });
}
