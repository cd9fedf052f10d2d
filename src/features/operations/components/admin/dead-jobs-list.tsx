"use client";

import { Skull } from "lucide-react";
import { useCardItems } from "@/components/admin/use-card-items";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";
import { discardDeadJobAction, retryDeadJobAction } from "@/features/operations/actions/jobs";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";

export type DeadJobView = {
  id: string;
  queue: string;
  error: string;
  about: string | null;
  attempts: number;
  deadSince: string;
};

const EMPTY: ListEmptyTexts = {
  icon: Skull,
  whenFiltered: { title: "No dead jobs." },
  whenNone: { title: "No dead jobs.", hint: "A job that fails on every retry lands here, with its error." },
};

/**
 * The last failures: jobs that used up their retries, newest first, each with its error in plain
 * words, and Retry (back to its queue with fresh retries) or Discard (deleted for good). A job
 * retried or discarded leaves the list; a refusal (someone else got there first) says why.
 */
export function DeadJobsList({ jobs: initial, total: initialTotal }: { jobs: DeadJobView[]; total: number }) {
  const { items: jobs, removed, running, message, run } = useCardItems(initial);
  const total = initialTotal - removed;
  const label = (job: DeadJobView) => `the dead ${job.queue} job${job.about ? ` (${job.about})` : ""}`;

  const columns: Column<DeadJobView>[] = [
    {
      header: "Job",
      cell: (job) => (
        <span>
          <span className="break-all font-mono text-sm">{job.queue}</span>
          {job.about ? <span className="block break-all text-xs font-normal text-muted">{job.about}</span> : null}
        </span>
      ),
    },
    { header: "Error", cell: (job) => <span className="break-words text-red-300">{job.error}</span> },
    { header: "Attempts", align: "right", cell: (job) => job.attempts },
    { header: "Dead since", cell: (job) => <RelativeTime value={job.deadSince} /> },
    {
      header: "Actions",
      hideHeader: true,
      align: "right",
      cell: (job) => (
        <span className="flex flex-wrap gap-2 md:justify-end">
          <Button
            size="sm"
            variant="secondary"
            disabled={running !== null}
            aria-label={`Retry ${label(job)}`}
            onClick={() =>
              run(
                job,
                () => retryDeadJobAction({ jobId: job.id }),
                () => `The ${job.queue} job is queued again.`,
              )
            }
          >
            {running === job.id ? "Working…" : "Retry"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={running !== null}
            aria-label={`Discard ${label(job)}`}
            onClick={() =>
              run(
                job,
                () => discardDeadJobAction({ jobId: job.id }),
                () => `The ${job.queue} job is discarded.`,
              )
            }
          >
            Discard
          </Button>
        </span>
      ),
    },
  ];

  return (
    <section className="mt-8">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">Dead jobs</h2>
        <span data-testid="dead-job-count" className={total > 0 ? "text-sm font-semibold text-red-300" : "text-sm text-muted"}>
          {total} dead
        </span>
      </div>
      {message ? (
        <Alert tone={message.tone} className="mb-3">
          {message.text}
        </Alert>
      ) : null}
      <ListTable caption="Dead jobs" columns={columns} rows={jobs} minWidthClass="md:min-w-[720px]" filtered={false} empty={EMPTY} />
      {total > jobs.length ? (
        <p className="mt-2 text-xs text-muted">
          Showing the newest {jobs.length} of {total}.
        </p>
      ) : null}
    </section>
  );
}
