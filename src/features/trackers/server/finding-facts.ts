import "server-only";
import type { DbOrTx } from "@/server/core/db/client";
import { type TicketFindingFacts, ticketFindingFacts } from "@/features/findings/server";

/**
 * What the tickets of a batch say of their findings, read once per company (a batch holds a few
 * companies), not once per ticket. A finding absent from the map is no longer published for its
 * company (withdrawn to a draft, deleted): its ticket keeps what it said.
 */
export async function factsOfFindings(
  db: DbOrTx,
  items: { clientId: string; findingId: string }[],
): Promise<Map<string, TicketFindingFacts>> {
  const facts = new Map<string, TicketFindingFacts>();
  for (const clientId of new Set(items.map((item) => item.clientId))) {
    const findingIds = items.filter((item) => item.clientId === clientId).map((item) => item.findingId);
    for (const finding of await ticketFindingFacts(db, { clientId, findingIds })) facts.set(finding.id, finding);
  }
  return facts;
}
