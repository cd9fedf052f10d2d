"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { useStepUp } from "@/features/account/components/use-step-up";
import { connectGitHubAction, connectGitLabAction } from "@/features/trackers/actions/portal";
import { type ConnectGitHubInput, connectGitHubSchema, type ConnectGitLabInput, connectGitLabSchema } from "@/features/trackers/validation";
import { WebhookSettings } from "./webhook-settings";

// Connecting a ticket system (docs/PRODUCT.md#integrations): the owner's fresh proof first (the
// step-up), the tracker must accept the token, then the webhook's address and secret are shown once.

type Made = { id: string; webhookSecret: string };
const STEP_UP = "Connecting a ticket system needs a fresh proof that it is you.";

function Actions({ isBusy, onClose }: { isBusy: boolean; onClose: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" disabled={isBusy}>
        {isBusy ? "Connecting..." : "Connect"}
      </Button>
    </div>
  );
}

export function ConnectGitHubDialog({ onClose }: { onClose: () => void }) {
  const defaults: ConnectGitHubInput = { repository: "", token: "", baseUrl: "" };
  const form = useZodForm(connectGitHubSchema, defaults);
  const { errors } = form.formState;
  const [made, setMade] = useState<Made | null>(null);
  const stepUp = useStepUp(STEP_UP);
  const { onSubmit, message, isBusy } = useFormSubmit(form, connectGitHubAction, {
    done: (data) => setMade(data),
    refused: (refusal) => stepUp.ask(refusal, () => void onSubmit()),
  });
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title={made ? "Add the webhook in GitHub" : "Connect GitHub"}
      description={
        made
          ? "So that a ticket closed in GitHub reaches us: this secret is shown once."
          : "A fine-grained token with read and write access to the repository's issues."
      }
      className="max-w-md"
    >
      {made ? (
        <WebhookSettings kind="github" connectionId={made.id} secret={made.webhookSecret} onDone={onClose} />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Connect GitHub" className="space-y-4">
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          <Field id="tracker-repository" label="Repository" error={errors.repository?.message} hint="owner/name, such as acme/platform">
            <Input {...fieldAria("tracker-repository", errors.repository?.message)} autoComplete="off" {...form.register("repository")} />
          </Field>
          <Field id="tracker-token" label="Token" error={errors.token?.message} hint="It is kept encrypted and never shown again.">
            <Input {...fieldAria("tracker-token", errors.token?.message)} type="password" autoComplete="off" {...form.register("token")} />
          </Field>
          <Field
            id="tracker-base-url"
            label="GitHub Enterprise API address (optional)"
            error={errors.baseUrl?.message}
            hint="Leave empty for github.com."
          >
            <Input
              {...fieldAria("tracker-base-url", errors.baseUrl?.message)}
              type="url"
              autoComplete="off"
              {...form.register("baseUrl")}
            />
          </Field>
          <Actions isBusy={isBusy} onClose={onClose} />
        </form>
      )}
      {stepUp.dialog}
    </Dialog>
  );
}

export function ConnectGitLabDialog({ onClose }: { onClose: () => void }) {
  const defaults: ConnectGitLabInput = { project: "", token: "", baseUrl: "" };
  const form = useZodForm(connectGitLabSchema, defaults);
  const { errors } = form.formState;
  const [made, setMade] = useState<Made | null>(null);
  const stepUp = useStepUp(STEP_UP);
  const { onSubmit, message, isBusy } = useFormSubmit(form, connectGitLabAction, {
    done: (data) => setMade(data),
    refused: (refusal) => stepUp.ask(refusal, () => void onSubmit()),
  });
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title={made ? "Add the webhook in GitLab" : "Connect GitLab"}
      description={
        made
          ? "So that a ticket closed in GitLab reaches us: this secret is shown once."
          : "A project access token with the api scope and at least the Reporter role."
      }
      className="max-w-md"
    >
      {made ? (
        <WebhookSettings kind="gitlab" connectionId={made.id} secret={made.webhookSecret} onDone={onClose} />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Connect GitLab" className="space-y-4">
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          <Field id="tracker-project" label="Project" error={errors.project?.message} hint="Its path, such as acme/platform">
            <Input {...fieldAria("tracker-project", errors.project?.message)} autoComplete="off" {...form.register("project")} />
          </Field>
          <Field id="tracker-token" label="Token" error={errors.token?.message} hint="It is kept encrypted and never shown again.">
            <Input {...fieldAria("tracker-token", errors.token?.message)} type="password" autoComplete="off" {...form.register("token")} />
          </Field>
          <Field
            id="tracker-base-url"
            label="Self-managed GitLab address (optional)"
            error={errors.baseUrl?.message}
            hint="Leave empty for gitlab.com."
          >
            <Input
              {...fieldAria("tracker-base-url", errors.baseUrl?.message)}
              type="url"
              autoComplete="off"
              {...form.register("baseUrl")}
            />
          </Field>
          <Actions isBusy={isBusy} onClose={onClose} />
        </form>
      )}
      {stepUp.dialog}
    </Dialog>
  );
}
