import "server-only";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { and, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { verification } from "../schema";
import { type SsoFlow, verifySsoFlow } from "./flow-cookie";
import { authnRequestIdOf } from "./saml-response";

// A SAML provider answers by a form the person's browser posts to our ACS from the provider's site.
// The flow is kept on the server, under the ID of the AuthnRequest the plugin sent (the response
// names it in InResponseTo, which the plugin checks, one use, itself), and the browser that started
// the flow must bring its cookie (SameSite=None, so it goes with that cross-site POST) with the same
// nonce: a response obtained by someone else and posted from a victim's browser signs nobody in.

const flowKey = (requestId: string) => `sso-saml-flow:${requestId}`;
const MAX_ID = 256;

/** The AuthnRequest inside a redirect-binding URL (deflated, base64). */
function authnRequestOf(url: URL): string | null {
  const encoded = url.searchParams.get("SAMLRequest");
  if (!encoded) return null;
  try {
    return inflateRawSync(Buffer.from(encoded, "base64")).toString("utf8");
  } catch {
    return null;
  }
}

/** The ID of the AuthnRequest the plugin's sign-in URL carries, or null for an OpenID Connect URL. */
export function samlRequestIdOf(url: URL): string | null {
  const xml = authnRequestOf(url);
  return xml ? authnRequestIdOf(xml) : null;
}

/**
 * The same URL asking the provider for a new sign-in (ForceAuthn), for a step-up. The plugin sends
 * its AuthnRequests unsigned (the redirect binding's signature would be a query parameter), so the
 * request can be rewritten; a signed one is left alone and the step-up then fails closed on the
 * provider's AuthnInstant.
 */
export function withForceAuthn(url: URL): URL {
  const xml = authnRequestOf(url);
  if (!xml || url.searchParams.has("Signature")) return url;
  const forced = xml.replace(/<((?:[\w-]+:)?AuthnRequest)\b(?![^>]*\sForceAuthn=)/, '<$1 ForceAuthn="true"');
  const next = new URL(url);
  next.searchParams.set("SAMLRequest", deflateRawSync(Buffer.from(forced, "utf8")).toString("base64"));
  return next;
}

/** Keeps the flow (its signed cookie value) under the AuthnRequest's ID until the response comes. */
export async function storeSamlFlow(db: DbOrTx, requestId: string, flow: SsoFlow, signed: string): Promise<void> {
  await db
    .insert(verification)
    .values({ id: crypto.randomUUID(), identifier: flowKey(requestId), value: signed, expiresAt: flow.expiresAt });
}

/**
 * The flow of the request this response answers, taken once, when the posting browser's own flow
 * cookie is that flow's; null when unknown, used, expired or brought by another browser.
 */
export async function takeSamlFlow(
  db: DbOrTx,
  requestId: string | null,
  browserFlow: SsoFlow | null,
  now = new Date(),
): Promise<SsoFlow | null> {
  if (!requestId || requestId.length > MAX_ID) return null;
  const [row] = await db
    .delete(verification)
    .where(and(eq(verification.identifier, flowKey(requestId)), gt(verification.expiresAt, now)))
    .returning({ value: verification.value });
  const flow = row ? verifySsoFlow(row.value, now) : null;
  return flow && browserFlow?.nonce === flow.nonce ? flow : null;
}
