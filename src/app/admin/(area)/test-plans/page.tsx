import type { Metadata } from "next";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { PlanEditor } from "@/features/evidence/components/plan-editor";
import { listPlans } from "@/features/evidence/server";

export const metadata: Metadata = { title: "Test plans" };

/** `/admin/test-plans` (docs/PRODUCT.md#evidence-packs): the firm's versioned test-plan templates. */
export default async function TestPlansPage() {
  await connection();
  const actor = await requireAdminPage();
  const plans = await listPlans(getDb(), { actor });
  return (
    <>
      <PageHeader
        title="Test plans"
        description="Numbered cases with their acceptance criteria and the controls they evidence. An adopted version never changes."
      />
      <PlanEditor plans={plans} />
    </>
  );
}
