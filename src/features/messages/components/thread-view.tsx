"use client";

import { ArrowLeft, Check, Download, Paperclip } from "lucide-react";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Loading } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { type ChangeResult, type Notify, routeChange, useChange } from "@/components/ui/use-change";
import { useReadOnShow } from "@/components/ui/use-read-on-show";
import { ApiError, apiFetch } from "@/lib/api-client";
import { THREAD_STATUS_LABELS, THREAD_STATUS_TONES, type ThreadStatus } from "@/lib/domain/thread-status";
import { formatFileSize } from "@/lib/format";
import { replySchema } from "@/features/messages/validation";
import type { ThreadMessage } from "@/features/messages/server";
import { downloadAttachment } from "./attachment-download";
import { MessageForm } from "./message-form";
import { MessageText } from "./message-text";
import type { MessagesApi, ThreadPageBody } from "./types";

const COULD_NOT_LOAD = "Could not load the conversation. Please try again.";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * One conversation: the newest page of messages (older ones on request), who wrote what and when,
 * whether the other side has seen the viewer's messages, attachments, and the reply box.
 */
export function ThreadView({
  api,
  threadId,
  onBack,
  onChanged,
  notify,
  setStatus,
  readOnly = false,
}: {
  api: MessagesApi;
  threadId: string;
  onBack: () => void;
  /** After the thread was read or a reply sent: the figures around it are out of date. */
  onChanged: () => void;
  notify: Notify;
  /** The team's Close / Reopen (docs/PRODUCT.md#admin-messages); the portal has none. */
  setStatus?: (input: { threadId: string; status: ThreadStatus }) => Promise<ChangeResult<{ status: ThreadStatus }>>;
  /** An admin viewing the portal: the conversation shows without the reply box. */
  readOnly?: boolean;
}) {
  const [page, setPage] = useState<ThreadPageBody | null>(null);
  const [older, setOlder] = useState<ThreadMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const { isBusy, run } = useChange<"status">(notify);
  // Older messages have their own busy state: reading them holds up no change.
  const olderPage = useChange<"older">(notify);
  const loadingOlder = olderPage.isBusy;
  const url = `${api}/threads/${encodeURIComponent(threadId)}`;

  // Opening an unread thread marks it read on the server, so the figures around it are refreshed
  // after; a thread read before changes nothing (and a refresh would hold up the next change). A
  // read again after a reply (the form's `prepare`) never refreshes them.
  const opened = useRef(false);
  const read = async (): Promise<ChangeResult<ThreadPageBody>> => {
    try {
      const body = await apiFetch<ThreadPageBody>(url, { cache: "no-store" });
      setPage(body);
      setOlder([]);
      setHasOlder(body.hasOlder);
      if (!opened.current && body.markedRead) onChanged();
      opened.current = true;
      return { success: true, data: body };
    } catch (e) {
      return { success: false, error: e instanceof ApiError && e.status === 404 ? "Conversation not found." : COULD_NOT_LOAD };
    }
  };
  // The page is kept in its own state: Close / Reopen changes its status in place.
  const { error, reload: load } = useReadOnShow(url, read, COULD_NOT_LOAD);

  const loadOlder = () => {
    const first = older[0] ?? page?.messages[0];
    if (!first) return;
    const failed = "Could not load older messages. Please try again.";
    olderPage.run(
      "older",
      () => routeChange(apiFetch<ThreadPageBody>(`${url}?before=${encodeURIComponent(first.id)}`, { cache: "no-store" })),
      {
        done: (body) => {
          setOlder((current) => [...body.messages, ...current]);
          setHasOlder(body.hasOlder);
        },
        refused: () => {
          notify(failed, "error");
          return true;
        },
        refresh: false,
        unreachable: failed,
      },
    );
  };

  if (error) {
    return (
      <div className="space-y-4">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> All conversations
        </Button>
        <Alert tone="error">{error}</Alert>
      </div>
    );
  }
  if (!page) return <Loading label="Loading the conversation..." />;

  const all = [...older, ...page.messages];
  const seenUntil = page.otherSideReadAt ? new Date(page.otherSideReadAt).getTime() : 0;

  return (
    <article aria-labelledby="thread-subject" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Button variant="ghost" size="sm" onClick={onBack} className="-ml-3 mb-1">
            <ArrowLeft className="h-4 w-4" aria-hidden /> All conversations
          </Button>
          <h2 id="thread-subject" className="break-words text-xl font-semibold">
            {page.thread.subject}
          </h2>
          <p className="text-sm text-muted">
            {page.thread.company}
            {page.thread.projectName ? ` · ${page.thread.projectName}` : ""}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge
            value={page.thread.status}
            label={THREAD_STATUS_LABELS[page.thread.status]}
            tone={THREAD_STATUS_TONES[page.thread.status]}
          />
          {setStatus ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={isBusy}
              id="thread-status-button"
              aria-labelledby="thread-status-button thread-subject"
              onClick={() => {
                const status = page.thread.status === "open" ? "closed" : "open";
                run("status", () => setStatus({ threadId: page.thread.id, status }), {
                  done: (saved) => {
                    setPage((current) => (current ? { ...current, thread: { ...current.thread, status: saved.status } } : current));
                    return saved.status === "closed" ? "Conversation closed" : "Conversation reopened";
                  },
                  // The answer is the whole new state: nothing else on screen shows the status (the
                  // list is read again when it shows), and a refresh would queue the next change behind it.
                  refresh: false,
                });
              }}
            >
              {page.thread.status === "open" ? (isBusy ? "Closing..." : "Close") : isBusy ? "Reopening..." : "Reopen"}
              <span className="sr-only"> the conversation</span>
            </Button>
          ) : null}
        </div>
      </div>

      {hasOlder ? (
        <Button variant="secondary" size="sm" onClick={loadOlder} disabled={loadingOlder}>
          {loadingOlder ? "Loading..." : "Load older messages"}
        </Button>
      ) : null}

      <ol aria-label="Messages" className="space-y-3">
        {all.map((m) => (
          <li
            key={m.id}
            data-message={m.id}
            className={
              m.own ? "rounded-xl border border-cyan-500/30 bg-cyan-500/5 p-4" : "rounded-xl border border-slate-800 bg-surface p-4"
            }
          >
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-muted">
              <span className="font-semibold text-foreground">
                {m.authorName}
                {m.authorRole === "admin" ? <span className="ml-1 font-normal text-muted">(team)</span> : null}
              </span>
              <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
            </div>
            <MessageText body={m.body} />
            {m.attachments.length ? (
              <ul className="mt-3 space-y-1">
                {m.attachments.map((a) => (
                  <li key={a.id}>
                    <button
                      type="button"
                      onClick={async () => {
                        const failure = await downloadAttachment(api, a.id);
                        if (failure) notify(failure, "error");
                      }}
                      className="inline-flex max-w-full items-center gap-2 rounded border border-slate-700 px-2 py-1 text-xs hover:bg-surface-2"
                    >
                      <Paperclip className="h-3.5 w-3.5 shrink-0" aria-hidden />
                      <span className="truncate">{a.name}</span>
                      <span className="text-muted">{formatFileSize(a.fileSize)}</span>
                      <Download className="h-3.5 w-3.5 shrink-0" aria-hidden />
                      <span className="sr-only">Download</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {m.own && new Date(m.createdAt).getTime() <= seenUntil ? (
              <p className="mt-2 flex items-center gap-1 text-xs text-muted">
                <Check className="h-3.5 w-3.5" aria-hidden /> Seen
              </p>
            ) : null}
          </li>
        ))}
      </ol>

      {readOnly ? null : (
        <section aria-label="Reply" className="rounded-xl border border-slate-800 p-4">
          <MessageForm<{ messageId: string }>
            url={url}
            schema={replySchema}
            submitLabel="Send reply"
            bodyLabel="Your reply"
            prepare={load}
            onSent={() => {
              notify("Message sent", "success");
              onChanged();
            }}
            onError={(message) => notify(message, "error")}
          />
        </section>
      )}
    </article>
  );
}
