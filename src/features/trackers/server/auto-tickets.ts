import "server-only";
import { sql } from "drizzle-orm";
import { FINDING_SEVERITIES, FIRM_CLOSED_FINDING_STATUSES } from "@/lib/domain/finding";
import type { TrackerMapping } from "@/lib/domain/tracker";
import type { Db } from "@/server/core/db/client";
import { findingFacts } from "@/features/findings/server";
import { trackerConnections, trackerTickets } from "./schema";
import { factsOfFindings } from "./finding-facts";
import { queueTicket } from "./tickets";

// Tickets filed at publishing (docs/PRODUCT.md#integrations): for each working connection set to
// automatic, the findings published since it was turned on, from its minimum severity up, that
// have no ticket there yet. Read by the operations tick from the findings (read only), so the
// findings slice knows nothing of trackers; the queue then files them exactly once.

const BATCH = 50;
/** Rank 1 is critical, as the findings' generated `severity_rank` counts. */
const RANKS = sql.raw(`array[${FINDING_SEVERITIES.map((s) => `'${s}'`).join(",")}]`);
const CLOSED = sql.raw(FIRM_CLOSED_FINDING_STATUSES.map((s) => `'${s}'`).join(","));

type Due = { connection_id: string; client_id: string; mapping: TrackerMapping; finding_id: string };

async function due(db: Db): Promise<Due[]> {
  const f = findingFacts(db);
  const result = await db.execute<Due>(sql`
    select c.id as connection_id, c.client_id, c.mapping, ${f.findingId} as finding_id
      from ${trackerConnections} c
      join ${f} on ${f.clientId} = c.client_id
     where c.state = 'connected'
       and c.mapping->>'createMode' = 'automatic'
       and ${f.publishedAt} is not null
       and ${f.publishedAt} >= coalesce((c.mapping->>'automaticSince')::timestamptz, c.created_at)
       and ${f.severityRank} <= array_position(${RANKS}, c.mapping->>'minSeverity')
       and ${f.status} not in (${CLOSED})
       and not exists (select 1 from ${trackerTickets} t where t.connection_id = c.id and t.finding_id = ${f.findingId})
     order by ${f.publishedAt}
     limit ${BATCH}`);
  return (result as unknown as { rows: Due[] }).rows;
}

/** Queues what automatic creation owes; returns how many tickets were queued. */
export async function fileAutomaticTickets(db: Db): Promise<{ queued: number }> {
  const items = await due(db);
  const facts = await factsOfFindings(
    db,
    items.map((item) => ({ clientId: item.client_id, findingId: item.finding_id })),
  );
  let queued = 0;
  for (const item of items) {
    const finding = facts.get(item.finding_id);
    if (finding && (await queueTicket(db, { connectionId: item.connection_id, finding, mapping: item.mapping }))) queued += 1;
  }
  return { queued };
}
