// The Team card's and the admin client page's forms and actions (docs/PRODUCT.md#portal-team): one schema each.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { text, emailSchema, nameText, optionalText, uuidSchema } from "@/lib/validation/common";
import { requiredText, searchText, pageNumber } from "@/lib/validation/admin-fields";
import { CLIENT_PERSON_ROLES } from "@/lib/domain/client-person";

const personRole = z.enum(CLIENT_PERSON_ROLES, "Choose a role");
/** A person's id is their user id (better-auth's text id), never a number or a path. */
const personId = z.pipe(text(100), z.string().check(z.minLength(1, "Invalid person")));

export const invitePersonSchema = z.object({
  name: z.pipe(text(120), z.string().check(z.minLength(1, "Name is required"))),
  email: emailSchema,
  role: z._default(personRole, "member"),
});
export type InvitePersonInput = z.input<typeof invitePersonSchema>;
export type InvitePerson = z.output<typeof invitePersonSchema>;

export const personSchema = z.object({ userId: personId });
export const personRoleSchema = z.object({ userId: personId, role: personRole });
/** An owners' switch that withholds a part of the portal from members (Billing, reports). */
export const withheldSchema = z.object({ withheld: z.boolean() });

/** The admin's variants name the company too (the portal's take it from the session). */
export const adminInvitePersonSchema = z.extend(invitePersonSchema, { clientId: uuidSchema });
export const adminPersonSchema = z.extend(personSchema, { clientId: uuidSchema });
export const adminPersonRoleSchema = z.extend(personRoleSchema, { clientId: uuidSchema });

// A phone number as people type it: digits with spaces, +, -, dots, parentheses and an extension.
const PHONE = /^[0-9+().\-\s]*(?:(?:ext\.?|x)\s*\d+)?$/i;

const companyName = z.pipe(nameText(200), z.string().check(z.minLength(1, "Company is required")));

export const accountSettingsSchema = z.object({
  contactPerson: z.pipe(text(120), z.string().check(z.minLength(1, "Contact person is required"))),
  // The contact address only: the sign-in email lives on the user record and is not changed here.
  contactEmail: emailSchema,
  company: companyName,
  phone: z.pipe(
    z.optional(text(40).check(z.refine((value) => PHONE.test(value), "Enter a valid phone number"))),
    z.transform((value: string | undefined) => (value ? value : null)),
  ),
  address: optionalText(500),
});

export type AccountSettingsInput = z.input<typeof accountSettingsSchema>;

export type AccountSettings = z.output<typeof accountSettingsSchema>;

export const createClientSchema = z.object({
  company: companyName,
  contactPerson: requiredText(200, "Contact person is required"),
  email: emailSchema,
  phone: optionalText(50),
  address: optionalText(500),
  // Set when the client is created from a contact inquiry: the inquiry is linked to the new client.
  inquiryId: z.pipe(
    z.nullish(z.union([z.literal(""), uuidSchema])),
    z.transform((value: string | null | undefined) => value || null),
  ),
});

export type CreateClientInput = z.input<typeof createClientSchema>;

export const clientListQuerySchema = z.object({ q: z._default(searchText, ""), page: z._default(pageNumber, 1) });

export type ClientListQuery = z.output<typeof clientListQuerySchema>;

/** The client row's "Require two-factor" switch (docs/PRODUCT.md#account-security). */
export const clientTwoFactorRequirementSchema = z.object({
  clientId: uuidSchema,
  required: z.boolean({ error: "required must be true or false" }),
});

/** Reset of a client user's two-factor from the client row. */
export const clientIdSchema = z.object({ clientId: uuidSchema });

/** The admin's edit of a client's details: the portal's Company Information fields, for the client named. */
export const adminClientEditSchema = z.extend(accountSettingsSchema, { clientId: uuidSchema });

export type AdminClientEditInput = z.input<typeof adminClientEditSchema>;
