import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/core/db/client";
import { trackerConnections, trackerTickets } from "./schema";
import { recordTrackerState } from "./connections";
import { factsOfFindings } from "./finding-facts";
import { applyTicketChange } from "./inbound";
import { findingTicketText, type TicketFinding } from "./ticket-text";
import { type TrackerClient, trackerClientOf } from "./tracker-client";
import { TrackerError } from "./tracker-error";
import { companyNameSql } from "@/features/clients/server";

// Each filed ticket looked at every 15 minutes (docs/PRODUCT.md#integrations): its state in the
// tracker, for a repository whose webhook is missing or lost a delivery, and, when the connection
// keeps tickets in sync, its text rewritten after the firm edited the finding.

export const SYNC_EVERY_MINUTES = 15;
const BATCH = 20;

type Due = { id: string; connection_id: string; finding_id: string; external_key: string; state: "open" | "closed" };

/**
 * Takes the tickets not looked at for 15 minutes, marking them looked at. One run at a time across
 * the instances (its queue keeps one running, jobs.ts), so no lock is needed to share them out.
 */
async function claimDue(db: Db): Promise<Due[]> {
  const result = await db.execute<Due>(sql`
    update ${trackerTickets} t set synced_at = now()
     where t.id in (
       select t2.id from ${trackerTickets} t2
         join ${trackerConnections} c on c.id = t2.connection_id and c.state = 'connected'
        where t2.external_key is not null and t2.state <> 'creating'
          and (t2.synced_at is null or t2.synced_at < now() - make_interval(mins => ${SYNC_EVERY_MINUTES}))
        order by t2.synced_at nulls first
        limit ${BATCH})
    returning t.id, t.connection_id, t.finding_id, t.external_key, t.state`);
  return (result as unknown as { rows: Due[] }).rows;
}

/** One pass: returns how many tickets were looked at, changed here (state) or there (text), and failed. */
export async function syncTrackerTickets(db: Db): Promise<{ checked: number; changed: number; rewritten: number; failed: number }> {
  const totals = { checked: 0, changed: 0, rewritten: 0, failed: 0 };
  const due = await claimDue(db);
  if (due.length === 0) return totals;
  // The batch's connections and findings in two reads, not two per ticket.
  const rows = await db
    .select({
      ticketId: trackerTickets.id,
      connection: trackerConnections,
      company: companyNameSql(trackerConnections.clientId),
      pending: trackerTickets.pending,
    })
    .from(trackerTickets)
    .innerJoin(trackerConnections, eq(trackerConnections.id, trackerTickets.connectionId))
    .where(
      inArray(
        trackerTickets.id,
        due.map((item) => item.id),
      ),
    );
  const rowOf = new Map(rows.map((row) => [row.ticketId, row]));
  const facts = await factsOfFindings(
    db,
    due.flatMap((item) => {
      const row = rowOf.get(item.id);
      return row ? [{ clientId: row.connection.clientId, findingId: item.finding_id }] : [];
    }),
  );
  for (const item of due) {
    const row = rowOf.get(item.id);
    if (!row) continue;
    totals.checked += 1;
    try {
      const tracker = trackerClientOf(row.connection);
      const state = await tracker.getState(item.external_key);
      if (state !== item.state) {
        await applyTicketChange(db, {
          connection: row.connection,
          company: row.company,
          key: item.external_key,
          change: state === "closed" ? "closed" : "reopened",
        });
        totals.changed += 1;
      }
      const finding = facts.get(item.finding_id);
      if (row.connection.mapping.keepInSync && finding && (await rewriteIfEdited(db, { item, row, finding, tracker })))
        totals.rewritten += 1;
      await recordTrackerState(db, row.connection.id, null);
    } catch (error) {
      if (!(error instanceof TrackerError)) throw error;
      totals.failed += 1;
      if (error.isCredentialProblem) await recordTrackerState(db, row.connection.id, error);
    }
  }
  return totals;
}

/** The ticket's text again when the finding now reads otherwise; true when it was rewritten. */
async function rewriteIfEdited(
  db: Db,
  {
    item,
    row,
    finding,
    tracker,
  }: {
    item: Due;
    row: { connection: typeof trackerConnections.$inferSelect; pending: (typeof trackerTickets.$inferSelect)["pending"] };
    finding: TicketFinding;
    tracker: TrackerClient;
  },
): Promise<boolean> {
  const text = findingTicketText(finding, row.connection.mapping);
  if (row.pending && row.pending.title === text.title && row.pending.markdown === text.markdown) return false;
  await tracker.update(item.external_key, text);
  await db
    .update(trackerTickets)
    .set({ pending: { ...text, labels: row.pending?.labels ?? [] }, updatedAt: new Date() })
    .where(eq(trackerTickets.id, item.id));
  return true;
}
