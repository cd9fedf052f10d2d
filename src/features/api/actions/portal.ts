"use server";

import { headers } from "next/headers";
import { lifetimeDays } from "@/lib/domain/api-scope";
import { assertClientOwner } from "@/server/core/actor";
import { getDb } from "@/server/core/get-db";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { clientAction } from "@/features/identity/server";
import { createApiToken, revokeApiToken } from "@/features/api/server";
import { apiTokenIdSchema, createApiTokenSchema } from "@/features/api/validation";

// The portal owners' API tokens (docs/PRODUCT.md#api-and-webhooks).

/**
 * A new token, after a fresh second factor (like the report vault): without one the answer is the
 * step-up prompt the form shows, and the form sends again once it is given. A member is refused first.
 */
export const createApiTokenAction = clientAction(createApiTokenSchema, async (actor, input) => {
  assertClientOwner(actor);
  await confirmFreshSecondFactor(getDb(), new Headers(await headers()), {});
  return createApiToken(getDb(), { actor, name: input.name, scopes: input.scopes, lifetimeDays: lifetimeDays(input.lifetime) });
});

export const revokeApiTokenAction = clientAction(apiTokenIdSchema, (actor, input) =>
  revokeApiToken(getDb(), { actor, tokenId: input.tokenId }),
);
