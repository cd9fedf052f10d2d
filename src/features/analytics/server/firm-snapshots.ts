import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { findingsDataStampSql } from "@/features/findings/server";
import type { AnalyticsFilters } from "../validation";
import type { AnalyticsFigures } from "./analytics-read";
import { analyticsSnapshots } from "./schema";

// The firm's figures over every company count every finding (100,000 take seconds to read and
// count, bench/README.md "Analytics"), yet they change only when the findings' data does. So a view
// is computed once and kept with the findings' stamp (findingsDataStampSql: indexes and one count),
// and a look within the next five minutes takes the kept figures while the stamp matches. The stamp
// is read before the data: a change landing in between is counted in figures kept under the older
// stamp, which the next look sees differ. A change the stamp misses (a write committed after a later
// one) lasts five minutes at most. The hour is part of the key, as the figures are read as at a
// moment (open, aging, SLA breaches); views older than a day are cleared on write.

/** How long a kept view is taken while its stamp matches. */
const KEPT_FOR = "5 minutes";

export type FirmSnapshot = { stamp: string; kept: { figures: AnalyticsFigures; clientIds: string[] } | null };

/** A view's key: its filters, in a fixed order, and the hour it is read in. */
export function snapshotKey(filters: AnalyticsFilters, now: Date): string {
  const { period, client, engagement, severity, category } = filters;
  return JSON.stringify([
    now.toISOString().slice(0, 13),
    period ?? null,
    client ?? null,
    engagement ?? null,
    severity ?? null,
    category ?? null,
  ]);
}

/** The data's stamp now, and the view kept under `key` if it was computed from the same data in the last five minutes. One statement. */
export async function readFirmSnapshot(db: DbOrTx, key: string): Promise<FirmSnapshot> {
  const { rows } = (await db.execute(sql`
    with current as (select ${findingsDataStampSql} as stamp)
    select current.stamp, s.payload
      from current left join ${analyticsSnapshots} s
        on s.key = ${key} and s.stamp = current.stamp and s.created_at > now() - ${KEPT_FOR}::interval`)) as unknown as {
    rows: { stamp: string; payload: { figures: AnalyticsFigures; clientIds: string[] } | null }[];
  };
  const row = rows[0]!;
  if (!row.payload) return { stamp: row.stamp, kept: null };
  const { figures, clientIds } = row.payload;
  // JSON keeps a date as its ISO text: the one date among the figures is a model change's.
  const changes = figures.ai.changes.map((change) => ({ ...change, changedAt: new Date(change.changedAt) }));
  return { stamp: row.stamp, kept: { figures: { ...figures, ai: { ...figures.ai, changes } }, clientIds } };
}

/** Keeps a view's figures under the stamp they were computed from (replacing an older one), and clears views older than a day. */
export async function keepFirmSnapshot(
  db: DbOrTx,
  { key, stamp, figures, clientIds }: { key: string; stamp: string; figures: AnalyticsFigures; clientIds: string[] },
): Promise<void> {
  await db.execute(sql`
    with cleared as (delete from ${analyticsSnapshots} where ${analyticsSnapshots.createdAt} < now() - interval '1 day')
    insert into ${analyticsSnapshots} (key, stamp, payload) values (${key}, ${stamp}, ${JSON.stringify({ figures, clientIds })}::jsonb)
    on conflict (key) do update set stamp = excluded.stamp, payload = excluded.payload, created_at = now()`);
}
