"use client";

import { MailWarning } from "@/components/ui/sprite-icon";
import { DashboardCard } from "@/components/admin/dashboard-card";
import { useCardItems } from "@/components/admin/use-card-items";
import { retryFailedMailAction } from "@/features/operations/actions/admin";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";

export type FailedMailView = {
  id: string;
  toAddress: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  canRetry: boolean;
};

/**
 * Mail that used up its delivery attempts. Always shown, so "no failed mail" is visible too; a
 * retried message leaves the list (it is queued again) and the count drops.
 */
export function FailedMailCard({ mails: initial, total: initialTotal }: { mails: FailedMailView[]; total: number }) {
  const { items: mails, removed, running, message, run } = useCardItems(initial);
  const total = initialTotal - removed;

  const retry = (mail: FailedMailView) =>
    run(
      mail,
      () => retryFailedMailAction({ mailId: mail.id }),
      () => `The message to ${mail.toAddress} is queued again.`,
    );

  return (
    <DashboardCard
      headingId="failed-mail-heading"
      icon={MailWarning}
      title="Failed Mail"
      badge={
        <span
          data-testid="failed-mail-count"
          className={total > 0 ? "rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-semibold text-red-300" : "text-xs text-muted"}
        >
          {total} failed
        </span>
      }
    >
      {message ? (
        <Alert tone={message.tone} className="mt-3">
          {message.text}
        </Alert>
      ) : null}
      {mails.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No failed mail: every message was delivered or is still being retried.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-800">
          {mails.map((mail) => (
            <li key={mail.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1 text-sm">
                <p className="break-words font-semibold">{mail.subject}</p>
                <p className="break-all text-xs text-muted">
                  To {mail.toAddress} · {mail.attempts} attempts · queued <RelativeTime value={mail.createdAt} />
                </p>
                {mail.lastError ? <p className="mt-1 break-words font-mono text-xs text-red-300">{mail.lastError}</p> : null}
              </div>
              {mail.canRetry ? (
                <Button
                  size="sm"
                  variant="secondary"
                  className="self-start"
                  disabled={running !== null}
                  onClick={() => retry(mail)}
                  aria-label={`Retry the message to ${mail.toAddress}: ${mail.subject}`}
                >
                  {running === mail.id ? "Retrying…" : "Retry"}
                </Button>
              ) : (
                <span className="self-start text-xs text-muted">Link expired: send a new one</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {total > mails.length ? (
        <p className="mt-2 text-xs text-muted">
          Showing the newest {mails.length} of {total}.
        </p>
      ) : null}
    </DashboardCard>
  );
}
