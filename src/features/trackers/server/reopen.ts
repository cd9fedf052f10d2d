import "server-only";
import { eq, sql } from "drizzle-orm";
import { FINDING_STATUS_LABELS, type FindingStatus, UNRESOLVED_FINDING_STATUSES } from "@/lib/domain/finding";
import { siteConfig } from "@/config/site";
import type { Db } from "@/server/core/db/client";
import { findingFacts } from "@/features/findings/server";
import { trackerConnections, trackerTickets } from "./schema";
import type { TrackerKind, TrackerMapping } from "@/lib/domain/tracker";
import { recordTrackerState } from "./connections";
import { trackerClientOf } from "./tracker-client";
import { TrackerError } from "./tracker-error";

// A finding open again while its ticket is closed (docs/PRODUCT.md#integrations): a run of the
// reproducer that landed on a fixed finding (Regressed), a retest that found it Still Open after
// the client closed the ticket, an outcome the firm took back. The ticket is reopened with a comment
// saying why. Read from the findings (read only) by the operations tick, like the verdicts.
//
// A closed ticket beside an unresolved finding means exactly that: a ticket closed in the tracker
// moves its finding out of the unresolved statuses in the same transaction (`applyTicketChange`),
// so this never fights a close the client just made.

const BATCH = 20;

type Due = {
  id: string;
  connection_id: string;
  kind: TrackerKind;
  base_url: string;
  target: string;
  sealed_token: string;
  mapping: TrackerMapping;
  external_key: string;
  status: FindingStatus;
};

/** The ticket's comment when it is reopened: the finding's status in the portal, in our words. */
export function reopenComment(status: FindingStatus): string {
  return `**Reopened by ${siteConfig.name}: the finding is ${FINDING_STATUS_LABELS[status]} in the portal.**`;
}

async function due(db: Db): Promise<Due[]> {
  const unresolved = sql.join(
    UNRESOLVED_FINDING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const f = findingFacts(db);
  const result = await db.execute<Due>(sql`
    select t.id, t.connection_id, c.kind, c.base_url, c.target, c.sealed_token, c.mapping, t.external_key, ${f.status} as status
      from ${trackerTickets} t
      join ${trackerConnections} c on c.id = t.connection_id and c.state = 'connected'
      join ${f} on ${f.findingId} = t.finding_id
     where t.state = 'closed' and t.external_key is not null and ${f.status} in (${unresolved})
     limit ${BATCH}`);
  return (result as unknown as { rows: Due[] }).rows;
}

/**
 * Reopens what is due: each ticket is claimed first (marked open, so another instance skips it)
 * and given back as closed when the tracker refused to reopen it, for the next tick. Returns how
 * many were reopened and how many failed.
 */
export async function reopenTicketsOfOpenFindings(db: Db): Promise<{ reopened: number; failed: number }> {
  let reopened = 0;
  let failed = 0;
  for (const item of await due(db)) {
    const claimed = await db
      .update(trackerTickets)
      .set({ state: "open", updatedAt: new Date() })
      .where(sql`${trackerTickets.id} = ${item.id} and ${trackerTickets.state} = 'closed'`)
      .returning({ id: trackerTickets.id });
    if (claimed.length === 0) continue;
    const tracker = trackerClientOf({
      kind: item.kind,
      baseUrl: item.base_url,
      target: item.target,
      sealedToken: item.sealed_token,
      mapping: item.mapping,
    });
    try {
      await tracker.reopen(item.external_key);
    } catch (error) {
      if (!(error instanceof TrackerError)) throw error;
      failed += 1;
      await db.update(trackerTickets).set({ state: "closed" }).where(eq(trackerTickets.id, item.id));
      if (error.isCredentialProblem) await recordTrackerState(db, item.connection_id, error);
      continue;
    }
    reopened += 1;
    // The ticket is open: a comment refused now is not posted again (the reopening is what counts,
    // and the tracker shows it).
    try {
      await tracker.comment(item.external_key, reopenComment(item.status));
      await recordTrackerState(db, item.connection_id, null);
    } catch (error) {
      if (!(error instanceof TrackerError)) throw error;
      if (error.isCredentialProblem) await recordTrackerState(db, item.connection_id, error);
    }
  }
  return { reopened, failed };
}
