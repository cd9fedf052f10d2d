import "server-only";
import * as samlify from "samlify";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { guardedFetch, isRefusedTarget, OutboundRefused } from "@/server/core/outbound/guarded-fetch";
import { serverEnv } from "@/server/core/env";
import { demoMarkOf } from "@/server/core/demo-services";
import type { DemoMark } from "@/lib/domain/demo-service";
import type { SsoActor } from "./domains";
import { providerIdOf, storeProvider } from "./provider-store";

// A company's SAML 2.0 identity provider (docs/PRODUCT.md#single-sign-on): the owners give its
// metadata (a URL read through the guarded fetch, or the XML pasted); we keep the XML, which names
// the provider's entity ID, its single sign-on address and its signing certificate.

const MAX_METADATA_BYTES = 256 * 1024;

/** What better-auth's SSO plugin reads from `saml_config` (sealed at rest). */
type StoredSamlConfig = {
  issuer: string;
  audience: string;
  entryPoint: string;
  callbackUrl: string;
  idpMetadata: { metadata: string };
  wantAssertionsSigned: true;
};

export type SamlProviderInput = { metadataUrl?: string | undefined; metadataXml?: string | undefined };

export type SamlProviderView = {
  protocol: "saml";
  idpEntityId: string;
  ssoUrl: string;
  spEntityId: string;
  acsUrl: string;
  /** The demo's identity provider, running or off (docs/PRODUCT.md#demo-services). */
  demo: DemoMark;
};

/** Our entity ID at the provider: the address of our service provider metadata for this company. */
export const spEntityIdOf = (clientId: string) =>
  `${serverEnv().appUrl}/api/auth/sso/saml2/sp/metadata?providerId=${encodeURIComponent(providerIdOf(clientId))}`;
/** Where the provider posts its answers (the assertion consumer service). */
export const acsUrlOf = (clientId: string) => `${serverEnv().appUrl}/api/auth/sso/saml2/sp/acs/${providerIdOf(clientId)}`;

const fieldError = (field: string, message: string) => new AppError("bad_request", message, { fieldErrors: { [field]: message } });

async function metadataFrom(input: SamlProviderInput): Promise<{ xml: string; field: "metadataUrl" | "metadataXml" }> {
  if (input.metadataXml) return { xml: input.metadataXml, field: "metadataXml" };
  const url = input.metadataUrl!;
  let answer;
  try {
    answer = await guardedFetch({
      url,
      method: "GET",
      headers: { accept: "application/samlmetadata+xml, application/xml, text/xml" },
      maxResponseBytes: MAX_METADATA_BYTES,
    });
  } catch (error) {
    throw fieldError("metadataUrl", error instanceof OutboundRefused ? error.message : `${url} did not answer.`);
  }
  if (answer.status !== 200) throw fieldError("metadataUrl", `${url} answered ${answer.status}: is this the metadata URL?`);
  return { xml: answer.body, field: "metadataUrl" };
}

// Only the tests' allowance lets plain http through (isRefusedTarget refuses loopback otherwise).
const isLoopback = (url: URL) => url.hostname === "127.0.0.1" || url.hostname === "[::1]";

/** The provider's entity ID, single sign-on address (HTTP-Redirect) and signing certificate, or a refusal naming what is missing. */
function readMetadata(xml: string, field: string): { entityId: string; ssoUrl: string } {
  if (Buffer.byteLength(xml) > MAX_METADATA_BYTES) throw fieldError(field, "The metadata is larger than 256 KB.");
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw fieldError(field, "The metadata must not declare a DOCTYPE or entities.");
  let meta;
  try {
    meta = samlify.IdentityProvider({ metadata: xml }).entityMeta;
  } catch {
    throw fieldError(field, "This is not SAML metadata of an identity provider.");
  }
  const entityId = meta.getEntityID();
  if (typeof entityId !== "string" || !entityId) throw fieldError(field, "This is not SAML metadata of an identity provider.");
  const ssoUrl = meta.getSingleSignOnService("redirect");
  if (typeof ssoUrl !== "string" || !ssoUrl)
    throw fieldError(field, "The metadata names no single sign-on address for the HTTP-Redirect binding.");
  const parsed = new URL(ssoUrl);
  if ((parsed.protocol !== "https:" && !(parsed.protocol === "http:" && isLoopback(parsed))) || isRefusedTarget(ssoUrl))
    throw fieldError(field, "The provider's single sign-on address must be an https address on the public internet.");
  const cert = meta.getX509Certificate("signing");
  if (!cert || (Array.isArray(cert) && cert.length === 0)) throw fieldError(field, "The metadata names no signing certificate.");
  return { entityId, ssoUrl };
}

/**
 * Saves the company's SAML provider in place of any other. As with OpenID Connect, a new provider
 * must be tested before single sign-on is switched on again, and links made through another
 * provider do not carry over.
 */
export async function saveSamlProvider(db: DbOrTx, actor: SsoActor, input: SamlProviderInput): Promise<void> {
  const { xml, field } = await metadataFrom(input);
  const { entityId, ssoUrl } = readMetadata(xml, field);
  const sp = spEntityIdOf(actor.clientId);
  const config: StoredSamlConfig = {
    issuer: sp,
    audience: sp,
    entryPoint: ssoUrl,
    callbackUrl: "/client-portal",
    idpMetadata: { metadata: xml },
    wantAssertionsSigned: true,
  };
  await storeProvider(db, actor, { issuer: entityId, oidcConfig: null, samlConfig: JSON.stringify(config) });
}

/** What the owners see of a SAML provider, and what they give it of ours. */
export function samlProviderViewOf(clientId: string, samlConfig: string): SamlProviderView {
  const config = JSON.parse(samlConfig) as StoredSamlConfig;
  const entityId = samlify.IdentityProvider({ metadata: config.idpMetadata.metadata }).entityMeta.getEntityID() as string;
  return {
    protocol: "saml",
    idpEntityId: entityId,
    ssoUrl: config.entryPoint,
    spEntityId: spEntityIdOf(clientId),
    acsUrl: acsUrlOf(clientId),
    demo: demoMarkOf(config.entryPoint),
  };
}
