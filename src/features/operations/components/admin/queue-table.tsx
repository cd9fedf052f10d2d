import { Layers } from "lucide-react";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";

export type QueueRowView = {
  id: string;
  waiting: number;
  active: number;
  failed: number;
  dead: number;
  oldestWaitingSeconds: number | null;
};

/** "45 s", "12 min", "3 h 5 min", "2 d 4 h": how long the oldest job has waited. */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

const count = (n: number, alarm = false) => (
  <span className={alarm && n > 0 ? "font-semibold text-red-300" : n === 0 ? "text-muted" : undefined}>{n.toLocaleString("en-US")}</span>
);

const COLUMNS: Column<QueueRowView>[] = [
  { header: "Queue", cell: (q) => <span className="break-all font-mono text-sm">{q.id}</span> },
  { header: "Waiting", align: "right", cell: (q) => count(q.waiting) },
  {
    header: "Oldest waiting",
    align: "right",
    cell: (q) => <span className={q.oldestWaitingSeconds === null ? "text-muted" : undefined}>{formatWait(q.oldestWaitingSeconds)}</span>,
  },
  { header: "Active", align: "right", cell: (q) => count(q.active) },
  { header: "Failed (last day)", align: "right", cell: (q) => count(q.failed) },
  { header: "Dead", align: "right", cell: (q) => count(q.dead, true) },
];

const EMPTY: ListEmptyTexts = {
  icon: Layers,
  whenFiltered: { title: "No queues" },
  whenNone: { title: "No queues yet", hint: "The job engine creates them when it first starts." },
};

/** Every queue of the job engine with what waits, runs, failed and died (docs/PRODUCT.md#admin-operations). */
export function QueueTable({ queues }: { queues: QueueRowView[] }) {
  return <ListTable caption="Queues" columns={COLUMNS} rows={queues} minWidthClass="md:min-w-[640px]" filtered={false} empty={EMPTY} />;
}
