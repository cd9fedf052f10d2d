"use server";

import { cookies, headers } from "next/headers";
import { assertClientOwner } from "@/server/core/actor";
import { getDb } from "@/server/core/get-db";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { clientAction, startSsoTest } from "@/features/identity/server";
import { addSsoDomain, removeSsoDomain, saveOidcProvider, saveSamlProvider, setSsoPolicy, verifySsoDomain } from "@/features/sso/server";
import { oidcProviderSchema, samlProviderSchema, ssoDomainIdSchema, ssoDomainSchema, ssoPolicySchema } from "@/features/sso/validation";
import { z } from "zod";

// The portal's Single sign-on card (docs/PRODUCT.md#single-sign-on): owners only; what changes who
// can sign in (the provider, the policy) also needs a fresh second factor.

const actorOf = (actor: { clientId: string; userId: string; name: string }) => ({
  clientId: actor.clientId,
  userId: actor.userId,
  name: actor.name,
});

export const addSsoDomainAction = clientAction(ssoDomainSchema, async (actor, input) => {
  assertClientOwner(actor);
  return addSsoDomain(getDb(), actorOf(actor), input.domain);
});

export const verifySsoDomainAction = clientAction(ssoDomainIdSchema, async (actor, input) => {
  assertClientOwner(actor);
  return verifySsoDomain(getDb(), actorOf(actor), input.id);
});

export const removeSsoDomainAction = clientAction(ssoDomainIdSchema, async (actor, input) => {
  assertClientOwner(actor);
  await confirmFreshSecondFactor(getDb(), new Headers(await headers()), {});
  await removeSsoDomain(getDb(), actorOf(actor), input.id);
});

export const saveOidcProviderAction = clientAction(oidcProviderSchema, async (actor, input) => {
  assertClientOwner(actor);
  await confirmFreshSecondFactor(getDb(), new Headers(await headers()), {});
  await saveOidcProvider(getDb(), actorOf(actor), input);
});

export const saveSamlProviderAction = clientAction(samlProviderSchema, async (actor, input) => {
  assertClientOwner(actor);
  await confirmFreshSecondFactor(getDb(), new Headers(await headers()), {});
  await saveSamlProvider(getDb(), actorOf(actor), input);
});

export const setSsoPolicyAction = clientAction(ssoPolicySchema, async (actor, input) => {
  assertClientOwner(actor);
  await confirmFreshSecondFactor(getDb(), new Headers(await headers()), {});
  await setSsoPolicy(getDb(), actorOf(actor), input);
});

/** The owner's test sign-in: the browser goes to the provider; the verdict comes back to Settings. */
export const startSsoTestAction = clientAction(z.object({}), async (actor) => {
  assertClientOwner(actor);
  const started = await startSsoTest(getDb(), actor, new Headers(await headers()));
  (await cookies()).set(started.flowCookie.name, started.flowCookie.value, started.flowCookie.options);
  return { url: started.url };
});
