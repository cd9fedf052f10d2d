import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import type { ProjectListQuery } from "@/features/projects/validation";
import { containsAny } from "@/server/core/db/admin-sql";
import { projects } from "./schema";
import { companyNameSql } from "@/features/clients/server";

// What the projects list filters on, shared with its CSV export so the file holds the rows the list shows.

/** The projects list's status filter and search on project name or client company. */
export function projectListFilter({ q = "", status = "all" }: Partial<ProjectListQuery>): SQL | undefined {
  return and(
    status === "all" ? undefined : eq(projects.status, status),
    containsAny(q, [projects.projectName, companyNameSql(projects.clientId)]),
  );
}
