"use server";
// Server actions of the clients screens; each one checks the admin session itself (adminAction).
import { z } from "zod";
import { createClientSchema } from "@/lib/validation/admin";
import { createClientWithInvitation } from "@/server/data/admin-client-invitation";
import { listActiveClientOptions } from "@/server/data/admin-clients";
import { getDb } from "@/server/data/db";
import { adminAction } from "@/server/handler";

/** Creates the client and its user, and emails the invitation; returns the link for copying. */
export const createClientAction = adminAction(createClientSchema, async (actor, input) => {
  const created = await createClientWithInvitation(getDb(), { actor, input });
  return { clientId: created.clientId, email: created.email, inviteUrl: created.inviteUrl, expiresAt: created.expiresAt.toISOString() };
});

/** Active clients for the project and upload forms' selects. */
export const listClientOptionsAction = adminAction(z.object({}), async (actor) => listActiveClientOptions(getDb(), { actor }));
