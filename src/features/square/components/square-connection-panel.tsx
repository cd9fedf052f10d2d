"use client";

import { CreditCard, Link2, RefreshCw, Unplug } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LazyDialog } from "@/components/ui/lazy-dialog";
import { routeChange, useChange } from "@/components/ui/use-change";
import { DemoServiceBadge } from "@/components/ui/demo-service-badge";
import { apiFetch } from "@/lib/api-client";
import { type OAuthResult, oauthResultFrom } from "./oauth-result";
import { SQUARE_AUTHORIZE_URL as AUTHORIZE_URL, SquarePermissionNotice, type SquarePermissionState } from "./square-permission-notice";

export type SquareStatusView = (
  | ({ connected: true; configured: boolean; merchant_id: string; expires_in_days: number } & SquarePermissionState)
  | { connected: false; configured: boolean }
) & { demo?: boolean };
const STATUS_URL = "/api/oauth/square?action=status";
const STATUS_RELOAD_MS = 1000; // status reload 1 s after a successful connect (docs/PRODUCT.md#square-connection)

type Banner = { tone: "success" | "error" | "info"; text: string; detail?: string };

function expiryText(days: number): string {
  if (days <= 0) return "Access token expires within a day";
  return `Access token expires in ${days} day${days === 1 ? "" : "s"}`;
}

function Badge({ status }: { status: SquareStatusView }) {
  const [label, tone] = !status.configured
    ? ["Not configured", "border-slate-600 text-muted"]
    : status.connected && status.revoked
      ? ["Revoked", "border-red-500/50 text-red-300"]
      : status.connected
        ? ["Connected", "border-emerald-500/50 text-emerald-300"]
        : ["Not connected", "border-amber-500/50 text-amber-300"];
  return <span className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>;
}

/** With oauthResult given (the Suspense fallback), it does not read the URL. */
export function SquareConnectionPanel({
  initialStatus,
  oauthResult,
  footer,
}: {
  initialStatus: SquareStatusView;
  oauthResult?: OAuthResult | null;
  footer?: ReactNode;
}) {
  return oauthResult === undefined ? (
    <PanelReadingUrl initialStatus={initialStatus} footer={footer} />
  ) : (
    <Panel initialStatus={initialStatus} oauth={oauthResult} footer={footer} />
  );
}

function PanelReadingUrl({ initialStatus, footer }: { initialStatus: SquareStatusView; footer?: ReactNode }) {
  const params = useSearchParams();
  return <Panel initialStatus={initialStatus} oauth={oauthResultFrom(params)} footer={footer} />;
}

