"use client";

import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Toast, useToast } from "@/components/ui/toast";
import { routeChange } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiFetch } from "@/lib/api-client";
import type { ContactFormValues } from "@/features/inquiries/validation";
import { EMPTY_CONTACT_FORM } from "@/features/inquiries/validation/contact-form";
import { CONTACT_FIELDS, ContactFormFields, type ContactFieldName } from "./contact-form-fields";
import { Icon } from "@/components/marketing/icon";

// The thank-you panel stays 5000 ms, then the (cleared) form returns (docs/PRODUCT.md#marketing-contact-form).
export const SUCCESS_PANEL_MS = 5000;
// The server's error text, or these fallbacks, in the toast.
const SERVER_FAILURE = "Failed to send message";
const OTHER_FAILURE = "Failed to send message. Please try again.";

/** Where the visitor was when the static form was replaced by this one. */
export type ContactFormHandover = {
  values: Partial<ContactFormValues>;
  focus: { index: number; selectionStart: number | null; selectionEnd: number | null } | null;
  submit: boolean;
};

export function ContactForm({ handover }: { handover?: ContactFormHandover }) {
  const [sent, setSent] = useState(false);
  const { toast, show } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const form = useZodForm(() => import("@/features/inquiries/validation").then((m) => m.contactInquirySchema), {
    ...EMPTY_CONTACT_FORM,
    ...handover?.values,
  });
  const {
    register,
    reset,
    setFocus,
    formState: { errors },
  } = form;

  // Continue where the visitor was in the static form: same field focused, same caret, and a
  // submission made before this code arrived goes ahead now.
  useEffect(() => {
    if (!handover) return;
    const form = formRef.current;
    const focused = handover.focus && form?.elements.item(handover.focus.index);
    if (focused instanceof HTMLElement) {
      focused.focus();
      if ((focused instanceof HTMLInputElement && focused.type === "text") || focused instanceof HTMLTextAreaElement) {
        focused.setSelectionRange(handover.focus!.selectionStart, handover.focus!.selectionEnd);
      }
    }
    if (handover.submit) form?.requestSubmit();
  }, [handover]);

  useEffect(() => {
    if (!sent) return;
    panelRef.current?.focus();
    const timer = setTimeout(() => {
      // Focus goes back to the form only if the visitor was still on the panel. The form is made
      // visible and interactive synchronously first, so the focus call never lands on an inert
      // form, however late effects run on a busy machine.
      const wasOnPanel = document.activeElement === panelRef.current;
      flushSync(() => setSent(false));
      if (wasOnPanel) setFocus("name");
    }, SUCCESS_PANEL_MS);
    return () => clearTimeout(timer);
  }, [sent, setFocus]);

  // Messages go to the toast; a refusal's field messages under their fields, the values kept.
  const { onSubmit, isBusy } = useFormSubmit(
    form,
    (values) => routeChange(apiFetch("/api/contact/send", { method: "POST", json: values }), SERVER_FAILURE),
    {
      notify: (message, tone) => show(message, 6000, tone),
      done: () => {
        reset(EMPTY_CONTACT_FORM);
        setSent(true);
      },
      // Nothing else on the page shows the inquiry.
      refresh: false,
      unreachable: OTHER_FAILURE,
    },
  );

  const fieldErrors: Partial<Record<ContactFieldName, string>> = {};
  for (const field of CONTACT_FIELDS) fieldErrors[field] = errors[field]?.message;

  return (
    <div className="relative">
      <ContactFormFields
        control={(name) => register(name)}
        errors={fieldErrors}
        submitting={isBusy}
        ready
        sent={sent}
        formRef={formRef}
        onSubmit={onSubmit}
      />
      {sent ? (
        <div
          ref={panelRef}
          tabIndex={-1}
          role="status"
          className="absolute inset-0 flex flex-col items-center justify-center rounded-2xl border border-emerald-500/40 bg-emerald-500/10 p-8 text-center focus:outline-none"
        >
          <Icon name="CircleCheck" className="h-12 w-12 text-emerald-400" />
          <h3 className="mt-4 text-2xl font-semibold text-heading">Thank You!</h3>
          <p className="mt-2 max-w-md text-slate-200">We have received your message and will get back to you within 24 hours.</p>
        </div>
      ) : null}
      <Toast toast={toast} />
    </div>
  );
}
