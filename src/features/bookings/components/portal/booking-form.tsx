"use client";

import { CheckCircle2 } from "lucide-react";
import { requestServiceBooking } from "@/features/bookings/actions/portal";
import { Alert } from "@/components/ui/alert";
import { Field, fieldAria, Input, Select, Textarea } from "@/components/ui/field";
import { BOOKING_SERVICE_TYPES } from "@/lib/domain/services";
import { DEFAULT_URGENCY, URGENCIES, URGENCY_LABELS } from "@/lib/domain/urgency";
import { todayIso } from "@/lib/format";
import { type ServiceBookingInput } from "@/features/bookings/validation";
import { useTimedValue } from "@/components/portal/use-timed-value";
import { Options, asWritten } from "@/components/ui/options";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { SubmitRow } from "@/components/ui/submit-row";

/** The confirmation stays 5 seconds, then the form resets (docs/PRODUCT.md#portal-book-service). */
export const BOOKING_CONFIRMATION_MS = 5000;

const EMPTY: ServiceBookingInput = {
  serviceType: "" as ServiceBookingInput["serviceType"],
  preferredStartDate: "",
  estimatedScope: "",
  projectDescription: "",
  urgency: DEFAULT_URGENCY,
};

/** Initial values from the link that opened the form (Request Custom Quote prefills a rate quote). */
export function bookingPrefill(params: { service: string | null; quote: string | null }): ServiceBookingInput {
  const service = BOOKING_SERVICE_TYPES.find((type) => type === params.service);
  return {
    ...EMPTY,
    ...(service ? { serviceType: service } : {}),
    ...(params.quote === "rates"
      ? { estimatedScope: "Custom rate quote", projectDescription: "I would like a custom rate quote for: " }
      : {}),
  };
}

export function BookingForm({ prefill }: { prefill: ServiceBookingInput }) {
  const [confirmed, showConfirmation] = useTimedValue<true>(BOOKING_CONFIRMATION_MS);
  const form = useZodForm(() => import("@/features/bookings/validation").then((m) => m.serviceBookingSchema), prefill);
  const { register, reset, formState } = form;
  const { errors } = formState;

  // The confirmation shows with the new request in Your Booking Requests (the page's fresh data).
  const { onSubmit, message, isBusy } = useFormSubmit(form, requestServiceBooking, {
    done: () => {
      // The form is cleared now (it is hidden behind the confirmation) and shows again after 5 s.
      reset(EMPTY);
      showConfirmation(true);
    },
  });

  if (confirmed) {
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-3 rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-8 text-center"
      >
        <CheckCircle2 className="h-12 w-12 text-emerald-300" aria-hidden />
        <p className="max-w-md text-emerald-200/90">
          <strong className="block text-lg text-emerald-100">Booking Request Received!</strong> Your account manager will contact you within
          24 hours to confirm the details and scheduling.
        </p>
      </div>
    );
  }

  const e = errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="booking-service" label="Service Type" error={e.serviceType?.message}>
          <Select {...fieldAria("booking-service", e.serviceType?.message)} aria-required {...register("serviceType")}>
            <option value="">Select a service</option>
            <Options items={BOOKING_SERVICE_TYPES} label={asWritten} />
          </Select>
        </Field>
        <Field id="booking-start" label="Preferred Start Date" error={e.preferredStartDate?.message}>
          <Input
            {...fieldAria("booking-start", e.preferredStartDate?.message)}
            type="date"
            min={todayIso()}
            aria-required
            {...register("preferredStartDate")}
          />
        </Field>
        <Field
          id="booking-scope"
          label="Estimated Scope"
          hint="Optional, e.g. 6 weeks or two applications"
          error={e.estimatedScope?.message}
        >
          <Input {...fieldAria("booking-scope", e.estimatedScope?.message)} {...register("estimatedScope")} />
        </Field>
        <Field id="booking-urgency" label="Urgency" error={e.urgency?.message}>
          <Select {...fieldAria("booking-urgency", e.urgency?.message)} {...register("urgency")}>
            <Options items={URGENCIES} label={URGENCY_LABELS} />
          </Select>
        </Field>
      </div>
      <Field id="booking-description" label="Project Description" error={e.projectDescription?.message}>
        <Textarea
          {...fieldAria("booking-description", e.projectDescription?.message)}
          rows={5}
          aria-required
          placeholder="What would you like us to help with?"
          {...register("projectDescription")}
        />
      </Field>
      <SubmitRow busy={isBusy} label="Submit Booking Request" busyLabel="Submitting..." />
    </form>
  );
}
