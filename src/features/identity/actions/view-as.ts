"use server";
// View portal: an admin's read-only view of a client's portal (docs/PRODUCT.md#admin-view-as-client).
// Both actions check the admin session themselves (adminAction).
import { cookies, headers } from "next/headers";
import { z } from "zod";
import { viewAsClientSchema } from "@/features/identity/validation/account";
import { getDb } from "@/server/core/get-db";
import { endViewAsClient, startViewAsClient } from "@/features/identity/server/view-as/admin-view-as";
import { adminAction } from "@/features/identity/server";
import { VIEW_AS_COOKIE, viewAsCookieOptions, viewAsOf } from "@/features/identity/server/view-as/view-as";

/** Sets the signed view cookie; the browser then opens /client-portal. */
export const startViewAsClientAction = adminAction(viewAsClientSchema, async (actor, { clientId }) => {
  const { company, cookie } = await startViewAsClient(getDb(), { actor, clientId });
  (await cookies()).set(VIEW_AS_COOKIE, cookie.value, viewAsCookieOptions(cookie.expiresAt));
  return { company };
});

/** Exit: ends the view and removes the cookie. */
export const endViewAsClientAction = adminAction(z.object({}), async (actor) => {
  const result = await endViewAsClient(getDb(), { actor, view: viewAsOf(await headers(), actor.userId) });
  (await cookies()).delete(VIEW_AS_COOKIE);
  return result;
});
