import "server-only";
import { sql } from "drizzle-orm";
import { engagementModelVersions } from "./schema/measurements";
import { findingEvents, findings } from "./schema/records";

/**
 * A text that changes whenever the findings' data does (a finding written, published or deleted, an
 * event on a timeline, a model-version record), for a reader that keeps figures computed from it
 * (the analytics, docs/PRODUCT.md#analytics): the number of findings with the sum and the latest of
 * their last changes (Drizzle sets updated_at on every write), and the number and the latest of the
 * events and of the model-version records. It counts committed rows only, so a reader that takes it
 * before reading the data never keeps older data under a newer stamp. One scan of each table.
 */
export const findingsDataStampSql = sql<string>`concat_ws('|',
  (select concat_ws(':', count(*), sum(extract(epoch from ${findings.updatedAt})), max(${findings.updatedAt})) from ${findings}),
  (select concat_ws(':', count(*), max(${findingEvents.createdAt})) from ${findingEvents}),
  (select concat_ws(':', count(*), max(${engagementModelVersions.createdAt})) from ${engagementModelVersions}))`;
