"use client";

import { MonitorSmartphone } from "lucide-react";
import { useEffect, useState } from "react";
import { listSessionsAction, revokeOtherSessionsAction, revokeSessionAction } from "@/features/identity/actions/account";
import { ReadStatus } from "@/components/ui/read-status";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Toast, useToast } from "@/components/ui/toast";
import { useReadOnShow } from "@/components/ui/use-read-on-show";
import { type ChangeResult, useChange } from "@/components/ui/use-change";
import { RelativeTime } from "@/components/ui/relative-time";

/** Sent by the password change, which replaces every session: the list loads again. */
export const SESSIONS_CHANGED_EVENT = "account:sessions-changed";

/** Other sessions listed before Show all: the most recently active ones (docs/PRODUCT.md#account-security). */
export const RECENT_OTHER_SESSIONS = 5;

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * "Active sessions" on portal Settings and the admin Account page
 * (docs/PRODUCT.md#account-security): each browser signed in to the account, with Sign out for one
 * and for all others. The list is read with the account action when the card shows, newest first:
 * this browser and the 5 most recently active others, the rest behind "Show all (N)".
 */
export function SessionsCard() {
  const { toast, show } = useToast();
  const {
    data: sessions,
    error,
    reload,
  } = useReadOnShow("", () => listSessionsAction({}), "Could not load your sessions. Please reload the page.");
  const { isBusy, run: runChange } = useChange((message, tone) => show(message, tone === "error" ? 6000 : 4000, tone));

  useEffect(() => {
    const again = () => void reload();
    window.addEventListener(SESSIONS_CHANGED_EVENT, again);
    return () => window.removeEventListener(SESSIONS_CHANGED_EVENT, again);
  }, [reload]);

  /** Signs out one or all other sessions; the list is read again either way, and shows with the message. */
  const run = (key: string, work: () => Promise<ChangeResult<{ revoked: number }>>, done: (n: number) => string) =>
    runChange(
      key,
      async () => {
        const result = await work();
        await reload();
        return result;
      },
      // The list is the card's own (read when it shows): nothing else on the page changes.
      { done: (data) => done(data.revoked), refresh: false },
    );

  const [showAll, setShowAll] = useState(false);
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  // This browser first, then the others as read (most recently active first).
  const ordered = sessions ? [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)] : null;
  const shown =
    ordered && !showAll
      ? ordered.filter((s) => s.current).concat(ordered.filter((s) => !s.current).slice(0, RECENT_OTHER_SESSIONS))
      : ordered;

  return (
    <Card className="max-w-2xl" id="sessions">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <MonitorSmartphone className="h-5 w-5 text-accent" aria-hidden />
          Active sessions
        </h2>
        {others > 0 ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={isBusy}
            onClick={() =>
              run(
                "others",
                () => revokeOtherSessionsAction({}),
                (n) => (n === 1 ? "1 other session was signed out." : `${n} other sessions were signed out.`),
              )
            }
          >
            Sign out all other sessions
          </Button>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-muted">
        Browsers where your account is signed in. Sign out any you do not recognise, then change your password.
      </p>
      <ReadStatus error={error} loading={sessions === null} loadingText="Loading sessions..." />
      {shown ? (
        <ul id="sessions-list" aria-label="Active sessions" className="mt-4 divide-y divide-slate-800">
          {shown.map((s) => (
            <li key={s.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium">
                  {s.browser} on {s.os}
                  {s.current ? (
                    <span className="ml-2 rounded bg-emerald-900/60 px-1.5 py-0.5 text-xs text-emerald-200">This device</span>
                  ) : null}
                </p>
                <p className="text-xs text-muted">
                  IP {s.ipAddress ?? "unknown"} · Signed in {dateTime.format(new Date(s.createdAt))} · Last active{" "}
                  <RelativeTime value={s.lastActiveAt} />
                </p>
              </div>
              {s.current ? null : (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={isBusy}
                  aria-label={`Sign out ${s.browser} on ${s.os}`}
                  onClick={() =>
                    run(
                      s.id,
                      () => revokeSessionAction({ sessionId: s.id }),
                      () => "The session was signed out.",
                    )
                  }
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {sessions && shown && shown.length < sessions.length ? (
        <Button size="sm" variant="secondary" aria-controls="sessions-list" onClick={() => setShowAll(true)}>
          Show all ({sessions.length})
        </Button>
      ) : null}
      <Toast toast={toast} />
    </Card>
  );
}
