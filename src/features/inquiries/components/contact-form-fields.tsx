import type { FormEventHandler, InputHTMLAttributes, Ref } from "react";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input, Select, Textarea } from "@/components/ui/field";
import { SERVICE_INTERESTS } from "@/lib/domain/services";
import { CONTACT_LIMITS } from "@/features/inquiries/validation/contact-form";
import { Icon } from "@/components/marketing/icon";
import { Options, asWritten } from "@/components/ui/options";

export const CONTACT_FIELDS = ["name", "email", "company", "serviceInterest", "message"] as const;
export type ContactFieldName = (typeof CONTACT_FIELDS)[number];
type ControlProps = Omit<InputHTMLAttributes<HTMLElement>, "ref"> & { ref?: Ref<never> };

/**
 * The contact form's markup, shared by the server (a static form in the page's HTML, before the
 * form's code is loaded) and the interactive form, so swapping one for the other moves nothing.
 */
export function ContactFormFields({
  control = (name) => ({ name }),
  errors = {},
  submitting = false,
  ready = false,
  sent = false,
  formRef,
  onSubmit,
}: {
  control?: (name: ContactFieldName | "website") => ControlProps;
  errors?: Partial<Record<ContactFieldName, string>>;
  submitting?: boolean;
  ready?: boolean;
  sent?: boolean;
  formRef?: Ref<HTMLFormElement>;
  onSubmit?: FormEventHandler<HTMLFormElement>;
}) {
  const props = (name: ContactFieldName) => ({ ...fieldAria(`contact-${name}`, errors[name]), ...control(name), required: true });
  return (
    <form
      ref={formRef}
      noValidate
      method="post"
      action="/api/contact/send"
      onSubmit={onSubmit}
      data-ready={ready}
      aria-label="Contact form"
      inert={sent}
      className={`space-y-5 rounded-2xl border border-slate-800 bg-surface/70 p-6 sm:p-8 ${sent ? "invisible" : ""}`}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" error={errors.name}>
          <Input {...props("name")} autoComplete="name" maxLength={CONTACT_LIMITS.nameMax} placeholder="Jane Smith" />
        </Field>
        <Field id="contact-email" label="Email" error={errors.email}>
          <Input {...props("email")} type="email" autoComplete="email" maxLength={CONTACT_LIMITS.emailMax} placeholder="jane@company.com" />
        </Field>
        <Field id="contact-company" label="Company" error={errors.company}>
          <Input {...props("company")} autoComplete="organization" maxLength={CONTACT_LIMITS.companyMax} placeholder="Company name" />
        </Field>
        <Field id="contact-serviceInterest" label="Service Interest" error={errors.serviceInterest}>
          <Select {...props("serviceInterest")} defaultValue="">
            <option value="">Select a service</option>
            <Options items={SERVICE_INTERESTS} label={asWritten} />
          </Select>
        </Field>
      </div>
      <Field id="contact-message" label="Message" error={errors.message}>
        <Textarea
          {...props("message")}
          rows={5}
          maxLength={CONTACT_LIMITS.messageMax}
          placeholder="Tell us about your AI systems and what you would like to achieve."
        />
      </Field>
      {/* Honeypot (see the route handler): off-screen, out of the tab order and hidden from assistive technology. */}
      <div aria-hidden className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...control("website")} />
      </div>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? "Sending..." : "Send Message"}
        {submitting ? null : <Icon name="Send" className="h-4 w-4" />}
      </Button>
    </form>
  );
}
