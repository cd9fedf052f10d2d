import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { Card } from "@/components/ui/card";
import { TemplateForm } from "@/features/findings/components/admin/template-form";
import { uuidSchema } from "@/lib/validation/common";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { getFindingTemplate } from "@/features/findings/server";

export const metadata: Metadata = { title: "Finding template" };

/** One finding template to edit or delete (docs/PRODUCT.md#admin-finding-templates). */
export default async function AdminFindingTemplatePage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const actor = await requireAdminPage();
  const { id } = await params;
  if (!uuidSchema.safeParse(id).success) notFound();
  const template = await getFindingTemplate(getDb(), { actor, templateId: id }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  });
  if (!template) notFound();
  return (
    <>
      <Link href="/admin/findings/templates" className="mb-3 inline-flex items-center gap-1 text-sm text-muted hover:text-foreground">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Finding templates
      </Link>
      <PageHeader title={template.title} description="Findings made from this template keep their text when it changes." />
      <Card>
        <TemplateForm
          templateId={template.id}
          initial={{
            title: template.title,
            cvssVector: template.cvssVector ?? "",
            cwe: template.cwe ? `CWE-${template.cwe}` : "",
            description: template.description,
            remediation: template.remediation,
            references: template.references,
            tags: template.tags.join(", "),
            owaspLlm: template.owaspLlm,
            atlas: template.atlas,
            ruleIds: template.ruleIds.join("\n"),
          }}
        />
      </Card>
    </>
  );
}
