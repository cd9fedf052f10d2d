"use server";
// Server actions of the clients screens; each one checks the admin session itself (adminAction).
import { z } from "zod";
import { clientIdSchema, clientTwoFactorRequirementSchema, createClientSchema } from "@/features/clients/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { createClientWithInvitation, listActiveClientOptions } from "@/features/clients/server";
import { resetClientTwoFactor, setClientTwoFactorRequirement } from "@/features/clients/server";

/** Creates the client and its user, and emails the invitation; returns the link for copying. */
export const createClientAction = adminAction(createClientSchema, async (actor, input) => {
  const created = await createClientWithInvitation(getDb(), { actor, input });
  return {
    clientId: created.clientId,
    email: created.email,
    inviteUrl: created.inviteUrl,
    expiresAt: created.expiresAt.toISOString(),
    mailConfigured: created.mailConfigured,
  };
});

/** Active clients for the project and upload forms' selects. */
export const listClientOptionsAction = adminAction(z.object({}), async (actor) => listActiveClientOptions(getDb(), { actor }));

/** The client row's "Require two-factor" switch (docs/PRODUCT.md#account-security). */
export const setClientTwoFactorRequirementAction = adminAction(clientTwoFactorRequirementSchema, (actor, input) =>
  setClientTwoFactorRequirement(getDb(), { actor, clientId: input.clientId, required: input.required }),
);

/** Resets the client user's two-factor (confirmed in a dialog); the user is e-mailed. */
export const resetClientTwoFactorAction = adminAction(clientIdSchema, (actor, input) =>
  resetClientTwoFactor(getDb(), { actor, clientId: input.clientId }),
);
