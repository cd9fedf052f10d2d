import "server-only";
import { demoMarkOf } from "@/server/core/demo-services";
import type { DemoMark } from "@/lib/domain/demo-service";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { ssoProvider, ssoSettings } from "./schema";
import { AppError } from "@/server/core/errors";
import { guardedFetch, isRefusedTarget, OutboundRefused } from "@/server/core/outbound/guarded-fetch";
import { serverEnv } from "@/server/core/env";
import type { SsoActor } from "./domains";
import { providerIdOf, storeProvider } from "./provider-store";

export { providerIdOf };

/** What better-auth's SSO plugin reads from `oidc_config` (sealed at rest). */
export type StoredOidcConfig = {
  issuer: string;
  pkce: true;
  clientId: string;
  clientSecret: string;
  discoveryEndpoint: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksEndpoint: string;
  userInfoEndpoint?: string;
  tokenEndpointAuthentication: "client_secret_basic" | "client_secret_post";
  scopes: string[];
};

export type OidcProviderInput = { issuer: string; clientId: string; clientSecret?: string | undefined };

export const redirectUriOf = (clientId: string) => `${serverEnv().appUrl}/api/auth/sso/callback/${providerIdOf(clientId)}`;

const fieldError = (field: string, message: string) => new AppError("bad_request", message, { fieldErrors: { [field]: message } });

/**
 * The provider's discovery document, fetched through the guarded fetch (no private addresses, no
 * redirects, 10 s): its issuer must be the one typed, its endpoints https (or the tests' loopback).
 * Stored with the configuration so that signing in needs no discovery.
 */
async function discover(issuer: string) {
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let answer;
  try {
    answer = await guardedFetch({ url, method: "GET", headers: { accept: "application/json" }, maxResponseBytes: 256 * 1024 });
  } catch (error) {
    throw fieldError("issuer", error instanceof OutboundRefused ? error.message : `${url} did not answer.`);
  }
  if (answer.status !== 200) throw fieldError("issuer", `${url} answered ${answer.status}: is this the issuer URL?`);
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    throw fieldError("issuer", `${url} did not answer with a discovery document.`);
  }
  if (doc.issuer !== issuer) throw fieldError("issuer", `The provider names its issuer ${String(doc.issuer)}: enter exactly that.`);
  const endpoint = (name: string, required: boolean): string | undefined => {
    const value = doc[name];
    if (value === undefined && !required) return undefined;
    if (typeof value !== "string") throw fieldError("issuer", `The discovery document has no ${name}.`);
    const parsed = new URL(value);
    if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && !isRefusedTarget(value) && isLoopback(parsed)))
      throw fieldError("issuer", `The provider's ${name} must be an https address.`);
    if (isRefusedTarget(value)) throw fieldError("issuer", `The provider's ${name} is not an address on the public internet.`);
    return value;
  };
  const methods = Array.isArray(doc.token_endpoint_auth_methods_supported)
    ? doc.token_endpoint_auth_methods_supported
    : ["client_secret_basic"];
  return {
    discoveryEndpoint: url,
    authorizationEndpoint: endpoint("authorization_endpoint", true)!,
    tokenEndpoint: endpoint("token_endpoint", true)!,
    jwksEndpoint: endpoint("jwks_uri", true)!,
    userInfoEndpoint: endpoint("userinfo_endpoint", false),
    tokenEndpointAuthentication: (methods.includes("client_secret_basic")
      ? "client_secret_basic"
      : "client_secret_post") as StoredOidcConfig["tokenEndpointAuthentication"],
  };
}

// Only the tests' allowance lets plain http through (isRefusedTarget refuses loopback otherwise).
const isLoopback = (url: URL) => url.hostname === "127.0.0.1" || url.hostname === "[::1]";

/**
 * Saves the company's OpenID Connect provider. A new or changed provider must be tested again
 * before single sign-on is (re)switched on, so the mode goes back to off. The secret is kept when
 * not typed again.
 */
