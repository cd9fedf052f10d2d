import "server-only";
import { eq, sql } from "drizzle-orm";
import { FINDING_STATUS_LABELS, type RetestResult } from "@/lib/domain/finding";
import { siteConfig } from "@/config/site";
import type { Db } from "@/server/core/db/client";
import { latestVerdictSql } from "@/features/findings/server";
import { trackerConnections, trackerTickets } from "./schema";
import type { TrackerKind, TrackerMapping } from "@/lib/domain/tracker";
import { recordTrackerState } from "./connections";
import { trackerClientOf } from "./tracker-client";
import { TrackerError } from "./tracker-error";

// The firm's retest verdict back in the client's ticket (docs/PRODUCT.md#integrations): a comment
// with the result and its note, and when verified fixed the ticket closed. Read from the findings'
// retests (read only) by the operations tick, so the findings slice knows nothing of trackers.

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
  state: "creating" | "open" | "closed";
  previous: string | null;
  retest_id: string;
  result: RetestResult;
  result_note: string | null;
};

/** The ticket's comment for a verdict: what the firm found, in its words. */
export function verdictComment(result: RetestResult, note: string | null): string {
  const lines = [`**Retest by ${siteConfig.name}: ${FINDING_STATUS_LABELS[result]}.**`];
  if (note?.trim()) lines.push("", note.trim());
  if (result === "still_open") lines.push("", "The finding is open again in the portal.");
  return lines.join("\n");
}

/**
 * Tickets whose finding has a verdict newer than the ticket and not yet carried: the latest
 * decided retest of each, on connections that work (a failing one waits for its owners).
 */
async function due(db: Db): Promise<Due[]> {
  const result = await db.execute<Due>(sql`
    select t.id, t.connection_id, c.kind, c.base_url, c.target, c.sealed_token, c.mapping, t.external_key, t.state, t.verdict_retest_id as previous,
           r.id as retest_id, r.result, r.result_note
      from ${trackerTickets} t
      join ${trackerConnections} c on c.id = t.connection_id and c.state = 'connected'
      join lateral ${latestVerdictSql(sql`t.finding_id`)} r on true
     where t.external_key is not null
       and r.decided_at > t.created_at
       and t.verdict_retest_id is distinct from r.id
     limit ${BATCH}`);
  return (result as unknown as { rows: Due[] }).rows;
}

/**
 * Posts what is due: each verdict is claimed first (another instance skips it), and given back
 * when the tracker refused, for the next tick. Returns how many were posted and how many failed.
 */
export async function postRetestVerdicts(db: Db): Promise<{ posted: number; failed: number }> {
  let posted = 0;
  let failed = 0;
  for (const item of await due(db)) {
    const claimed = await db
      .update(trackerTickets)
      .set({ verdictRetestId: item.retest_id, updatedAt: new Date() })
      .where(sql`${trackerTickets.id} = ${item.id} and ${trackerTickets.verdictRetestId} is not distinct from ${item.previous}`)
      .returning({ id: trackerTickets.id });
    if (claimed.length === 0) continue;
    try {
      const tracker = trackerClientOf({
        kind: item.kind,
        baseUrl: item.base_url,
        target: item.target,
        sealedToken: item.sealed_token,
        mapping: item.mapping,
      });
      // Closed first and recorded so: a comment refused after it is posted again alone by the
      // next tick, and a close refused leaves nothing posted twice.
      if (item.result === "verified_fixed" && item.state !== "closed") {
        await tracker.close(item.external_key);
        await db.update(trackerTickets).set({ state: "closed", updatedAt: new Date() }).where(eq(trackerTickets.id, item.id));
      }
      await tracker.comment(item.external_key, verdictComment(item.result, item.result_note));
      await recordTrackerState(db, item.connection_id, null);
      posted += 1;
    } catch (error) {
      if (!(error instanceof TrackerError)) throw error;
      failed += 1;
      await db.update(trackerTickets).set({ verdictRetestId: item.previous }).where(eq(trackerTickets.id, item.id));
      if (error.isCredentialProblem) await recordTrackerState(db, item.connection_id, error);
    }
  }
  return { posted, failed };
}
