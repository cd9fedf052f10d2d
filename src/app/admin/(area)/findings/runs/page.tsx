import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { requireAdminPage } from "@/features/identity/server";
import { loadRunsPage } from "@/features/findings/server";
import { RunsScreen } from "@/features/findings/components/reruns/runs-screen";
import { getDb } from "@/server/core/get-db";

export const metadata: Metadata = { title: "Scheduled re-runs" };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** `/admin/findings/runs?project=<id>&run=<id>` (docs/PRODUCT.md#measured-ai-findings): an engagement's re-runs, schedules and run comparison. */
export default async function AdminRunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection();
  const actor = await requireAdminPage();
  const raw = await searchParams;
  const projectId = first(raw.project) ?? "";
  const page = await loadRunsPage(getDb(), { actor, projectId, runId: first(raw.run) });
  if (!page) notFound();
  return (
    <>
      <PageHeader
        title="Scheduled re-runs"
        description="Each run of the engagement's reproducers against the previous run on the same model version. A finding not seen in a run stays open."
        actions={
          <Link href={`/admin/findings?projectId=${encodeURIComponent(projectId)}`} className="text-sm text-accent underline">
            Back to the engagement&apos;s findings
          </Link>
        }
      />
      <RunsScreen
        projectId={projectId}
        side="admin"
        canSchedule
        {...page}
        hrefOf={(run) => `/admin/findings/runs?project=${encodeURIComponent(projectId)}&run=${encodeURIComponent(run.id)}`}
      />
    </>
  );
}
