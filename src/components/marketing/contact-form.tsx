"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Send } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input, Select, Textarea } from "@/components/ui/field";
import {
  CONTACT_LIMITS,
  contactInquirySchema,
  EMPTY_CONTACT_FORM,
  SERVICE_INTERESTS,
  type ContactFormValues,
  type ContactInquiry,
} from "@/lib/validation/contact";

// Spec §4 and §9: the thank-you panel stays 5000 ms, then the (cleared) form returns.
export const SUCCESS_PANEL_MS = 5000;
// Spec §8: the server's error text, or these fallbacks, in a browser alert.
const SERVER_FAILURE = "Failed to send message";
const OTHER_FAILURE = "Failed to send message. Please try again.";

const FIELDS = ["name", "email", "company", "serviceInterest", "message"] as const;
type FieldName = (typeof FIELDS)[number];

const noSubscription = () => () => {};

export function ContactForm() {
  // false in the server HTML and while hydrating, true once interactive (the loader and tests read it).
  const interactive = useSyncExternalStore(noSubscription, () => true, () => false);
  const [sent, setSent] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const refocusForm = useRef(false);
  // No defaultValues on purpose: react-hook-form then takes each input's current value when it
  // registers, which keeps whatever was typed before this code loaded.
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactInquiry>({ resolver: zodResolver(contactInquirySchema) });

  useEffect(() => {
    if (!sent) {
      if (refocusForm.current) setFocus("name");
      refocusForm.current = false;
      return;
    }
    panelRef.current?.focus();
    const timer = setTimeout(() => {
      refocusForm.current = document.activeElement === panelRef.current;
      setSent(false);
    }, SUCCESS_PANEL_MS);
    return () => clearTimeout(timer);
  }, [sent, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    let response: Response;
    let body: { error?: unknown; fieldErrors?: Record<string, unknown> } | null;
    try {
      response = await fetch("/api/contact/send", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(values),
      });
      body = await response.json().catch(() => null);
    } catch {
      window.alert(OTHER_FAILURE);
      return;
    }
    if (!response.ok) {
      for (const field of FIELDS) {
        const message = body?.fieldErrors?.[field];
        if (typeof message === "string") setError(field, { message });
      }
      window.alert(typeof body?.error === "string" && body.error ? body.error : SERVER_FAILURE);
      return;
    }
    reset(EMPTY_CONTACT_FORM);
    setSent(true);
  });

  const error = (field: FieldName) => errors[field]?.message;
  const control = (field: FieldName) => ({ ...fieldAria(`contact-${field}`, error(field)), ...register(field), required: true });

  return (
    <div className="relative">
      <form
        noValidate
        method="post"
        action="/api/contact/send"
        onSubmit={onSubmit}
        data-ready={interactive}
        aria-label="Contact form"
        inert={sent}
        className={`space-y-5 rounded-2xl border border-slate-800 bg-surface/70 p-6 sm:p-8 ${sent ? "invisible" : ""}`}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="contact-name" label="Name" error={error("name")}>
            <Input {...control("name")} autoComplete="name" maxLength={CONTACT_LIMITS.nameMax} placeholder="Jane Smith" />
          </Field>
          <Field id="contact-email" label="Email" error={error("email")}>
            <Input {...control("email")} type="email" autoComplete="email" maxLength={CONTACT_LIMITS.emailMax} placeholder="jane@company.com" />
          </Field>
          <Field id="contact-company" label="Company" error={error("company")}>
            <Input {...control("company")} autoComplete="organization" maxLength={CONTACT_LIMITS.companyMax} placeholder="Company name" />
          </Field>
          <Field id="contact-serviceInterest" label="Service Interest" error={error("serviceInterest")}>
            <Select {...control("serviceInterest")} defaultValue="">
              <option value="">Select a service</option>
              {SERVICE_INTERESTS.map((service) => (
                <option key={service} value={service}>
                  {service}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field id="contact-message" label="Message" error={error("message")}>
          <Textarea
            {...control("message")}
            rows={5}
            maxLength={CONTACT_LIMITS.messageMax}
            placeholder="Tell us about your AI systems and what you would like to achieve."
          />
        </Field>
        {/* Honeypot (see the route handler): off-screen, out of the tab order and hidden from assistive technology. */}
        <div aria-hidden className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? "Sending..." : "Send Message"}
          {isSubmitting ? null : <Send className="h-4 w-4" aria-hidden />}
        </Button>
      </form>
      {sent ? (
        <div
          ref={panelRef}
          tabIndex={-1}
          role="status"
          className="absolute inset-0 flex flex-col items-center justify-center rounded-2xl border border-emerald-500/40 bg-emerald-500/10 p-8 text-center focus:outline-none"
        >
          <CheckCircle2 className="h-12 w-12 text-emerald-400" aria-hidden />
          <h3 className="mt-4 text-2xl font-semibold text-white">Thank You!</h3>
          <p className="mt-2 max-w-md text-slate-200">We have received your message and will get back to you within 24 hours.</p>
        </div>
      ) : null}
    </div>
  );
}