export async function saveOidcProvider(db: DbOrTx, actor: SsoActor, input: OidcProviderInput): Promise<void> {
  const [current] = await db.select().from(ssoProvider).where(eq(ssoProvider.clientId, actor.clientId)).limit(1);
  const previous = current?.oidcConfig ? (JSON.parse(current.oidcConfig) as StoredOidcConfig) : null;
  const clientSecret = input.clientSecret || previous?.clientSecret;
  if (!clientSecret) throw fieldError("clientSecret", "Enter the client secret.");
  const endpoints = await discover(input.issuer);
  const config: StoredOidcConfig = {
    issuer: input.issuer,
    pkce: true,
    clientId: input.clientId,
    clientSecret,
    ...endpoints,
    scopes: ["openid", "email", "profile"],
  };
  await storeProvider(db, actor, { issuer: input.issuer, oidcConfig: JSON.stringify(config), samlConfig: null });
}

export type OidcProviderView = {
  protocol: "oidc";
  issuer: string;
  clientId: string;
  redirectUri: string;
  /** The demo's identity provider, running or off (docs/PRODUCT.md#demo-services). */
  demo: DemoMark;
};

/**
 * The demo's provider (the local test identity provider), stored as a saved one would be, already
 * tested and in "allowed" mode, for a company whose domain the seed verified.
 */
export async function seedOidcProvider(
  db: DbOrTx,
  company: { clientId: string; userId: string; testedByName: string; testedAs: string },
  config: Omit<StoredOidcConfig, "pkce" | "scopes">,
): Promise<void> {
  const stored: StoredOidcConfig = { ...config, pkce: true, scopes: ["openid", "email", "profile"] };
  const id = providerIdOf(company.clientId);
  await db.insert(ssoProvider).values({
    id,
    providerId: id,
    clientId: company.clientId,
    issuer: config.issuer,
    oidcConfig: JSON.stringify(stored),
    userId: company.userId,
    domain: "",
  });
  await db.insert(ssoSettings).values({
    clientId: company.clientId,
    mode: "allowed",
    justInTime: true,
    testedAt: new Date(),
    testedByName: company.testedByName,
    testedAs: company.testedAs,
  });
}

/** What the owners see of the provider: never the secret. */
export function providerViewOf(clientId: string, oidcConfig: string): OidcProviderView {
  const config = JSON.parse(oidcConfig) as StoredOidcConfig;
  return {
    protocol: "oidc",
    issuer: config.issuer,
    clientId: config.clientId,
    redirectUri: redirectUriOf(clientId),
    demo: demoMarkOf(config.issuer),
  };
}

/**
 * The demo's provider moved (the demo services take new ports at each start: docs/DEPLOYMENT.md#demo-services):
 * its issuer and endpoints follow, nothing else changes. No-op for a company without an OpenID provider or with another one.
 */
export async function moveOidcProvider(
  db: DbOrTx,
  clientId: string,
  endpoints: Pick<
    StoredOidcConfig,
    "issuer" | "discoveryEndpoint" | "authorizationEndpoint" | "tokenEndpoint" | "jwksEndpoint" | "userInfoEndpoint"
  >,
  /** Only a provider whose issuer this accepts moves (an owner's own provider stays). */
  movable: (issuer: string) => boolean,
): Promise<void> {
  const [row] = await db
    .select({ issuer: ssoProvider.issuer, oidcConfig: ssoProvider.oidcConfig })
    .from(ssoProvider)
    .where(eq(ssoProvider.clientId, clientId))
    .limit(1);
  if (!row?.oidcConfig || !movable(row.issuer)) return;
  const config = { ...(JSON.parse(row.oidcConfig) as StoredOidcConfig), ...endpoints };
  await db
    .update(ssoProvider)
    .set({ issuer: endpoints.issuer, oidcConfig: JSON.stringify(config) })
    .where(eq(ssoProvider.clientId, clientId));
}
