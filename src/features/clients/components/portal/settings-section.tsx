"use client";

import { saveAccountSettings } from "@/features/clients/actions/portal";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, fieldAria, Input, Textarea } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { type AccountSettingsInput } from "@/features/clients/validation";
import type { PortalProfile } from "@/features/clients/server";
import { useTimedValue } from "@/components/portal/use-timed-value";

/** The success banner shows for 3 seconds (docs/PRODUCT.md#portal-settings). */
export const SETTINGS_BANNER_MS = 3000;

const toFormValues = (profile: PortalProfile): AccountSettingsInput => ({
  contactPerson: profile.contactPerson,
  contactEmail: profile.contactEmail,
  company: profile.company,
  phone: profile.phone ?? "",
  address: profile.address ?? "",
});

/**
 * Settings → Company (docs/PRODUCT.md#portal-settings): the company's record, Account Information,
 * as a form for its owners and as text for a member or a viewing admin.
 */
export function AccountInformationCard({ profile, readOnly = false }: { profile: PortalProfile; readOnly?: boolean }) {
  const [saved, showSaved] = useTimedValue<true>(SETTINGS_BANNER_MS);
  const hydrated = useHydrated();
  // Members (and a viewing admin) read the company record; its owners change it.
  const companyLocked = readOnly || !profile.canEditCompany;
  const defaults = toFormValues(profile);
  const form = useZodForm(() => import("@/features/clients/validation").then((m) => m.accountSettingsSchema), defaults);
  const { register, reset, formState } = form;
  const { errors } = formState;

  const { onSubmit, message, setMessage, isBusy } = useFormSubmit(form, saveAccountSettings, {
    done: (saved) => {
      // The saved values (trimmed by the server) become the form's new baseline for Reset.
      const { contactPerson, contactEmail, company, phone, address } = saved;
      reset({ contactPerson, contactEmail, company, phone: phone ?? "", address: address ?? "" });
      showSaved(true);
    },
  });

  return (
    <Card className="max-w-2xl">
      {companyLocked ? (
        <CompanyRecord profile={profile} readOnly={readOnly} />
      ) : (
        <>
          <h2 id="account-information-heading" className="text-lg font-semibold">
            Account Information
          </h2>
          <p className="mt-1 text-sm text-muted">{`${profile.company}'s record, shared by everyone of your company.`}</p>
          <div aria-live="polite" className="mt-3 empty:hidden">
            {saved ? <Alert tone="success">Account settings saved successfully!</Alert> : null}
          </div>
          {message ? (
            <Alert tone={message.tone} className="mt-3">
              {message.text}
            </Alert>
          ) : null}
          {/* defaultValue on each control: the server-rendered form shows the stored values before
                the page's script has loaded (react-hook-form only fills uncontrolled inputs on hydration). */}
          <form
            onSubmit={onSubmit}
            noValidate
            aria-labelledby="account-information-heading"
            data-hydrated={hydrated}
            className="mt-4 space-y-4"
          >
            <Field id="settings-contact-person" label="Contact Person" error={errors.contactPerson?.message}>
              <Input
                {...fieldAria("settings-contact-person", errors.contactPerson?.message)}
                autoComplete="name"
                defaultValue={defaults.contactPerson}
                {...register("contactPerson")}
              />
            </Field>
            <Field
              id="settings-email"
              label="Email"
              error={errors.contactEmail?.message}
              hint="The company's contact address only: we write to you here. It changes neither anyone's sign-in nor your billing."
            >
              <Input
                {...fieldAria("settings-email", errors.contactEmail?.message)}
                type="email"
                autoComplete="email"
                defaultValue={defaults.contactEmail}
                {...register("contactEmail")}
              />
            </Field>
            <Field id="settings-company" label="Company" error={errors.company?.message}>
              <Input
                {...fieldAria("settings-company", errors.company?.message)}
                autoComplete="organization"
                defaultValue={defaults.company}
                {...register("company")}
              />
            </Field>
            <Field id="settings-phone" label="Phone" error={errors.phone?.message}>
              <Input
                {...fieldAria("settings-phone", errors.phone?.message)}
                type="tel"
                autoComplete="tel"
                defaultValue={defaults.phone}
                {...register("phone")}
              />
            </Field>
            <Field id="settings-address" label="Address" error={errors.address?.message}>
              <Textarea
                {...fieldAria("settings-address", errors.address?.message)}
                rows={3}
                autoComplete="street-address"
                defaultValue={defaults.address ?? ""}
                {...register("address")}
              />
            </Field>
            <div className="flex flex-wrap justify-end gap-3 pt-2">
              <Button
                variant="secondary"
                onClick={() => {
                  reset();
                  setMessage(null);
                }}
                disabled={isBusy}
              >
                Reset
              </Button>
              <Button type="submit" disabled={isBusy}>
                {isBusy ? "Saving..." : "Save Changes"}
              </Button>
            </div>
          </form>
        </>
      )}
    </Card>
  );
}

/**
 * The company's record for whoever may not change it (a member, a viewing admin): its values as
 * text, no fields to edit (docs/PRODUCT.md#portal-settings). A member's own part is Your profile.
 */
function CompanyRecord({ profile, readOnly }: { profile: PortalProfile; readOnly: boolean }) {
  const rows: [string, string][] = [
    ["Contact Person", profile.contactPerson],
    ["Email", profile.contactEmail],
    ["Company", profile.company],
    ["Phone", profile.phone ?? ""],
    ["Address", profile.address ?? ""],
  ];
  return (
    <section aria-labelledby="company-record-heading">
      <h2 id="company-record-heading" className="text-lg font-semibold">
        {readOnly ? "Account Information" : "Company Information"}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {readOnly
          ? `${profile.company}'s record, shared by everyone of the company.`
          : "Only an owner of your company can change the company's details."}
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="whitespace-pre-line break-words">{value || "Not given"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
