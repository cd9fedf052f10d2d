// The Team card's and the admin client page's forms and actions (docs/PRODUCT.md#portal-team): one schema each.
import "./zod-config";
import { z } from "zod";
import { CLIENT_PERSON_ROLES } from "../domain/client-person";
import { emailSchema, text, uuidSchema } from "./common";

const personRole = z.enum(CLIENT_PERSON_ROLES, "Choose a role");
/** A person's id is their user id (better-auth's text id), never a number or a path. */
const personId = text(100).pipe(z.string().min(1, "Invalid person"));

export const invitePersonSchema = z.object({
  name: text(120).pipe(z.string().min(1, "Name is required")),
  email: emailSchema,
  role: personRole.default("member"),
});
export type InvitePersonInput = z.input<typeof invitePersonSchema>;
export type InvitePerson = z.output<typeof invitePersonSchema>;

export const personSchema = z.object({ userId: personId });
export const personRoleSchema = z.object({ userId: personId, role: personRole });
export const billingWithheldSchema = z.object({ withheld: z.boolean() });

/** The admin's variants name the company too (the portal's take it from the session). */
export const adminInvitePersonSchema = invitePersonSchema.extend({ clientId: uuidSchema });
export const adminPersonSchema = personSchema.extend({ clientId: uuidSchema });
export const adminPersonRoleSchema = personRoleSchema.extend({ clientId: uuidSchema });
