import { MessageSquare } from "lucide-react";
import { EmptyState } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { THREAD_STATUS_LABELS, THREAD_STATUS_TONES } from "@/lib/domain/thread-status";
import { formatDate } from "@/lib/format";
import type { ThreadSummary } from "@/features/messages/server";

/** Conversations, latest activity first; unread ones stand out and say so to screen readers. */
export function ThreadList({
  threads,
  hrefOf,
  onOpen,
  showCompany,
  emptyHint,
}: {
  threads: ThreadSummary[];
  hrefOf: (id: string) => string;
  onOpen?: (id: string) => (event: React.MouseEvent<HTMLAnchorElement>) => void;
  showCompany?: boolean;
  emptyHint: string;
}) {
  if (threads.length === 0)
    return <EmptyState title="No conversations yet" hint={emptyHint} icon={<MessageSquare className="h-10 w-10" aria-hidden />} />;
  return (
    <ul aria-label="Conversations" className="divide-y divide-slate-800 rounded-xl border border-slate-800">
      {threads.map((t) => (
        <li key={t.id} data-thread={t.id}>
          <a
            href={hrefOf(t.id)}
            onClick={onOpen?.(t.id)}
            className="flex flex-wrap items-center justify-between gap-2 p-4 hover:bg-surface-2"
          >
            <div className="min-w-0 flex-1">
              <p className={t.unread ? "break-words font-semibold text-foreground" : "break-words text-foreground"}>
                {t.unread ? <span className="mr-2 inline-block h-2 w-2 rounded-full bg-accent" aria-hidden /> : null}
                {t.subject}
                {t.unread ? <span className="sr-only"> (unread)</span> : null}
              </p>
              <p className="truncate text-xs text-muted">
                {showCompany ? `${t.company} · ` : ""}
                {t.projectName ? `${t.projectName} · ` : ""}
                {t.messageCount} {t.messageCount === 1 ? "message" : "messages"} ·{" "}
                <time dateTime={t.lastMessageAt}>{formatDate(t.lastMessageAt)}</time>
              </p>
            </div>
            <StatusBadge value={t.status} label={THREAD_STATUS_LABELS[t.status]} tone={THREAD_STATUS_TONES[t.status]} />
          </a>
        </li>
      ))}
    </ul>
  );
}
