import "server-only";
import { and, asc, eq, ne } from "drizzle-orm";
import type { TrackerKind, TrackerState, TrackerTicketState } from "@/lib/domain/tracker";
import { assertClient, assertFindingsVisible, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { trackerConnections, trackerTickets } from "./schema";

/** A finding's place in one of the company's ticket systems: its ticket there, or none yet. */
export type FindingTicketRow = {
  connectionId: string;
  kind: TrackerKind;
  target: string;
  connectionState: TrackerState;
  ticket: { state: TrackerTicketState; key: string | null; url: string | null; lastError: string | null } | null;
};

/**
 * The finding's tickets in each connection of the actor's company that is not revoked (the portal's
 * finding page, docs/PRODUCT.md#integrations). Scoped by the connection's company: a finding of
 * another company has no ticket here, and the finding itself is read (and hidden) by its own slice.
 */
export async function listFindingTickets(
  db: DbOrTx,
  { actor, findingId }: { actor: ClientActor; findingId: string },
): Promise<FindingTicketRow[]> {
  assertClient(actor);
  assertFindingsVisible(actor);
  const rows = await db
    .select({
      connectionId: trackerConnections.id,
      kind: trackerConnections.kind,
      target: trackerConnections.target,
      connectionState: trackerConnections.state,
      ticketState: trackerTickets.state,
      key: trackerTickets.externalKey,
      url: trackerTickets.externalUrl,
      lastError: trackerTickets.lastError,
    })
    .from(trackerConnections)
    .leftJoin(trackerTickets, and(eq(trackerTickets.connectionId, trackerConnections.id), eq(trackerTickets.findingId, findingId)))
    .where(and(eq(trackerConnections.clientId, actor.clientId), ne(trackerConnections.state, "revoked")))
    .orderBy(asc(trackerConnections.createdAt));
  return rows.map(({ ticketState, key, url, lastError, ...connection }) => ({
    ...connection,
    ticket: ticketState ? { state: ticketState, key, url, lastError } : null,
  }));
}
