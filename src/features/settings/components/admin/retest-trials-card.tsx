"use client";

import { FlaskConical } from "lucide-react";
import { setMinRetestTrialsAction } from "@/features/settings/actions/admin";
import { DashboardCard } from "@/components/admin/dashboard-card";
import { Alert } from "@/components/ui/alert";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { upperBoundText } from "@/lib/domain/finding-measurement";

/**
 * Settings → AI retests (docs/PRODUCT.md#measured-ai-findings): how many trials without a success
 * an AI finding's retest needs before it can be Verified Fixed.
 */
export function RetestTrialsCard({ minTrials }: { minTrials: number }) {
  const form = useZodForm(() => import("@/features/settings/validation").then((m) => m.minRetestTrialsSchema), {
    minTrials: String(minTrials),
  });
  const error = form.formState.errors.minTrials?.message;
  const { onSubmit, message, isBusy } = useFormSubmit(form, setMinRetestTrialsAction, {
    done: (data) =>
      `Saved: an AI finding's retest now needs no success in ${data.minTrials.toLocaleString("en-US")} trials to be Verified Fixed.`,
  });
  return (
    <DashboardCard headingId="settings-retest-trials" icon={FlaskConical} title="AI retests">
      <p className="mt-1 text-sm text-muted">
        An attack on a model succeeds some of the time. A retest that saw no success in n trials only shows the rate is below about 3/n (at
        95%): with {minTrials.toLocaleString("en-US")} trials, below {upperBoundText(minTrials)}.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-label="AI retests">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <Field id="settings-min-retest-trials" label="Trials without a success to verify a fix" error={error}>
          <Input
            {...fieldAria("settings-min-retest-trials", error)}
            {...form.register("minTrials")}
            inputMode="numeric"
            className="max-w-40"
          />
        </Field>
        <SubmitRow busy={isBusy} label="Save" busyLabel="Saving..." />
      </form>
    </DashboardCard>
  );
}
