import type { Metadata } from "next";
import { connection } from "next/server";
import { RecentUploads } from "@/components/admin/documents/recent-uploads";
import { UploadForm } from "@/components/admin/documents/upload-form";
import { PageHeader } from "@/components/admin/page-header";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/server/modules/account";
import { listActiveClientOptions } from "@/server/modules/clients";
import { listRecentDocuments } from "@/server/modules/documents";

export const metadata: Metadata = { title: "Documents" };

export default async function AdminDocumentsPage() {
  await connection();
  const actor = await requireAdminPage();
  const db = getDb();
  const [clients, documents] = await Promise.all([listActiveClientOptions(db, { actor }), listRecentDocuments(db, { actor })]);
  return (
    <>
      <PageHeader title="Documents" description="Share contracts, reports and deliverables with clients." />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <UploadForm clients={clients} />
        <RecentUploads
          documents={documents.map((d) => ({
            id: d.id,
            name: d.name,
            category: d.category,
            fileSize: d.fileSize,
            company: d.company,
            uploadedAt: d.uploadedAt.toISOString(),
          }))}
        />
      </div>
    </>
  );
}
