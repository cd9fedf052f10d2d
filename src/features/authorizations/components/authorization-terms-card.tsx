"use client";

import { FileSignature } from "lucide-react";
import { DashboardCard } from "@/components/admin/dashboard-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Textarea } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { saveAuthorizationTermsAction } from "@/features/authorizations/actions/admin";

/**
 * Settings → Authorization terms (docs/PRODUCT.md#engagement-authorization): the terms every new
 * authorization draft starts from; a version already sent keeps the text it was sent with.
 */
export function AuthorizationTermsCard({ terms, customized }: { terms: string; customized: boolean }) {
  const form = useZodForm(() => import("@/features/authorizations/validation").then((m) => m.authorizationTermsSchema), { terms });
  const error = form.formState.errors.terms?.message;
  const { onSubmit, message, isBusy } = useFormSubmit(form, (values) => saveAuthorizationTermsAction(values), {
    done: () => "Authorization terms saved. New drafts start from them.",
  });
  return (
    <DashboardCard
      headingId="settings-authorization-terms"
      icon={FileSignature}
      title="Authorization terms"
      badge={customized ? null : <span className="text-xs text-muted">Default terms</span>}
    >
      <p className="mt-1 text-sm text-muted">
        The terms of the testing authorization a client signs before any test. Every new draft starts from them; versions already sent keep
        their text.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-label="Authorization terms">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <Field id="authorization-terms-template" label="Terms" error={error}>
          <Textarea {...fieldAria("authorization-terms-template", error)} {...form.register("terms")} rows={10} maxLength={50_000} />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={isBusy}>
            {isBusy ? "Saving..." : "Save terms"}
          </Button>
        </div>
      </form>
    </DashboardCard>
  );
}
