import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * A row keyed to a project belongs to a client only while the project itself is that client's:
 * every portal read and the sign route add this to their own `client_id` test, so a row whose
 * copied `client_id` went stale (a project moved, a hand edit) widens nobody's access
 * (docs/PRODUCT.md#admin-projects). Written with its own alias: in a one-table select drizzle
 * leaves column names unqualified.
 */
export const inClientProject = (projectId: AnyPgColumn, clientId: string): SQL =>
  sql`exists (select 1 from projects tenancy_p where tenancy_p.id = ${projectId} and tenancy_p.client_id = ${clientId})`;
