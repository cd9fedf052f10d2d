import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { findingRetests, findings } from "./schema/records";
import { clientFindingScope } from "./finding-scope";
import type { FindingDetail } from "./findings-read";

/** A retest request of one of the company's published findings, as the company API lists it: the detail's retest, with its finding. */
export type RetestPageItem = FindingDetail["retests"][number] & { findingId: string; findingTitle: string };
export type RetestPageCursor = { requestedAt: string; id: string };

// Times to the microsecond, so two requests of one millisecond are neither skipped nor repeated.
const exact = (column: typeof findingRetests.requestedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A page of the company's retest requests (docs/PRODUCT.md#api-and-webhooks), newest first, of
 * published findings only; `open` keeps those still waiting for the firm's result.
 */
export async function pageClientRetests(
  db: DbOrTx,
  { actor, open, after, limit }: { actor: ClientActor; open: boolean; after: RetestPageCursor | null; limit: number },
): Promise<{ items: RetestPageItem[]; next: RetestPageCursor | null }> {
  assertClient(actor);
  const rows = await db
    .select({
      id: findingRetests.id,
      findingId: findingRetests.findingId,
      findingTitle: findings.title,
      note: findingRetests.note,
      requestedByName: findingRetests.requestedByName,
      requestedAt: exact(findingRetests.requestedAt),
      result: findingRetests.result,
      resultNote: findingRetests.resultNote,
      decidedAt: findingRetests.decidedAt,
    })
    .from(findingRetests)
    .innerJoin(findings, eq(findings.id, findingRetests.findingId))
    .where(
      and(
        clientFindingScope(actor),
        open ? isNull(findingRetests.result) : undefined,
        after
          ? sql`(${findingRetests.requestedAt}, ${findingRetests.id}) < (${after.requestedAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(findingRetests.requestedAt), desc(findingRetests.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map((row) => ({ ...row, decidedAt: row.decidedAt?.toISOString() ?? null }));
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? { requestedAt: last.requestedAt, id: last.id } : null };
}
