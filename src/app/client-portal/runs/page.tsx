import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { connection } from "next/server";
import { getPortalAccess } from "@/features/identity/server";
import { loadRunsPage } from "@/features/findings/server";
import { FindingsWithheldPage } from "@/features/findings/components/portal/findings-withheld";
import { RunsScreen } from "@/features/findings/components/reruns/runs-screen";
import { getDb } from "@/server/core/get-db";

export const metadata: Metadata = { title: "Scheduled re-runs · Client Portal", robots: { index: false } };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * `/client-portal/runs?project=<id>&run=<id>` (docs/PRODUCT.md#measured-ai-findings): an
 * engagement's scheduled re-runs and a run compared with the previous one; an owner sets the
 * schedules. Another company's engagement is a 404; signed out, the portal.
 */
export default async function PortalRunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection();
  const access = await getPortalAccess();
  if (!access || access.mustEnrol) redirect("/client-portal");
  // Withheld from this member with the findings (docs/PRODUCT.md#portal-team): the page says so and reads nothing.
  if (access.actor.findingsWithheld) return <FindingsWithheldPage title="Scheduled re-runs" />;
  const raw = await searchParams;
  const projectId = first(raw.project) ?? "";
  const page = await loadRunsPage(getDb(), { actor: access.actor, projectId, runId: first(raw.run) });
  if (!page) notFound();
  return (
    <main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Scheduled re-runs</h1>
        <Link href="/client-portal?section=findings" className="text-sm text-accent underline">
          Back to Findings
        </Link>
      </div>
      <RunsScreen
        projectId={projectId}
        side="portal"
        canSchedule={access.actor.personRole === "owner" && !access.actor.viewer}
        {...page}
        hrefOf={(run) => `/client-portal/runs?project=${encodeURIComponent(projectId)}&run=${encodeURIComponent(run.id)}`}
      />
    </main>
  );
}
