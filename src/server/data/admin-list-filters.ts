import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import type { ProjectListQuery } from "@/lib/validation/admin";
import { clients, projects, user } from "@/server/core/db/schema";
import { containsAny } from "@/server/core/db/admin-sql";

// What an admin list filters on, shared with its CSV export so the file holds the rows the list shows.

/** The clients list's search: company, contact, sign-in or contact e-mail (the query joins the user). */
export const clientListSearch = (q: string): SQL | undefined => containsAny(q, [clients.company, clients.contactPerson, user.email, clients.contactEmail]);

/** The projects list's status filter and search on project name or client company (the query joins the client). */
export function projectListFilter({ q = "", status = "all" }: Partial<ProjectListQuery>): SQL | undefined {
  return and(status === "all" ? undefined : eq(projects.status, status), containsAny(q, [projects.projectName, clients.company]));
}
