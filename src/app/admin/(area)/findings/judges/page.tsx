import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { Card } from "@/components/ui/card";
import { JudgeValidationForm } from "@/features/measurements/components/admin/judge-validation-form";
import { JudgeValidationsList } from "@/features/measurements/components/admin/judge-validations-list";
import { listJudgeValidations } from "@/features/measurements/server";
import { requireAdminPage } from "@/features/identity/server";
import { getDb } from "@/server/core/get-db";

export const metadata: Metadata = { title: "Judges" };

/** `/admin/findings/judges` (docs/PRODUCT.md#measured-ai-findings): the judges' validations, and a new one from a labelled sample. */
export default async function AdminJudgesPage() {
  await connection();
  const actor = await requireAdminPage();
  const rows = await listJudgeValidations(getDb(), { actor });
  return (
    <>
      <PageHeader
        title="Judges"
        description="How far each judge of our measured AI findings agrees with a person: a rate measured by a validated judge is shown corrected for what it misses."
        actions={
          <Link href="/admin/findings" className="text-sm text-accent underline">
            Back to Findings
          </Link>
        }
      />
      <div className="space-y-6">
        <JudgeValidationsList rows={rows} />
        <Card className="space-y-3">
          <h2 className="font-semibold">Record a validation</h2>
          <JudgeValidationForm />
        </Card>
      </div>
    </>
  );
}
