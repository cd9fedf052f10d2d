import "server-only";
import type { SQL } from "drizzle-orm";
import { containsAny } from "@/server/core/db/admin-sql";
import { clients, user } from "@/server/core/db/schema";

// What the clients list filters on, shared with its CSV export so the file holds the rows the list shows.

/** The clients list's search: company, contact, sign-in or contact e-mail (the query joins the user). */
export const clientListSearch = (q: string): SQL | undefined =>
  containsAny(q, [clients.company, clients.contactPerson, user.email, clients.contactEmail]);
