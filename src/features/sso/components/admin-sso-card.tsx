"use client";

import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DemoServiceBadge } from "@/components/ui/demo-service-badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { switchSsoOffAsFirmAction } from "@/features/sso/actions/admin";
import type { AdminSsoView } from "@/features/sso/server";

const MODE_LABELS = {
  off: "Off",
  allowed: "Allowed (password or the provider)",
  required: "Required (the provider only; owners keep their password)",
};

/** A company's single sign-on on the firm's client page (docs/PRODUCT.md#single-sign-on): read, and switched off in an emergency. */
export function AdminSsoCard({ clientId, company, sso }: { clientId: string; company: string; sso: AdminSsoView }) {
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Card role="region" aria-labelledby="admin-sso-heading">
      <h2 id="admin-sso-heading" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="h-5 w-5 text-accent" aria-hidden /> Single sign-on
      </h2>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="text-muted">Mode</dt>
        <dd>{MODE_LABELS[sso.mode]}</dd>
        <dt className="text-muted">Verified domains</dt>
        <dd className="break-all">{sso.domains.length ? sso.domains.join(", ") : "None"}</dd>
        <dt className="text-muted">Identity provider</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <span className="font-mono break-all">{sso.issuer ?? "None"}</span>
          <DemoServiceBadge mark={sso.demo} />
        </dd>
      </dl>
      {message ? (
        <Alert tone="success" className="mt-3">
          {message}
        </Alert>
      ) : null}
      {sso.mode === "off" ? null : (
        <div className="mt-4">
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Switch single sign-on off
          </Button>
        </div>
      )}
      {confirming ? (
        <ConfirmDialog
          title={`Switch ${company}'s single sign-on off?`}
          description="Its people sign in with their password again. The owners are mailed; they can switch it on again after a new test sign-in."
          confirmLabel="Switch off"
          busyLabel="Switching off..."
          send={() => switchSsoOffAsFirmAction({ clientId })}
          onDone={() => {
            setConfirming(false);
            setMessage("Single sign-on switched off. The owners were mailed.");
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </Card>
  );
}
