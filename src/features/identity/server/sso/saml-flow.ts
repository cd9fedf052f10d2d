import "server-only";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { and, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { verification } from "@/server/core/db/schema";
import { type SsoFlow, verifySsoFlow } from "./flow-cookie";

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

const REQUEST_ID = /<(?:[\w-]+:)?AuthnRequest\b[^>]*?\sID="([^"]{1,256})"/;

/** The ID of the AuthnRequest the plugin's sign-in URL carries, or null for an OpenID Connect URL. */
export function samlRequestIdOf(url: URL): string | null {
  const xml = authnRequestOf(url);
  return xml ? (REQUEST_ID.exec(xml)?.[1] ?? null) : null;
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

export type SamlResponseFacts = {
  inResponseTo: string | null;
  authnInstant: Date | null;
  /** A signature or digest by SHA-1 or an algorithm not known to be strong: refused. */
  weakAlgorithm: boolean;
};

// The plugin checks the algorithm only of a redirect binding's query signature (SigAlg); a POSTed
// response's XML signatures are checked here, every one of them.
const STRONG_SIGNATURES = new Set([
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha384",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512",
  "http://www.w3.org/2007/05/xmldsig-more#sha256-rsa-MGF1",
  "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256",
  "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384",
  "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha512",
]);
const STRONG_DIGESTS = new Set([
  "http://www.w3.org/2001/04/xmlenc#sha256",
  "http://www.w3.org/2001/04/xmldsig-more#sha384",
  "http://www.w3.org/2001/04/xmlenc#sha512",
]);
const algorithmsOf = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<(?:[\\w-]+:)?${element}\\b[^>]*?\\sAlgorithm="([^"]*)"`, "g"))].map((m) => m[1]!);

/**
 * What our side needs of a posted SAMLResponse before the plugin checks it: the request it answers
 * and when the person signed in at the provider. Read without trusting it: the plugin then refuses
 * a response that is not signed, fresh and addressed to us, and only then does either fact count.
 * A document with several AuthnStatements gives no time (one signed, one not, would be ambiguous).
 */
export function samlResponseFacts(samlResponse: unknown): SamlResponseFacts {
  if (typeof samlResponse !== "string" || samlResponse.length > 512 * 1024)
    return { inResponseTo: null, authnInstant: null, weakAlgorithm: false };
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  const inResponseTo = /<(?:[\w-]+:)?Response\b[^>]*?\sInResponseTo="([^"]{1,256})"/.exec(xml)?.[1] ?? null;
  const statements = [...xml.matchAll(/<(?:[\w-]+:)?AuthnStatement\b[^>]*?\sAuthnInstant="([^"]+)"/g)];
  const at = statements.length === 1 ? new Date(statements[0]![1]!) : null;
  const weakAlgorithm =
    algorithmsOf(xml, "SignatureMethod").some((a) => !STRONG_SIGNATURES.has(a)) ||
    algorithmsOf(xml, "DigestMethod").some((a) => !STRONG_DIGESTS.has(a));
  return { inResponseTo, authnInstant: at && !Number.isNaN(at.getTime()) ? at : null, weakAlgorithm };
}
