"use client";

import { Plus } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useId, useState } from "react";
import { setThreadStatusAction } from "@/features/messages/actions/admin";
import { ClientPicker, type ClientChoice } from "@/components/admin/client-picker";
import { NewThreadCard } from "@/features/messages/components/new-thread-card";
import { ThreadList } from "@/features/messages/components/thread-list";
import { ThreadView } from "@/features/messages/components/thread-view";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input, Select } from "@/components/ui/field";
import { Toast, useToast } from "@/components/ui/toast";
import { THREAD_STATUS_LABELS, THREAD_STATUSES } from "@/lib/domain/thread-status";
import { adminNewThreadSchema, SUBJECT_MAX_LENGTH, type ThreadListFilter } from "@/features/messages/validation";
import type { ThreadSummary } from "@/features/messages/server";

const API = "/api/admin/messages";

/** The team's inbox (docs/PRODUCT.md#admin-messages): filters in the URL, one open thread at a time. */
export function MessagesScreen({
  clients,
  threads,
  filter,
}: {
  clients: ClientChoice[];
  threads: ThreadSummary[];
  filter: ThreadListFilter;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const { toast, show } = useToast();
  const [composing, setComposing] = useState(false);
  const ids = { client: useId(), status: useId(), unread: useId(), newClient: useId(), subject: useId() };
  const notify = (message: string, tone: "success" | "error") => show(message, tone === "error" ? 6000 : 3000, tone);

  const hrefWith = (changes: Partial<Record<"client" | "status" | "unread" | "thread", string | undefined>>) => {
    const current = {
      client: filter.client,
      status: filter.status,
      unread: filter.unread ? "1" : undefined,
      thread: filter.thread,
      ...changes,
    };
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
          setStatus={setThreadStatusAction}
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
          <ClientPicker
            id={ids.client}
            name="client"
            clients={clients}
            defaultValue={filter.client ?? ""}
            emptyLabel="All clients"
            className="w-56 max-w-full"
          />
        </div>
        <div className="w-36">
          <label htmlFor={ids.status} className="mb-1 block text-sm font-medium">
            Status
          </label>
          <Select id={ids.status} name="status" defaultValue={filter.status ?? ""}>
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
                <ClientPicker
                  id={ids.newClient}
                  name="clientId"
                  clients={clients}
                  invalid={Boolean(errors.clientId)}
                  describedBy={errors.clientId ? `${ids.newClient}-error` : undefined}
                />
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
