import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { containsAny, containsPattern } from "@/server/core/db/admin-sql";
import { userEmailSql } from "@/features/identity/server";
import { clients } from "./schema";

// What the clients list filters on, shared with its CSV export so the file holds the rows the list shows.
// The subqueries are written out with their own aliases: drizzle leaves the columns of a one-table
// select unqualified, and an unqualified "id" inside them would name the wrong table.

/** The clients list's search: company, contact, contact e-mail, or the sign-in e-mail of any of its people. */
export function clientListSearch(q: string): SQL | undefined {
  const columns = containsAny(q, [clients.company, clients.contactPerson, clients.contactEmail]);
  if (!columns) return undefined;
  const person = sql`exists (select 1 from client_people cp
    where cp.client_id = "clients"."id" and ${userEmailSql(sql`cp.user_id`)} ilike ${containsPattern(q.trim())})`;
  return sql`(${columns} or ${person})`;
}

/** The company's first owner (the person an admin invited with it): the sign-in e-mail lists show. */
export const firstOwnerUserId = sql`(select fo.user_id from client_people fo
  where fo.client_id = "clients"."id" and fo.role = 'owner' order by fo.created_at, fo.user_id limit 1)`;

/**
 * What the admin shows as the company's status: "invited" while it is active and none of its people
 * has accepted an invitation (every person still invited), else its stored status. A person removed
 * after accepting still counts as having accepted.
 */
export const shownClientStatus = sql<"active" | "inactive" | "invited">`(case when "clients"."status" = 'active'
  and not exists (select 1 from client_people sp where sp.client_id = "clients"."id" and sp.status <> 'invited')
  then 'invited' else "clients"."status" end)`;
