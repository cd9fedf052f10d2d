"use client";

import { Mail } from "lucide-react";
import { useState } from "react";
import { sendTestMailAction } from "@/features/operations/actions/admin";
import { DashboardCard } from "@/components/admin/dashboard-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useChange } from "@/components/ui/use-change";
import type { MailStatus } from "@/features/operations/server";

/** Settings → Mail (docs/PRODUCT.md#admin-settings): whether mail leaves, the outbox, and a test mail. */
export function MailCard({ status, adminEmail }: { status: MailStatus; adminEmail: string }) {
  const [result, setResult] = useState<{ tone: "success" | "error" | "info"; text: string } | null>(null);
  const { isBusy, run } = useChange<"test">((text, tone) => setResult({ tone, text }));

  const sendTest = () => {
    setResult(null);
    run("test", () => sendTestMailAction({}), {
      done: (data) => {
        setResult({ tone: data.outcome === "sent" ? "success" : data.outcome === "retrying" ? "error" : "info", text: data.message });
      },
    });
  };

  return (
    <DashboardCard headingId="settings-mail" icon={Mail} title="Mail">
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">SMTP</dt>
          <dd className="font-medium" data-testid="mail-smtp">
            {status.smtpConfigured ? "Configured" : "Not configured"}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Queued in the outbox</dt>
          <dd className="font-medium" data-testid="mail-queued">
            {status.queued}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Failed</dt>
          <dd className="font-medium" data-testid="mail-failed">
            {status.failed}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-muted">
        {status.smtpConfigured
          ? `Mail is sent from ${status.from}.`
          : "No mail server is set up, so mail is not delivered: it is kept in the outbox and written to the server log. Whoever runs this server can add one (the deployment guide says how)."}{" "}
        Failed mail is listed, with Retry, on the dashboard.
      </p>
      <div className="mt-4 space-y-3">
        <div aria-live="polite">{result ? <Alert tone={result.tone}>{result.text}</Alert> : null}</div>
        <Button onClick={sendTest} disabled={isBusy} aria-label={`Send a test mail to ${adminEmail}`}>
          {isBusy ? "Sending..." : "Send a test mail"}
        </Button>
      </div>
    </DashboardCard>
  );
}
