"use server";
// Server actions of the admin's client page (docs/PRODUCT.md#admin-client-page); each checks the admin session itself.
import { adminClientEditSchema, clientIdSchema } from "@/features/clients/validation";
import { adminInvitePersonSchema, adminPersonRoleSchema, adminPersonSchema } from "@/features/clients/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import {
  changePersonRole,
  deleteClient,
  invitePerson,
  removePerson,
  resendInvitation,
  revokeInvitation,
  setClientActive,
  updateAdminClient,
} from "@/features/clients/server";
import { resetClientTwoFactor } from "@/features/clients/server";

export const adminInvitePersonAction = adminAction(adminInvitePersonSchema, async (actor, { clientId, ...input }) => {
  const { userId, inviteUrl, expiresAt, mailConfigured } = await invitePerson(getDb(), { actor, clientId, input });
  return { userId, inviteUrl, expiresAt: expiresAt.toISOString(), mailConfigured };
});

export const adminResendInvitationAction = adminAction(adminPersonSchema, async (actor, input) => {
  const { expiresAt, mailConfigured } = await resendInvitation(getDb(), { actor, clientId: input.clientId, userId: input.userId });
  return { expiresAt: expiresAt.toISOString(), mailConfigured };
});

export const adminRevokeInvitationAction = adminAction(adminPersonSchema, (actor, input) =>
  revokeInvitation(getDb(), { actor, clientId: input.clientId, userId: input.userId }),
);

export const adminChangePersonRoleAction = adminAction(adminPersonRoleSchema, (actor, input) =>
  changePersonRole(getDb(), { actor, clientId: input.clientId, userId: input.userId, role: input.role }),
);

export const adminRemovePersonAction = adminAction(adminPersonSchema, (actor, input) =>
  removePerson(getDb(), { actor, clientId: input.clientId, userId: input.userId }),
);

/** Resets one person's two-factor (confirmed in a dialog); they are e-mailed. */
export const adminResetPersonTwoFactorAction = adminAction(adminPersonSchema, (actor, input) =>
  resetClientTwoFactor(getDb(), { actor, clientId: input.clientId, userId: input.userId }),
);

export const updateClientAction = adminAction(adminClientEditSchema, (actor, { clientId, ...input }) =>
  updateAdminClient(getDb(), { actor, clientId, input }),
);

export const deactivateClientAction = adminAction(clientIdSchema, (actor, input) =>
  setClientActive(getDb(), { actor, clientId: input.clientId, active: false }),
);

export const reactivateClientAction = adminAction(clientIdSchema, (actor, input) =>
  setClientActive(getDb(), { actor, clientId: input.clientId, active: true }),
);

export const deleteClientAction = adminAction(clientIdSchema, (actor, input) => deleteClient(getDb(), { actor, clientId: input.clientId }));
