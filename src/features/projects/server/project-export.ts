import "server-only";
import { sql } from "drizzle-orm";
import type { ProjectListQuery } from "@/features/projects/validation";
import type { DbOrTx } from "@/server/core/db/client";
import { projectListFilter } from "./list-filters";
import { projects } from "./schema";
import { companyNameSql } from "@/features/clients/server";

/**
 * The projects the list's search and status filter choose, with their company's name, as a subquery
 * the caller selects from in its own statement (the projects CSV export adds its figures and pages).
 */
export const projectListRows = (db: DbOrTx, query: Partial<ProjectListQuery>) =>
  db
    .select({
      projectId: projects.id,
      clientId: projects.clientId,
      company: sql<string>`${companyNameSql(projects.clientId)}`.as("company"),
      projectName: projects.projectName,
      status: projects.status,
      startDate: projects.startDate,
      targetCompletionDate: projects.targetCompletionDate,
      description: projects.description,
    })
    .from(projects)
    .where(projectListFilter(query))
    .as("project_rows");
