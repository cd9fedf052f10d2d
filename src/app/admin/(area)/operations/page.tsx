import type { Metadata } from "next";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { Alert } from "@/components/ui/alert";
import { DeadJobsList } from "@/features/operations/components/admin/dead-jobs-list";
import { QueueTable } from "@/features/operations/components/admin/queue-table";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { getJobOverview } from "@/features/operations/server";

export const metadata: Metadata = { title: "Operations" };

// Admin → Operations (docs/PRODUCT.md#admin-operations): the background work of every instance.
export default async function AdminOperationsPage() {
  await connection();
  const actor = await requireAdminPage();
  const { queues, dead, deadTotal, engineRunning } = await getJobOverview(getDb(), { actor });
  return (
    <>
      <PageHeader
        title="Operations"
        description="Background work: what waits in each queue, what runs, and the jobs that failed on every retry."
      />
      {engineRunning ? null : (
        <Alert tone="info" className="mb-4">
          The job engine is not running on this instance yet: the counts are read from the database, and Retry and Discard wait for it.
        </Alert>
      )}
      <section>
        <h2 className="mb-3 text-lg font-semibold">Queues</h2>
        <QueueTable queues={queues.map(({ name, ...counts }) => ({ id: name, ...counts }))} />
      </section>
      <DeadJobsList
        total={deadTotal}
        jobs={dead.map(({ id, queue, error, about, attempts, deadSince }) => ({
          id,
          queue,
          error,
          about,
          attempts,
          deadSince: deadSince.toISOString(),
        }))}
      />
    </>
  );
}
