import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/admin/page-header";
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { recordFirmAccess } from "@/features/audit/server";
import { EvidenceScreen } from "@/features/evidence/components/evidence-screen";
import { evidenceEngagement, getCoverage, linkableFindings, listPacks, listPlans } from "@/features/evidence/server";

export const metadata: Metadata = { title: "Evidence" };

/** `/admin/engagements/{id}/evidence` (docs/PRODUCT.md#evidence-packs): the engagement's test plan, coverage record and evidence packs. */
export default async function EngagementEvidencePage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const actor = await requireAdminPage();
  const { id } = await params;
  if (!uuidSchema.safeParse(id).success) notFound();
  const db = getDb();
  const project = await evidenceEngagement(db, { actor, projectId: id });
  if (!project) notFound();
  const [coverage, plans, findings, packs] = await Promise.all([
    getCoverage(db, { actor, projectId: id }),
    listPlans(db, { actor }),
    linkableFindings(db, { actor, projectId: id }),
    listPacks(db, { actor, projectId: id }),
    // The firm's look at the company's engagement, in its access log (docs/PRODUCT.md#portal-access-log).
    recordFirmAccess(db, { actor, action: "engagements.view", clientIds: [project.clientId], entityType: "project", entityId: project.id }),
  ]);
  const planOptions = plans.flatMap((p) =>
    p.versions.map((v) => ({ id: v.id, label: `${p.name}, version ${v.version} (${v.caseCount} cases)` })),
  );
  return (
    <>
      <PageHeader
        title={`Evidence: ${project.name}`}
        description="The engagement's test plan, the result of each case on each target, and its signed evidence pack."
        actions={
          <Link href="/admin/test-plans" className="text-accent underline underline-offset-2">
            Test plans
          </Link>
        }
      />
      <EvidenceScreen projectId={id} planOptions={planOptions} coverage={coverage} findings={findings} packs={packs} />
    </>
  );
}
