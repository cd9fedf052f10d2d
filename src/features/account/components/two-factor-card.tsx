"use client";

import { ShieldCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import {
  confirmTwoFactorAction,
  disableTwoFactorAction,
  regenerateBackupCodesAction,
  startTwoFactorAction,
} from "@/features/identity/actions/account";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { Toast, useToast } from "@/components/ui/toast";
import { type ChangeOptions, type ChangeResult, useChange } from "@/components/ui/use-change";
import { useHydrated } from "@/components/ui/use-hydrated";
import { BackupCodes } from "./backup-codes";
import { DemoExemptionNote } from "./demo-exemption-note";
import { rememberShownCodes, shownCodes } from "./shown-codes";
import { useStepUp } from "@/features/identity/components/use-step-up";

type Setup = { qrSvg: string; secret: string };
type Stage =
  | { step: "idle" }
  | { step: "password"; purpose: "enable" | "regenerate" | "disable" }
  | { step: "scan"; setup: Setup }
  | { step: "codes"; codes: string[] };

/**
 * "Two-factor authentication" on portal Settings and the admin Account page
 * (docs/PRODUCT.md#sign-in-two-factor): enable with the password, scan the QR (or type the
 * secret), confirm with a first code, then the backup codes once; regenerate or disable later.
 */
export function TwoFactorCard({
  enabled,
  required = false,
  demoExempt = false,
  afterConfirmHref,
}: {
  enabled: boolean;
  required?: boolean;
  demoExempt?: boolean;
  afterConfirmHref?: string;
}) {
  const router = useRouter();
  const hydrated = useHydrated();
  const { toast, show } = useToast();
  const [stage, setStage] = useState<Stage>(() => {
    const codes = shownCodes();
    return codes ? { step: "codes", codes } : { step: "idle" };
  });
  const [error, setError] = useState<string | null>(null);
  const stepUp = useStepUp();
  // A refusal (a wrong password or code) shows above the step, a success in the card's toast.
  const { isBusy, run } = useChange<"submit">((message, tone) => (tone === "error" ? setError(message) : show(message, 4000)));

  /**
   * A step's form: its fields are sent as one change. A change that asks for a fresh proof first
   * (new backup codes, or setting up with a passkey) runs again with the same fields after it.
   */
  const submit =
    <T,>(send: (form: FormData) => Promise<ChangeResult<T>>, options: ChangeOptions<T>) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setError(null);
      const form = new FormData(event.currentTarget);
      const go = (): void => run("submit", () => send(form), { ...options, refused: (refusal) => stepUp.ask(refusal, go) });
      go();
    };
  const field = (form: FormData, name: string) => String(form.get(name) ?? "");
  const showCodes = (codes: string[]) => {
    rememberShownCodes(codes);
    setStage({ step: "codes", codes });
  };

  const onPassword = (purpose: "enable" | "regenerate" | "disable") => {
    if (purpose === "enable") {
      return submit((form) => startTwoFactorAction({ password: field(form, "password") }), {
        done: (setup) => setStage({ step: "scan", setup }),
        refresh: false,
      });
    }
    if (purpose === "regenerate") {
      return submit((form) => regenerateBackupCodesAction({ password: field(form, "password") }), {
        done: (data) => showCodes(data.backupCodes),
        refresh: false,
      });
    }
    return submit((form) => disableTwoFactorAction({ password: field(form, "password"), code: field(form, "code") }), {
      done: () => {
        setStage({ step: "idle" });
        return "Two-factor authentication is off.";
      },
    });
  };

  const onConfirm = submit((form) => confirmTwoFactorAction({ code: field(form, "code") }), {
    // Confirming replaced the session; the page Next rendered with the action's answer still read
    // the old cookie, so render it again with the new one (the refresh). On an enrolment gate the
    // new render is the page behind the gate: `afterConfirmHref` leads to where this card shows
    // again, with the codes kept in shown-codes.ts.
    done: (data) => {
      showCodes(data.backupCodes);
      if (afterConfirmHref) router.replace(afterConfirmHref);
    },
    refresh: !afterConfirmHref,
  });

  const finish = () => {
    rememberShownCodes(null);
    setStage({ step: "idle" });
    show("Two-factor authentication is on.", 4000);
    router.refresh();
  };

  return (
    <Card className="max-w-2xl" data-hydrated={hydrated}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="h-5 w-5 text-accent" aria-hidden />
        Two-factor authentication
      </h2>
      <p className="mt-1 text-sm text-muted">
        {enabled
          ? "On: signing in needs your password and a code from your authenticator app."
          : "Off: add a code from an authenticator app (1Password, Google Authenticator, Authy) to your password."}
      </p>
      {required && !enabled ? (
        <Alert tone="info" className="mt-3">
          Two-factor authentication is required for your account. Set it up to continue.
        </Alert>
      ) : null}
      {demoExempt ? <DemoExemptionNote className="mt-3" /> : null}
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}

      {stage.step === "idle" ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {enabled ? (
            <>
              <Button variant="secondary" onClick={() => setStage({ step: "password", purpose: "regenerate" })}>
                New backup codes
              </Button>
              <Button variant="danger" onClick={() => setStage({ step: "password", purpose: "disable" })}>
                Turn off
              </Button>
            </>
          ) : (
            <Button onClick={() => setStage({ step: "password", purpose: "enable" })}>Set up two-factor</Button>
          )}
        </div>
      ) : null}

      {stage.step === "password" ? (
        <form onSubmit={onPassword(stage.purpose)} className="mt-4 space-y-4" aria-label="Confirm with your password">
          <Field id="tf-password" label="Current password">
            <Input {...fieldAria("tf-password")} name="password" type="password" autoComplete="current-password" required autoFocus />
          </Field>
          {stage.purpose === "disable" ? (
            <Field id="tf-disable-code" label="Code from your app, or a backup code">
              <Input {...fieldAria("tf-disable-code")} name="code" autoComplete="one-time-code" required />
            </Field>
          ) : null}
          <StepButtons
            submit={
              stage.purpose === "enable" ? "Continue" : stage.purpose === "regenerate" ? "Make new backup codes" : "Turn off two-factor"
            }
            danger={stage.purpose === "disable"}
            busy={isBusy}
            onCancel={() => setStage({ step: "idle" })}
          />
        </form>
      ) : null}

      {stage.step === "scan" ? (
        <form onSubmit={onConfirm} className="mt-4 space-y-4" aria-label="Confirm two-factor setup">
          <p className="text-sm">Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</p>
          {/* The SVG is rendered on the server from the otpauth URI; shown as an image, it runs nothing. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(stage.setup.qrSvg)}`}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
            className="rounded-md bg-white p-2"
          />
          <div className="text-sm">
            <p className="text-muted">Can&apos;t scan? Enter this key in the app instead:</p>
            <code data-testid="totp-secret" className="mt-1 block break-all rounded bg-slate-900 px-2 py-1 font-mono text-accent">
              {stage.setup.secret}
            </code>
          </div>
          <Field id="tf-confirm-code" label="6-digit code">
            <Input {...fieldAria("tf-confirm-code")} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={8} required />
          </Field>
          <StepButtons submit="Confirm" busy={isBusy} onCancel={() => setStage({ step: "idle" })} />
        </form>
      ) : null}

      {stage.step === "codes" ? <BackupCodes codes={stage.codes} onDone={finish} /> : null}
      {stepUp.dialog}
      <Toast toast={toast} />
    </Card>
  );
}

/** A step's own submit button, and Cancel back to the start. */
function StepButtons({
  submit,
  danger = false,
  busy,
  onCancel,
}: {
  submit: string;
  danger?: boolean;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" disabled={busy} variant={danger ? "danger" : "primary"}>
        {submit}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
