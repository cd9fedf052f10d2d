"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { MAX_SSO_SESSION_HOURS, type SsoMode } from "@/lib/domain/sso";
import { setSsoPolicyAction } from "@/features/sso/actions/portal";
import type { SsoSettingsView } from "@/features/sso/server";

const MODES: { value: SsoMode; label: string; hint: string }[] = [
  { value: "off", label: "Off", hint: "Everyone signs in with their password." },
  {
    value: "allowed",
    label: "Allowed",
    hint: "People of your verified domains may sign in through your identity provider or with a password.",
  },
  {
    value: "required",
    label: "Required",
    hint: "People of your verified domains sign in through your identity provider only. Owners keep their password and second factor as the way back in.",
  },
];

/** Off, allowed or required; newcomers made members at their first sign-in; how long a session lasts. */
export function SsoPolicyForm({
  settings,
  readOnly,
  askStepUp,
}: {
  settings: SsoSettingsView;
  readOnly: boolean;
  askStepUp: (refusal: { code?: string; fieldErrors?: Record<string, string> }, retry: () => void) => boolean;
}) {
  const form = useZodForm(() => import("@/features/sso/validation").then((m) => m.ssoPolicySchema), {
    mode: settings.mode,
    justInTime: settings.justInTime,
    sessionHours: settings.sessionHours,
  });
  const save = useFormSubmit(form, setSsoPolicyAction, {
    done: () => "Single sign-on settings saved.",
    refused: (refusal) => askStepUp(refusal, () => void save.onSubmit()),
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={save.onSubmit} noValidate aria-label="Single sign-on policy" className="space-y-3">
      {save.message ? <Alert tone={save.message.tone}>{save.message.text}</Alert> : null}
      <fieldset disabled={readOnly} className="space-y-2" aria-describedby={errors.mode ? "sso-mode-error" : undefined}>
        <legend className="text-sm font-medium text-slate-200">How your people sign in</legend>
        {MODES.map((mode) => (
          <label key={mode.value} className="flex items-start gap-2 text-sm">
            <input type="radio" value={mode.value} className="mt-1 accent-cyan-500" {...form.register("mode")} />
            <span>
              <span className="font-medium">{mode.label}</span>
              <span className="block text-muted">{mode.hint}</span>
            </span>
          </label>
        ))}
        {errors.mode ? (
          <p id="sso-mode-error" role="alert" className="text-sm text-danger">
            {errors.mode.message}
          </p>
        ) : null}
      </fieldset>
      <fieldset disabled={readOnly} className="space-y-3">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1 accent-cyan-500" {...form.register("justInTime")} />
          <span>Make new people of our domains members at their first sign-in (otherwise invite them first). Never owners.</span>
        </label>
        <Field id="sso-session-hours" label="Sessions last at most (hours)" error={errors.sessionHours?.message} className="max-w-48">
          <Input
            {...fieldAria("sso-session-hours", errors.sessionHours?.message)}
            type="number"
            min={1}
            max={MAX_SSO_SESSION_HOURS}
            inputMode="numeric"
            {...form.register("sessionHours")}
          />
        </Field>
      </fieldset>
      {readOnly ? null : (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isBusy}>
            {save.isBusy ? "Saving..." : "Save single sign-on"}
          </Button>
        </div>
      )}
    </form>
  );
}