function Panel({ initialStatus, oauth, footer }: { initialStatus: SquareStatusView; oauth: OAuthResult | null; footer?: ReactNode }) {
  const router = useRouter();
  const [status, setStatus] = useState(initialStatus);
  const [statusError, setStatusError] = useState<string | null>(null);
  const [oauthBanner] = useState(oauth);
  const [syncBanner, setSyncBanner] = useState<Banner | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The banner sits behind the confirmation: a message closes it.
  const showBanner = (text: string, tone: "success" | "error") => {
    setConfirmOpen(false);
    setSyncBanner({ tone, text });
  };
  const { isBusy, running, run } = useChange<"sync" | "disconnect">(showBanner);
  const syncing = running === "sync";

  const loadStatus = useCallback(async () => {
    try {
      setStatus(await apiFetch<SquareStatusView>(STATUS_URL, { cache: "no-store" }));
      setStatusError(null);
    } catch {
      setStatusError("Unable to load the Square connection status.");
    }
  }, []);

  // After the OAuth round trip: drop the query from the address bar (a reload must not show the
  // banner again) and, on success, reload the status after 1 s.
  // The banner is kept in state: the URL (and so `oauth`) changes once the query is dropped.
  useEffect(() => {
    if (!oauthBanner) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("oauth_status");
    url.searchParams.delete("message");
    // Through the router, not history.replaceState: a later router.refresh() would restore the query.
    router.replace(url.pathname + url.search + url.hash, { scroll: false });
    if (oauthBanner.tone !== "success") return;
    const timer = setTimeout(() => void loadStatus(), STATUS_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [oauthBanner, loadStatus, router]);

  const syncInvoices = () => {
    setSyncBanner(null);
    run(
      "sync",
      () => routeChange(apiFetch<{ synced: number; warning?: string | null }>("/api/square/sync-invoices", { cache: "no-store" })),
      {
        done: (body) =>
          void setSyncBanner({
            tone: "success",
            text: `✅ Synced ${body.synced ?? 0} invoices from Square`,
            detail: body.warning ?? undefined,
          }),
        refused: (refusal) => (setSyncBanner({ tone: "error", text: `Sync failed: ${refusal.error}` }), true),
      },
    );
  };

  const disconnect = () =>
    run("disconnect", () => routeChange(apiFetch<{ revoked: boolean }>("/api/oauth/square?action=disconnect", { method: "POST" })), {
      done: (body) => {
        setConfirmOpen(false);
        setStatus({ connected: false, configured: status.configured });
        setSyncBanner({
          tone: "info",
          text: body.revoked
            ? "Square disconnected and its access revoked."
            : "Square disconnected here; Square could not be reached to revoke the access.",
        });
      },
      refused: (refusal) => (showBanner(`Disconnect failed: ${refusal.error}`, "error"), true),
    });

  return (
    <Card role="region" aria-labelledby="square-card-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="square-card-title" className="flex items-center gap-2 text-lg font-semibold">
          <CreditCard className="h-5 w-5 text-accent" aria-hidden />
          Square Payments
        </h2>
        <span className="flex flex-wrap items-center gap-2">
          {status.demo ? <DemoServiceBadge mark="service" /> : null}
          <Badge status={status} />
        </span>
      </div>

      {oauthBanner ? <Alert tone={oauthBanner.tone}>{oauthBanner.text}</Alert> : null}
      {statusError ? <Alert tone="error">{statusError}</Alert> : null}

      {!status.configured ? (
        <div className="space-y-2 text-sm text-muted">
          <p>The Square integration is not configured.</p>
          {/* Written for the firm's admin, who is not necessarily who runs the server: the settings
              themselves are named in README.md. */}
          <p>
            Payments and invoice sync start once whoever runs this server has added the firm&apos;s Square application to its settings and
            restarted it (the project&apos;s README names the settings). Then Connect Square appears here.
          </p>
        </div>
      ) : status.connected ? (
        <>
          <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="text-muted">Merchant ID</dt>
            <dd className="break-all font-mono">{status.merchant_id}</dd>
            <dt className="text-muted">Access</dt>
            <dd>{expiryText(status.expires_in_days)}</dd>
          </dl>
          {/* Reconnect is among the buttons below. */}
          <SquarePermissionNotice state={status} reconnect={false} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={syncInvoices} disabled={isBusy} aria-busy={syncing}>
              <RefreshCw className={`h-4 w-4 ${syncing ? "animate-spin" : ""}`} aria-hidden />
              {syncing ? "Syncing..." : "Sync Invoices"}
            </Button>
            <a href={AUTHORIZE_URL} className={buttonClasses("secondary")}>
              <Link2 className="h-4 w-4" aria-hidden />
              Reconnect
            </a>
            <Button variant="ghost" onClick={() => setConfirmOpen(true)}>
              <Unplug className="h-4 w-4" aria-hidden />
              Disconnect
            </Button>
          </div>
        </>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-muted">Connect your Square account to import invoices, payment schedules and payment status.</p>
          <a href={AUTHORIZE_URL} className={buttonClasses("primary")}>
            <Link2 className="h-4 w-4" aria-hidden />
            Connect Square
          </a>
        </div>
      )}

      {syncBanner ? (
        <Alert tone={syncBanner.tone}>
          <p>{syncBanner.text}</p>
          {syncBanner.detail ? <p className="mt-1 opacity-80">{syncBanner.detail}</p> : null}
        </Alert>
      ) : null}

      {footer ? <div className="mt-4">{footer}</div> : null}

      {confirmOpen ? (
        <LazyDialog
          open
          onOpenChange={setConfirmOpen}
          title="Disconnect Square?"
          description="Invoices already synced stay. Square's access for this app is revoked; you can connect again at any time."
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirmOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={disconnect} disabled={isBusy}>
              {running === "disconnect" ? "Disconnecting..." : "Disconnect"}
            </Button>
          </div>
        </LazyDialog>
      ) : null}
    </Card>
  );
}
