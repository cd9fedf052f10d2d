"use client";

import { type ReactNode, useState } from "react";
import type { FieldValues, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ChangeResult } from "@/components/ui/use-change";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { useStepUp } from "@/features/identity/components/use-step-up";
import { connectGitHubAction, connectGitLabAction, connectJiraAction } from "@/features/trackers/actions/portal";
import {
  type ConnectGitHubInput,
  type ConnectGitLabInput,
  type ConnectJiraInput,
  type JiraDeployment,
} from "@/features/trackers/validation";
import { TargetPicker } from "./target-picker";
import { WebhookSettings } from "./webhook-settings";

// Connecting a ticket system (docs/PRODUCT.md#integrations): the owner's fresh proof first (the
// step-up), the tracker must accept the token, then the webhook's address and secret are shown once.

type Made = { id: string; webhookSecret: string };
type Kind = "github" | "gitlab" | "jira";
const NAMES: Record<Kind, string> = { github: "GitHub", gitlab: "GitLab", jira: "Jira" };

/** The form's send, the step-up it may ask for, and the connection it made. */
function useConnect<Input extends FieldValues, Output>(
  form: UseFormReturn<Input, unknown, Output>,
  send: (values: Input) => Promise<ChangeResult<Made>>,
) {
  const [made, setMade] = useState<Made | null>(null);
  const stepUp = useStepUp("Connecting a ticket system needs a fresh proof that it is you.");
  const submit = useFormSubmit(form, send, {
    done: (data) => setMade(data),
    refused: (refusal) => stepUp.ask(refusal, () => void submit.onSubmit()),
  });
  return { made, stepUp, ...submit };
}

/** The dialog around either form, and the webhook's settings once connected. */
function ConnectDialog({
  kind,
  description,
  connect,
  onClose,
  children,
}: {
  kind: Kind;
  description: string;
  connect: Pick<ReturnType<typeof useConnect>, "made" | "stepUp" | "onSubmit" | "message" | "isBusy">;
  onClose: () => void;
  children: ReactNode;
}) {
  const { made, stepUp, onSubmit, message, isBusy } = connect;
  const name = NAMES[kind];
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title={made ? `Add the webhook in ${name}` : `Connect ${name}`}
      description={made ? `So that a ticket closed in ${name} reaches us: this secret is shown once.` : description}
      width="md"
    >
      {made ? (
        <WebhookSettings kind={kind} connectionId={made.id} secret={made.webhookSecret} onDone={onClose} />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={`Connect ${name}`} className="space-y-4">
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          {children}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy}>
              {isBusy ? "Connecting..." : "Connect"}
            </Button>
          </div>
        </form>
      )}
      {stepUp.dialog}
    </Dialog>
  );
}

/** The token, kept secret, and the tracker's own address for a self-hosted one. */
function TokenAndAddress(props: {
  token: UseFormRegisterReturn;
  tokenError: string | undefined;
  address: UseFormRegisterReturn;
  addressError: string | undefined;
  addressLabel: string;
  addressHint: string;
}) {
  return (
    <>
      <Field id="tracker-token" label="Token" error={props.tokenError} hint="It is kept encrypted and never shown again.">
        <Input {...fieldAria("tracker-token", props.tokenError)} type="password" autoComplete="off" {...props.token} />
      </Field>
      <Field id="tracker-base-url" label={props.addressLabel} error={props.addressError} hint={props.addressHint}>
        <Input {...fieldAria("tracker-base-url", props.addressError)} type="url" autoComplete="off" {...props.address} />
      </Field>
    </>
  );
}

export function ConnectGitHubDialog({ onClose }: { onClose: () => void }) {
  const defaults: ConnectGitHubInput = { repository: "", token: "", baseUrl: "" };
  const form = useZodForm(() => import("@/features/trackers/validation").then((m) => m.connectGitHubSchema), defaults);
  const connect = useConnect(form, connectGitHubAction);
  const { errors } = form.formState;
  const { register } = form;
  return (
    <ConnectDialog
      kind="github"
      description="A fine-grained token with read and write access to the repository's issues."
      connect={connect}
      onClose={onClose}
    >
      <TokenAndAddress
        token={register("token")}
        tokenError={errors.token?.message}
        address={register("baseUrl")}
        addressError={errors.baseUrl?.message}
        addressLabel="GitHub Enterprise API address (optional)"
        addressHint="Leave empty for github.com."
      />
      <Field id="tracker-repository" label="Repository" error={errors.repository?.message} hint="owner/name, such as acme/platform">
        <Input
          {...fieldAria("tracker-repository", errors.repository?.message)}
          autoComplete="off"
          list="tracker-targets"
          {...register("repository")}
        />
      </Field>
      <TargetPicker
        kind="github"
        listId="tracker-targets"
        values={() => ({ kind: "github", ...form.getValues() })}
        onRefused={(field, message) => form.setError(field as "token", { message })}
      />
    </ConnectDialog>
  );
}

