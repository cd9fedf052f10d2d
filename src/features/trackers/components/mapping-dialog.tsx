"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Input, Select } from "@/components/ui/field";
import { Options } from "@/components/ui/options";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS } from "@/lib/domain/finding";
import { TRACKER_KIND_LABELS } from "@/lib/domain/tracker";
import { updateTrackerMappingAction } from "@/features/trackers/actions/portal";
import type { TrackerConnectionRow } from "@/features/trackers/server";
import { type TrackerMappingInput } from "@/features/trackers/validation";

const CREATE_MODE_LABELS = {
  manual: "Only when someone asks (Create ticket)",
  automatic: "Automatically, when a finding is published",
};

/**
 * How a connection files tickets (docs/PRODUCT.md#integrations), for its owners: automatic or on
 * request, from which severity, each severity's label, kept in sync, with the finding's details.
 */
export function MappingDialog({
  connection,
  onClose,
  onSaved,
}: {
  connection: TrackerConnectionRow;
  onClose: () => void;
  /** Closes the dialog with the card's message. */
  onSaved: (message: string) => void;
}) {
  const { createMode, minSeverity, severityLabels, keepInSync, attachEvidence } = connection.mapping;
  const defaults: TrackerMappingInput = {
    connectionId: connection.id,
    createMode,
    minSeverity,
    severityLabels,
    keepInSync,
    attachEvidence,
    ...(connection.kind === "jira" ? { issueType: connection.mapping.issueType ?? "Task" } : {}),
  };
  const form = useZodForm(() => import("@/features/trackers/validation").then((m) => m.trackerMappingSchema), defaults);
  const { errors } = form.formState;
  const { onSubmit, message, isBusy } = useFormSubmit(form, updateTrackerMappingAction, {
    done: () => onSaved(`${connection.target}: ticket settings saved.`),
  });
  const automatic = form.watch("createMode") === "automatic";
  const tracker = TRACKER_KIND_LABELS[connection.kind];
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title={`Ticket settings for ${connection.target}`}
      description={`How findings become tickets in ${tracker}.`}
      width="lg"
    >
      <form onSubmit={onSubmit} noValidate aria-label="Ticket settings" className="space-y-4">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <Field id="mapping-create-mode" label="Create tickets" error={errors.createMode?.message}>
          <Select {...fieldAria("mapping-create-mode", errors.createMode?.message)} {...form.register("createMode")}>
            <Options items={["manual", "automatic"] as const} label={CREATE_MODE_LABELS} />
          </Select>
        </Field>
        {connection.kind === "jira" ? (
          <Field
            id="mapping-issue-type"
            label="Issue type"
            error={errors.issueType?.message}
            hint="Jira is asked whether the project has it."
          >
            <Input {...fieldAria("mapping-issue-type", errors.issueType?.message)} autoComplete="off" {...form.register("issueType")} />
          </Field>
        ) : null}
        <Field
          id="mapping-min-severity"
          label="Lowest severity filed automatically"
          error={errors.minSeverity?.message}
          hint={automatic ? "Findings published from now on, from this severity up." : "Counts once creation is automatic."}
        >
          <Select {...fieldAria("mapping-min-severity", errors.minSeverity?.message)} {...form.register("minSeverity")}>
            <Options items={FINDING_SEVERITIES} label={FINDING_SEVERITY_LABELS} />
          </Select>
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Label for each severity</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {FINDING_SEVERITIES.map((severity) => {
              const id = `mapping-label-${severity}`;
              const error = errors.severityLabels?.[severity]?.message;
              return (
                <Field key={severity} id={id} label={FINDING_SEVERITY_LABELS[severity]} error={error}>
                  <Input {...fieldAria(id, error)} autoComplete="off" {...form.register(`severityLabels.${severity}`)} />
                </Field>
              );
            })}
          </div>
        </fieldset>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" {...form.register("keepInSync")} />
          <span>Keep tickets in sync: a finding the firm edits rewrites its ticket&apos;s title and text.</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" {...form.register("attachEvidence")} />
          <span>
            Include the finding&apos;s details and proof in its tickets. Off by default: a ticket has more readers than the report vault.
          </span>
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isBusy}>
            {isBusy ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
