"use client";

import { Plus } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { setThreadStatusAction } from "@/app/admin/(area)/messages/actions";
import { NewThreadCard } from "@/components/messages/new-thread-card";
import { ThreadList } from "@/components/messages/thread-list";
import { ThreadView } from "@/components/messages/thread-view";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input, Select } from "@/components/ui/field";
import { Toast, useToast } from "@/components/ui/toast";
import { THREAD_STATUS_LABELS, THREAD_STATUSES } from "@/lib/domain/thread-status";
import { adminNewThreadSchema, SUBJECT_MAX_LENGTH, type ThreadListFilter } from "@/lib/validation/messages";
import type { ThreadSummary } from "@/server/data/messages-read";

const API = "/api/admin/messages";

type ClientChoice = { id: string; company: string };

/** The team's inbox (docs/PRODUCT.md#admin-messages): filters in the URL, one open thread at a time. */
export function MessagesScreen({ clients, threads, filter }: { clients: ClientChoice[]; threads: ThreadSummary[]; filter: ThreadListFilter }) {
  const router = useRouter();
  const pathname = usePathname();
  const { toast, show } = useToast();
  const [composing, setComposing] = useState(false);
  const [pending, startTransition] = useTransition();
  const ids = { client: useId(), status: useId(), unread: useId(), newClient: useId(), subject: useId() };
  const notify = (message: string, tone: "success" | "error") => show(message, tone === "error" ? 6000 : 3000, tone);

  const hrefWith = (changes: Partial<Record<"client" | "status" | "unread" | "thread", string | undefined>>) => {
    const current = { client: filter.client, status: filter.status, unread: filter.unread ? "1" : undefined, thread: filter.thread, ...changes };
    const params = new URLSearchParams(Object.entries(current).filter((e): e is [string, string] => Boolean(e[1])));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const go = (changes: Parameters<typeof hrefWith>[0]) => router.push(hrefWith(changes));

  if (filter.thread) {
    return (
      <>
        <ThreadView
          key={filter.thread}
          api={API}
          threadId={filter.thread}
          onBack={() => go({ thread: undefined })}
          onChanged={() => router.refresh()}
          notify={notify}
          actions={(page) => (
            <Button
              variant="secondary"
              size="sm"
              disabled={pending}
              onClick={() =>
                startTransition(async () => {
                  const status = page.thread.status === "open" ? "closed" : "open";
                  const result = await setThreadStatusAction({ threadId: page.thread.id, status });
                  if (!result.ok) return notify(result.error, "error");
                  notify(status === "closed" ? "Conversation closed" : "Conversation reopened", "success");
                  // The view reloads the thread with its new status.
                  router.replace(hrefWith({ thread: undefined }));
                  router.push(hrefWith({}));
                })
              }
            >
              {page.thread.status === "open" ? "Close" : "Reopen"}
            </Button>
          )}
        />
        <Toast toast={toast} />
      </>
    );
  }

  return (
    <div className="space-y-6">
      <form method="get" action={pathname} className="flex flex-wrap items-end gap-3" aria-label="Filter conversations">
        <div>
          <label htmlFor={ids.client} className="mb-1 block text-sm font-medium">
            Client
          </label>
          <Select id={ids.client} name="client" defaultValue={filter.client ?? ""} className="w-56 max-w-full">
            <option value="">All clients</option>
            <ClientOptions clients={clients} />
          </Select>
        </div>
        <div>
          <label htmlFor={ids.status} className="mb-1 block text-sm font-medium">
            Status
          </label>
          <Select id={ids.status} name="status" defaultValue={filter.status ?? ""} className="w-36">
            <option value="">Open and closed</option>
            {THREAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {THREAD_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <label htmlFor={ids.unread} className="flex h-10 items-center gap-2 text-sm">
          <input id={ids.unread} type="checkbox" name="unread" value="1" defaultChecked={filter.unread} className="h-4 w-4" />
          Unread only
        </label>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        <Button className="ml-auto" onClick={() => setComposing(true)} disabled={composing}>
          <Plus className="h-4 w-4" aria-hidden /> New conversation
        </Button>
      </form>

      {composing ? (
        <NewThreadCard
          api={API}
          schema={adminNewThreadSchema}
          fields={(errors) => (
            <>
              <Field id={ids.newClient} label="Client" error={errors.clientId}>
                <Select {...fieldAria(ids.newClient, errors.clientId)} name="clientId" defaultValue="">
                  <option value="">Select a client</option>
                  <ClientOptions clients={clients} />
                </Select>
              </Field>
              <Field id={ids.subject} label="Subject" error={errors.subject}>
                <Input {...fieldAria(ids.subject, errors.subject)} name="subject" maxLength={SUBJECT_MAX_LENGTH} />
              </Field>
            </>
          )}
          onCreated={(threadId) => go({ thread: threadId })}
          onCancel={() => setComposing(false)}
          notify={notify}
        />
      ) : null}

      <ThreadList
        threads={threads}
        showCompany
        hrefOf={(id) => hrefWith({ thread: id })}
        onOpen={(id) => (event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          go({ thread: id });
        }}
        emptyHint="No conversation matches these filters."
      />
      <Toast toast={toast} />
    </div>
  );
}

/** One option per client, by company: the list filter and the new-thread form choose from the same clients. */
function ClientOptions({ clients }: { clients: ClientChoice[] }) {
  return clients.map((c) => (
    <option key={c.id} value={c.id}>
      {c.company}
    </option>
  ));
}