export function ConnectGitLabDialog({ onClose }: { onClose: () => void }) {
  const defaults: ConnectGitLabInput = { project: "", token: "", baseUrl: "" };
  const form = useZodForm(() => import("@/features/trackers/validation").then((m) => m.connectGitLabSchema), defaults);
  const connect = useConnect(form, connectGitLabAction);
  const { errors } = form.formState;
  const { register } = form;
  return (
    <ConnectDialog
      kind="gitlab"
      description="A project access token with the api scope and at least the Reporter role."
      connect={connect}
      onClose={onClose}
    >
      <TokenAndAddress
        token={register("token")}
        tokenError={errors.token?.message}
        address={register("baseUrl")}
        addressError={errors.baseUrl?.message}
        addressLabel="Self-managed GitLab address (optional)"
        addressHint="Leave empty for gitlab.com."
      />
      <Field id="tracker-project" label="Project" error={errors.project?.message} hint="Its path, such as acme/platform">
        <Input
          {...fieldAria("tracker-project", errors.project?.message)}
          autoComplete="off"
          list="tracker-targets"
          {...register("project")}
        />
      </Field>
      <TargetPicker
        kind="gitlab"
        listId="tracker-targets"
        values={() => ({ kind: "gitlab", ...form.getValues() })}
        onRefused={(field, message) => form.setError(field as "token", { message })}
      />
    </ConnectDialog>
  );
}

/** What the Jira form says for each deployment. */
const JIRA_WORDS: Record<JiraDeployment, { description: string; site: string }> = {
  cloud: {
    description: "Jira Cloud: an API token of an Atlassian account that may create, edit, comment on and transition issues in the project.",
    site: "Such as https://acme.atlassian.net",
  },
  datacenter: {
    description:
      "Jira Data Center: a personal access token (Profile → Personal Access Tokens) of a user who may create, edit, comment on and transition issues in the project.",
    site: "Your Jira's address, such as https://jira.acme.example",
  },
};

/** Jira Cloud or Jira Data Center: a radio group, Cloud unless chosen. */
function DeploymentChoice({ register }: { register: UseFormRegisterReturn }) {
  return (
    <fieldset className="space-y-1 text-sm">
      <legend className="font-medium">Jira</legend>
      <div className="flex gap-4">
        <label className="flex items-center gap-2">
          <input type="radio" value="cloud" {...register} />
          Jira Cloud
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="datacenter" {...register} />
          Jira Data Center
        </label>
      </div>
    </fieldset>
  );
}

export function ConnectJiraDialog({ onClose }: { onClose: () => void }) {
  const defaults: ConnectJiraInput = {
    deployment: "cloud",
    siteUrl: "",
    projectKey: "",
    issueType: "Task",
    email: "",
    apiToken: "",
    pat: "",
  };
  const form = useZodForm(() => import("@/features/trackers/validation").then((m) => m.connectJiraSchema), defaults);
  const connect = useConnect(form, connectJiraAction);
  const { errors } = form.formState;
  const { register } = form;
  const deployment = form.watch("deployment") ?? "cloud";
  const words = JIRA_WORDS[deployment];
  const field = (id: string, label: string, name: keyof ConnectJiraInput, error: string | undefined, hint?: string, type = "text") => (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input
        {...fieldAria(id, error)}
        type={type}
        autoComplete="off"
        list={name === "projectKey" ? "tracker-targets" : undefined}
        {...register(name)}
      />
    </Field>
  );
  const secretHint = "It is kept encrypted and never shown again.";
  return (
    <ConnectDialog kind="jira" description={words.description} connect={connect} onClose={onClose}>
      <DeploymentChoice register={register("deployment")} />
      {field("tracker-site", "Jira site", "siteUrl", errors.siteUrl?.message, words.site, "url")}
      {deployment === "datacenter" ? (
        field("tracker-token", "Personal access token", "pat", errors.pat?.message, secretHint, "password")
      ) : (
        <>
          {field("tracker-email", "Account e-mail", "email", errors.email?.message, undefined, "email")}
          {field("tracker-token", "API token", "apiToken", errors.apiToken?.message, secretHint, "password")}
        </>
      )}
      {field("tracker-project-key", "Project key", "projectKey", errors.projectKey?.message, "Such as SEC")}
      <TargetPicker
        kind="jira"
        listId="tracker-targets"
        values={() => {
          const { siteUrl, email, apiToken, pat } = form.getValues();
          return { kind: "jira", deployment, siteUrl, email, apiToken, pat };
        }}
        onRefused={(name, message) => form.setError(name as "apiToken" | "pat", { message })}
      />
      {field("tracker-issue-type", "Issue type", "issueType", errors.issueType?.message, "Each ticket is filed as this type.")}
    </ConnectDialog>
  );
}
