"use server";
// The portal's writes of the company's account information and its team.
// Each action checks the client session itself (clientAction) and validates with the same schema as
// the form; the client id always comes from the session.
import { clientAction } from "@/features/identity/server";
import { accountSettingsSchema, invitePersonSchema, personSchema, personRoleSchema, withheldSchema } from "@/features/clients/validation";
import {
  updateAccountSettings,
  invitePerson,
  resendInvitation,
  revokeInvitation,
  changePersonRole,
  removePerson,
  setBillingWithheldFromMembers,
  setReportsWithheldFromMembers,
  setFindingsWithheldFromMembers,
} from "@/features/clients/server";
import { getDb } from "@/server/core/get-db";

export const saveAccountSettings = clientAction(accountSettingsSchema, (actor, input) => updateAccountSettings(getDb(), { actor, input }));

// The Team card (docs/PRODUCT.md#portal-team): owners only, checked by the module on the session's person.
export const invitePersonAction = clientAction(invitePersonSchema, async (actor, input) => {
  // The owner gets no link (it is the invitee's), only whether the mail can go out now.
  const { userId, mailConfigured } = await invitePerson(getDb(), { actor, input });
  return { userId, mailConfigured };
});

export const resendInvitationAction = clientAction(personSchema, async (actor, input) => {
  const { expiresAt, mailConfigured } = await resendInvitation(getDb(), { actor, userId: input.userId });
  return { expiresAt: expiresAt.toISOString(), mailConfigured };
});

export const revokeInvitationAction = clientAction(personSchema, (actor, input) =>
  revokeInvitation(getDb(), { actor, userId: input.userId }),
);

export const changePersonRoleAction = clientAction(personRoleSchema, (actor, input) =>
  changePersonRole(getDb(), { actor, userId: input.userId, role: input.role }),
);

export const removePersonAction = clientAction(personSchema, (actor, input) => removePerson(getDb(), { actor, userId: input.userId }));

export const setBillingWithheldAction = clientAction(withheldSchema, (actor, input) =>
  setBillingWithheldFromMembers(getDb(), { actor, withheld: input.withheld }),
);

export const setReportsWithheldAction = clientAction(withheldSchema, (actor, input) =>
  setReportsWithheldFromMembers(getDb(), { actor, withheld: input.withheld }),
);

export const setFindingsWithheldAction = clientAction(withheldSchema, (actor, input) =>
  setFindingsWithheldFromMembers(getDb(), { actor, withheld: input.withheld }),
);
