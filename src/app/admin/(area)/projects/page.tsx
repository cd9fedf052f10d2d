import type { Metadata } from "next";
import { ExportLink } from "@/components/admin/export-link";
import { ListControls } from "@/components/admin/list-controls";
import { Pagination } from "@/components/admin/pagination";
import { ProjectsScreen } from "./projects-screen";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "@/lib/domain/project-status";
import { projectListQuerySchema } from "@/features/projects/validation";
import { getDb } from "@/server/core/get-db";
import { openAdminListPage, type PageSearchParams } from "@/features/identity/server";
import { listAdminProjects } from "@/features/projects/server";
import { clientLockedSql } from "@/features/projectadmin/server";

export const metadata: Metadata = { title: "Projects" };

const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...PROJECT_STATUSES.map((value) => ({ value, label: PROJECT_STATUS_LABELS[value] })),
];

export default async function AdminProjectsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { actor, query } = await openAdminListPage(searchParams, projectListQuerySchema);
  const { rows, total, page, pageSize } = await listAdminProjects(getDb(), { actor, clientLocked: clientLockedSql, ...query });

  return (
    <ProjectsScreen
      isFiltered={Boolean(query.q) || query.status !== "all" || page > 1}
      rows={rows.map(({ updatedAt: _u, ...row }) => row)}
      exportLink={
        <ExportLink path="/api/admin/exports/projects" filters={{ q: query.q, status: query.status }} label="Export CSV" name="projects" />
      }
      controls={
        <ListControls
          searchLabel="Search projects"
          placeholder="Search by project or client..."
          statusOptions={STATUS_OPTIONS}
          loadingLabel="Loading projects..."
        />
      }
      footer={
        <Pagination
          basePath="/admin/projects"
          params={{ q: query.q, status: query.status === "all" ? undefined : query.status }}
          page={page}
          pageSize={pageSize}
          total={total}
          noun="projects"
        />
      }
    />
  );
}
