import "server-only";
import { sql } from "drizzle-orm";
import { modelVersionsStampSql } from "@/features/measurements/server";
import { findingEvents, findings } from "./schema/records";

/**
 * A text that changes when the findings' data does, for a reader that keeps figures computed from
 * it (the analytics, docs/PRODUCT.md#analytics): the number of findings and their latest change
 * (Drizzle sets updated_at on every write), the latest event on a timeline, and the number and the
 * latest of the model-version records. The latest times come from indexes; only the count of
 * findings scans (a deletion moves no time). A write whose time is older than the latest when it
 * commits (a long transaction's) moves none of these: a reader keeps its figures for minutes, not
 * for as long as the stamp holds.
 */
export const findingsDataStampSql = sql<string>`concat_ws('|',
  (select count(*) from ${findings}),
  (select max(${findings.updatedAt}) from ${findings}),
  (select max(${findingEvents.createdAt}) from ${findingEvents}),
  ${modelVersionsStampSql})`;
