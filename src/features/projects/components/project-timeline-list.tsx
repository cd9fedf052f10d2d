import { CircleDot, FileLock2, FileSignature, FolderKanban, MessageSquare, Receipt, ShieldAlert, type LucideIcon } from "lucide-react";
import { FINDING_SEVERITY_LABELS, FINDING_STATUS_LABELS } from "@/lib/domain/finding";
import { PROJECT_STATUS_LABELS } from "@/lib/domain/project-status";
import { formatDateTime } from "@/lib/format";
import type { TimelineEntry, TimelineKind } from "@/features/projects/server";

const ICONS: Record<TimelineKind, LucideIcon> = {
  project: FolderKanban,
  status: CircleDot,
  invoice: Receipt,
  finding: ShieldAlert,
  report: FileLock2,
  message: MessageSquare,
  authorization: FileSignature,
};

const labelOf = (value: string): string =>
  (PROJECT_STATUS_LABELS as Record<string, string>)[value] ??
  (FINDING_STATUS_LABELS as Record<string, string>)[value] ??
  (FINDING_SEVERITY_LABELS as Record<string, string>)[value] ??
  value;

/** A status change's "from → to", a finding's severity or status: the stored values said in words. */
function detailOf(entry: TimelineEntry): string {
  if (entry.kind === "status") return entry.detail.split(" → ").map(labelOf).join(" → ");
  if (entry.kind === "finding" || entry.kind === "project") return labelOf(entry.detail);
  return entry.detail;
}

/**
 * A project's timeline (docs/PRODUCT.md#project-timeline), oldest first: the firm's dialog and the
 * portal's project view show the same entries. `links` lead a finding or message entry to its record,
 * at the address of the screen's audience.
 */
export type TimelineLinks = { finding: (id: string) => string; message: (id: string) => string };

export function ProjectTimelineList({ entries, links }: { entries: TimelineEntry[]; links: TimelineLinks }) {
  if (entries.length === 0) return <p className="text-sm text-muted">Nothing has happened on this project yet.</p>;
  return (
    <ol aria-label="Timeline" className="space-y-3 border-l border-slate-700 pl-4">
      {entries.map((entry, index) => {
        const Icon = ICONS[entry.kind];
        const href =
          entry.refId === null
            ? null
            : entry.kind === "finding"
              ? links.finding(entry.refId)
              : entry.kind === "message"
                ? links.message(entry.refId)
                : null;
        const detail = detailOf(entry);
        return (
          <li key={`${entry.at}-${index}`} className="relative min-w-0">
            <span className="absolute -left-[1.6rem] top-0.5 rounded-full bg-surface p-0.5 text-accent">
              <Icon className="h-4 w-4" aria-hidden />
            </span>
            <p className="break-words text-sm font-medium">
              {href ? (
                <a href={href} className="text-accent underline-offset-2 hover:underline">
                  {entry.title}
                </a>
              ) : (
                entry.title
              )}
            </p>
            <p className="break-words text-xs text-muted">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              {detail ? ` · ${detail}` : ""}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
