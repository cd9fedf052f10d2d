import "server-only";
import { type Column, getTableName, type SQL, sql } from "drizzle-orm";

/** How the person a signed link was made for stands now: "firm" (an admin), "client" (still may), else refused. */
export type HolderStanding = "firm" | "client" | null;

/** A column always named with its table: Drizzle leaves names bare in a one-table select, where a subquery would take them for its own. */
const qualified = (column: Column) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * The standing, now, of the person a signed download link was made for, towards the company
 * `clientId` owning the file (docs/PRODUCT.md#portal-documents): an admin is the firm; a person of
 * that company counts only while active in an active company. A person removed or deactivated
 * since, a company closed since, or a user gone gives null: the link answers like an expired one.
 * One scalar subquery, so the file's own select stays one statement.
 */
export function holderStanding(userId: string | Column, clientId: Column): SQL<HolderStanding> {
  const holder = typeof userId === "string" ? sql`${userId}` : qualified(userId);
  return sql<HolderStanding>`(select case when hu.role = 'admin' then 'firm'
    when hp.status = 'active' and hc.status = 'active' and hp.client_id = ${qualified(clientId)} then 'client' end
    from "user" hu left join client_people hp on hp.user_id = hu.id left join clients hc on hc.id = hp.client_id
    where hu.id = ${holder})`;
}
