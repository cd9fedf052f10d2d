"use client";

import { Controller } from "react-hook-form";
import { listClientOptionsAction } from "@/features/clients/actions/admin";
import { createProjectAction } from "@/features/projects/actions/admin";
import { ClientPicker } from "@/components/admin/client-picker";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Input, Select, Textarea } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useReadOnShow } from "@/components/ui/use-read-on-show";
import { useZodForm } from "@/components/ui/use-zod-form";
import { formatCents } from "@/lib/format";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "@/lib/domain/project-status";
import { localTodayIso } from "./local-date";
import type { ProjectEdits, ProjectRowView, ShowToast } from "./types";
import { Options } from "@/components/ui/options";

// One form for create and edit: the edit schema (with id and status) validates both; a new
// project gets a placeholder id and starts open, and the create action ignores both.
const NEW_ID = "00000000-0000-4000-8000-000000000000";

export function ProjectFormDialog({
  project,
  update,
  onClose,
  showToast,
}: {
  project: ProjectRowView | null;
  update: ProjectEdits["updateProject"];
  onClose: () => void;
  showToast: ShowToast;
}) {
  const isEdit = project !== null;
  // Findings, letters, signatures… were made for this client: the server refuses a move too.
  const clientLocked = project?.clientLocked ?? false;
  const options = useReadOnShow("", () => listClientOptionsAction({}), "Failed to load clients");
  const loadError = options.error ? "Failed to load clients" : null;
  // Editing a project of a client that is no longer active keeps that client selectable.
  const clients =
    options.data && project && !options.data.some((c) => c.id === project.clientId)
      ? [{ id: project.clientId, company: project.company }, ...options.data]
      : options.data;
  const form = useZodForm(() => import("@/features/projects/validation").then((m) => m.updateProjectSchema), {
    id: project?.id ?? NEW_ID,
    projectName: project?.projectName ?? "",
    clientId: project?.clientId ?? "",
    startDate: project?.startDate ?? localTodayIso(),
    targetCompletionDate: project?.targetCompletionDate ?? "",
    description: project?.description ?? "",
    notes: project?.notes ?? "",
    status: project?.status ?? "open",
  });
  const { errors } = form.formState;

  // The toast shows with the list's new row.
  const { onSubmit, message, isBusy } = useFormSubmit(
    form,
    ({ id, status, ...fields }) => (isEdit ? update({ id, status, ...fields }) : createProjectAction(fields)),
    {
      done: () => {
        onClose();
        showToast(isEdit ? "Project updated successfully" : "Project created successfully", 3000);
      },
    },
  );

  const id = (name: string) => `project-${name}`;
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={isEdit ? "Edit Project" : "Create Project"}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        <Field id={id("name")} label="Project name" error={errors.projectName?.message}>
          <Input {...fieldAria(id("name"), errors.projectName?.message)} {...form.register("projectName")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id("client")} label="Client" error={errors.clientId?.message}>
            <Controller
              control={form.control}
              name="clientId"
              render={({ field }) => (
                <ClientPicker
                  id={id("client")}
                  clients={clients ?? []}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={!clients || clientLocked}
                  placeholder={clients ? undefined : loadError ? "Failed to load clients" : "Loading clients..."}
                  invalid={Boolean(errors.clientId)}
                  describedBy={errors.clientId ? `${id("client")}-error` : clientLocked ? id("client-locked") : undefined}
                />
              )}
            />
            {clientLocked && !errors.clientId ? (
              <p id={id("client-locked")} className="text-xs text-muted">
                Work was already made for this client. Create a new engagement for the other client.
              </p>
            ) : null}
          </Field>
          {isEdit ? (
            <Field id={id("status")} label="Status" error={errors.status?.message}>
              <Select {...fieldAria(id("status"), errors.status?.message)} {...form.register("status")}>
                <Options items={PROJECT_STATUSES} label={PROJECT_STATUS_LABELS} />
              </Select>
            </Field>
          ) : null}
          <Field id={id("start")} label="Start date" error={errors.startDate?.message}>
            <Input {...fieldAria(id("start"), errors.startDate?.message)} type="date" {...form.register("startDate")} />
          </Field>
          <Field id={id("target")} label="Target completion (optional)" error={errors.targetCompletionDate?.message}>
            <Input
              {...fieldAria(id("target"), errors.targetCompletionDate?.message)}
              type="date"
              {...form.register("targetCompletionDate")}
            />
          </Field>
        </div>
        <Field id={id("description")} label="Description (optional)" error={errors.description?.message}>
          <Textarea {...fieldAria(id("description"), errors.description?.message)} rows={3} {...form.register("description")} />
        </Field>
        <Field id={id("notes")} label="Notes (optional)" error={errors.notes?.message}>
          <Textarea {...fieldAria(id("notes"), errors.notes?.message)} rows={2} {...form.register("notes")} />
        </Field>
        <div className="rounded-lg border border-slate-800 bg-slate-900/60 p-3 text-sm">
          <p className="text-muted">Total estimated value</p>
          <p className="font-mono text-lg font-semibold">{formatCents(project?.totalBilledCents ?? 0)}</p>
          <p className="text-xs text-muted">Calculated automatically from linked invoices.</p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isBusy || !clients}>
            {isBusy ? "Saving..." : isEdit ? "Save Changes" : "Create Project"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
