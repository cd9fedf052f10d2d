import "server-only";
import { and, asc, gt, type SQL, sql } from "drizzle-orm";
import type { FindingFilter } from "@/features/findings/validation";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { findings } from "./schema/records";
import { clientFindingScope } from "./finding-scope";
import { type FindingListItem, filterSql, listColumns, type ListRow, toItem } from "./findings-read";

/** Where the next page starts: after this change time (to the microsecond) and id. */
export type FindingPageCursor = { updatedAt: string; id: string };
export type FindingPageItem = FindingListItem & { updatedAt: string };

// The change time as PostgreSQL keeps it (microseconds): a JavaScript Date would round it to the
// millisecond, and a cursor made from the rounded time would repeat or skip rows.
const updatedAtText = sql<string>`to_char(${findings.updatedAt} at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The client's published findings in the order they last changed, a page at a time, for a
 * machine reading them all or only what changed since its last read (docs/PRODUCT.md#api-and-webhooks).
 * The same scope and filters as the portal's list; a keyset page, so a row changed while pages
 * are read moves to the end instead of shifting the pages.
 */
export async function pageClientFindings(
  db: DbOrTx,
  {
    actor,
    filter,
    updatedSince,
    after,
    limit,
  }: { actor: ClientActor; filter: FindingFilter; updatedSince: Date | null; after: FindingPageCursor | null; limit: number },
): Promise<{ items: FindingPageItem[]; next: FindingPageCursor | null }> {
  assertClient(actor);
  const conditions: (SQL | undefined)[] = [
    clientFindingScope(actor),
    ...filterSql(filter, actor),
    updatedSince ? gt(findings.updatedAt, updatedSince) : undefined,
    after ? sql`(${findings.updatedAt}, ${findings.id}) > (${after.updatedAt}::timestamptz, ${after.id}::uuid)` : undefined,
  ];
  const rows = await db
    .select({ ...listColumns, updatedAt: updatedAtText })
    .from(findings)
    .where(and(...conditions))
    .orderBy(asc(findings.updatedAt), asc(findings.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((row) => ({ ...toItem(row as ListRow), updatedAt: row.updatedAt }));
  const last = page.at(-1);
  return { items: page, next: rows.length > limit && last ? { updatedAt: last.updatedAt, id: last.id } : null };
}
