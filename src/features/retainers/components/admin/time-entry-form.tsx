"use client";

import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input, Select } from "@/components/ui/field";
import { SlotMessage, useOutcomeSlot } from "@/components/ui/outcome-scope";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { logTimeEntryAction } from "@/features/retainers/actions/admin";
import { type TimeEntryInput } from "@/features/retainers/validation";
import { PROJECT_STATUS_LABELS, type ProjectStatus } from "@/lib/domain/project-status";

const CLOSED: readonly ProjectStatus[] = ["completed", "cancelled"];
const hoursText = (minutes: number) => `${minutes / 60} h`;

/** Logs time on the retainer: quarter hours, a project of the client, billable or not. */
export function TimeEntryForm({
  clientId,
  projects,
  today,
}: {
  clientId: string;
  projects: { id: string; name: string; status: ProjectStatus }[];
  today: string;
}) {
  // Time goes on running work: a finished project is still offered (late corrections), never preselected.
  const choices = [...projects.filter((p) => !CLOSED.includes(p.status)), ...projects.filter((p) => CLOSED.includes(p.status))];
  const form = useZodForm(() => import("@/features/retainers/validation").then((m) => m.timeEntrySchema), {
    clientId,
    projectId: choices[0]?.id ?? "",
    workDate: today,
    hours: "",
    person: "",
    description: "",
    billable: true,
  } as TimeEntryInput);
  const { errors } = form.formState;
  const slot = useOutcomeSlot("time-entry");
  const { onSubmit, isBusy } = useFormSubmit(form, logTimeEntryAction, {
    notify: slot.notify,
    done: (data) => {
      form.reset({ ...form.getValues(), hours: "", description: "" });
      if (data.kind === "overage_request") return "The month's hours are used up: the time waits for an owner's approval.";
      if (data.kind === "split")
        return `${hoursText(data.countedMinutes)} logged within the month's hours; the other ${hoursText(data.overageMinutes)} wait for an owner's approval.`;
      return "Time logged.";
    },
    invalid: "Please correct the highlighted fields.",
  });
  const err = (name: keyof TimeEntryInput) => errors[name]?.message;
  if (projects.length === 0) return <p className="text-sm text-muted">Add a project for this client to log time.</p>;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <h3 className="font-semibold">Log time</h3>
      <div className="grid gap-4 md:grid-cols-3">
        <Field id="time-project" label="Project" error={err("projectId")}>
          <Select {...fieldAria("time-project", err("projectId"))} {...form.register("projectId")}>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {CLOSED.includes(p.status) ? `${p.name} (${PROJECT_STATUS_LABELS[p.status]})` : p.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="time-date" label="Date" error={err("workDate")}>
          <Input {...fieldAria("time-date", err("workDate"))} type="date" max={today} {...form.register("workDate")} />
        </Field>
        <Field id="time-hours" label="Hours (quarter hours)" error={err("hours")}>
          <Input {...fieldAria("time-hours", err("hours"))} inputMode="decimal" {...form.register("hours")} />
        </Field>
        <Field id="time-person" label="Person" error={err("person")}>
          <Input {...fieldAria("time-person", err("person"))} {...form.register("person")} />
        </Field>
        <Field id="time-description" label="Description" error={err("description")} className="md:col-span-2">
          <Input {...fieldAria("time-description", err("description"))} {...form.register("description")} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("billable")} />
        Billable
      </label>
      <Button type="submit" disabled={isBusy}>
        {isBusy ? "Logging..." : "Log Time"}
      </Button>
      <SlotMessage outcome={slot.outcome} />
    </form>
  );
}
