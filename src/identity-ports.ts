import "server-only";
import { clientsIdentityPort } from "@/features/clients/server";
import type { IdentityPorts } from "@/features/identity/server";
import { ssoIdentityPort } from "@/features/sso/server";

/**
 * What identity reads of a client's company and its single sign-on, from the slices that own them
 * (they sit above identity, which every guarded entry point imports): handed to identity at start
 * (instrumentation.ts, and the integration tests' setup) through provideIdentityPorts.
 */
export const identityPorts: IdentityPorts = { clients: clientsIdentityPort, sso: ssoIdentityPort };
