// A SAML 2.0 identity provider on loopback, for the tests and the demo: metadata with its signing
// certificate, the HTTP-Redirect single sign-on service, a login page listing its people (no
// password: a test tool), and a signed response posted back to the service provider's ACS, as a
// company's Okta or Entra ID sends it. The tests can ask for what a careless or hostile provider
// sends instead (unsigned, SHA-1, expired, another audience, an old sign-in), and what an attacker
// makes of a signed response (SHA-1 named in single quotes, a comment splitting the NameID). `POST /_fake/people`
// adds a person. A dev and test tool: nothing in src/ imports it.
import { randomBytes, webcrypto } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { inflateRawSync } from "node:zlib";
import * as x509 from "@peculiar/x509";
import { SignedXml } from "xml-crypto";

export type TestSamlPerson = { nameId: string; email: string; name: string };

/** What the next responses are like: a well-behaved provider's, or one of the faults the tests need. */
export type SamlResponseFault =
  | "none"
  | "unsigned"
  | "sha1"
  | "sha1-single-quoted"
  | "comment-in-nameid"
  | "expired"
  | "wrong-audience"
  | "wrong-recipient"
  | "old-sign-in";

export type TestSamlIdp = {
  entityId: string;
  metadataUrl: string;
  metadata: string;
  hostPort: string;
  addPerson(person: TestSamlPerson): void;
  setFault(fault: SamlResponseFault): void;
  close(): Promise<void>;
};

/** The form the provider's page posts to the service provider (what a browser would send on). */
export type SamlPost = { acs: string; SAMLResponse: string; RelayState: string | null };

const NS = {
  protocol: "urn:oasis:names:tc:SAML:2.0:protocol",
  assertion: "urn:oasis:names:tc:SAML:2.0:assertion",
  metadata: "urn:oasis:names:tc:SAML:2.0:metadata",
  redirect: "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect",
  email: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  persistent: "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
};
const ALGORITHMS = {
  sha256: { signature: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256", digest: "http://www.w3.org/2001/04/xmlenc#sha256" },
  sha1: { signature: "http://www.w3.org/2000/09/xmldsig#rsa-sha1", digest: "http://www.w3.org/2000/09/xmldsig#sha1" },
};
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const samlId = () => `_${randomBytes(16).toString("hex")}`;
const instant = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** A fresh RSA key and its self-signed certificate, in PEM, made when the provider starts. */
async function signingKey(commonName: string): Promise<{ privateKeyPem: string; certPem: string; certBase64: string }> {
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const algorithm = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ["sign", "verify"])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomBytes(8).toString("hex"),
    name: `CN=${commonName}`,
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 365 * 86_400_000),
    keys,
    signingAlgorithm: algorithm,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey)).toString("base64");
  const privateKeyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join("\n")}\n-----END PRIVATE KEY-----\n`;
  const certBase64 = Buffer.from(cert.rawData).toString("base64");
  return { privateKeyPem, certPem: cert.toString("pem"), certBase64 };
}

/** The AuthnRequest a service provider sent by HTTP-Redirect (deflated, base64), read for its ID, ACS and issuer. */
export function readAuthnRequest(samlRequest: string): { id: string; acs: string | null; issuer: string | null; forceAuthn: boolean } {
  const xml = inflateRawSync(Buffer.from(samlRequest, "base64")).toString("utf8");
  const attribute = (name: string) => new RegExp(`<(?:\\w+:)?AuthnRequest\\b[^>]*\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? null;
  const issuer = /<(?:\w+:)?Issuer\b[^>]*>([^<]*)<\/(?:\w+:)?Issuer>/.exec(xml)?.[1] ?? null;
  return {
    id: attribute("ID") ?? "",
    acs: attribute("AssertionConsumerServiceURL"),
    issuer,
    forceAuthn: attribute("ForceAuthn") === "true",
  };
}

export async function startTestSamlIdp(
  options: { port?: number; people?: TestSamlPerson[]; log?: boolean; entityPath?: string } = {},
): Promise<TestSamlIdp> {
  const people = [...(options.people ?? [])];
  let fault: SamlResponseFault = "none";
  // Listening comes first (the entity ID names the port), the handler after the signing key: a
  // request in between gets 503 rather than no answer, which would hang a readiness check.
  let ready = false;
  const server = http.createServer((req, res) => {
    if (!ready) return void fail(res, 503, "starting");
    void handle(req, res).catch((error: unknown) => {
      if (options.log) console.error("[test-saml-idp]", error);
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const entityId = `${base}${options.entityPath ?? "/saml/metadata"}`;
  const key = await signingKey(`Test SAML IdP ${port}`);
  const metadata =
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<md:EntityDescriptor xmlns:md="${NS.metadata}" entityID="${escapeXml(entityId)}">` +
    `<md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="${NS.protocol}">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>` +
    `<ds:X509Certificate>${key.certBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:NameIDFormat>${NS.persistent}</md:NameIDFormat><md:NameIDFormat>${NS.email}</md:NameIDFormat>` +
    `<md:SingleSignOnService Binding="${NS.redirect}" Location="${base}/saml/sso"/>` +
    `</md:IDPSSODescriptor></md:EntityDescriptor>`;

  function response(person: TestSamlPerson, request: ReturnType<typeof readAuthnRequest>, acs: string, audience: string): string {
    const now = new Date();
    const expired = fault === "expired";
    const notBefore = new Date(now.getTime() - (expired ? 3_600_000 : 60_000));
    const notOnOrAfter = new Date(now.getTime() + (expired ? -3_000_000 : 300_000));
    const authnInstant = fault === "old-sign-in" ? new Date(now.getTime() - 3_600_000) : now;
    const recipient = fault === "wrong-recipient" ? `${base}/not-the-acs` : acs;
    const assertionId = samlId();
    const assertion =
      `<saml:Assertion xmlns:saml="${NS.assertion}" ID="${assertionId}" Version="2.0" IssueInstant="${instant(now)}">` +
      `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="${NS.persistent}">${escapeXml(person.nameId)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
      `<saml:SubjectConfirmationData NotOnOrAfter="${instant(notOnOrAfter)}" Recipient="${escapeXml(recipient)}" InResponseTo="${escapeXml(request.id)}"/>` +
      `</saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${instant(notBefore)}" NotOnOrAfter="${instant(notOnOrAfter)}">` +
      `<saml:AudienceRestriction><saml:Audience>${escapeXml(fault === "wrong-audience" ? "https://someone-else.example/sp" : audience)}</saml:Audience></saml:AudienceRestriction>` +
      `</saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${instant(authnInstant)}" SessionIndex="${samlId()}"><saml:AuthnContext>` +
      `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
      `</saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>` +
      `<saml:Attribute Name="email"><saml:AttributeValue>${escapeXml(person.email)}</saml:AttributeValue></saml:Attribute>` +
      `<saml:Attribute Name="displayName"><saml:AttributeValue>${escapeXml(person.name)}</saml:AttributeValue></saml:Attribute>` +
      `</saml:AttributeStatement></saml:Assertion>`;
    const sha1 = fault === "sha1" || fault === "sha1-single-quoted";
    let signed = fault === "unsigned" ? assertion : sign(assertion, sha1 ? ALGORITHMS.sha1 : ALGORITHMS.sha256);
    // Quotes and comments are not part of what is signed (canonical XML drops comments and writes
    // attributes in double quotes): both edits keep the signature valid.
    if (fault === "sha1-single-quoted") signed = signed.replace(/\sAlgorithm="([^"]*)"/g, " Algorithm='$1'");
    if (fault === "comment-in-nameid") signed = signed.replace(/(<saml:NameID\b[^>]*>[^<.]*)\./, "$1<!---->.");
    return (
      `<samlp:Response xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${samlId()}" Version="2.0" ` +
      `IssueInstant="${instant(now)}" Destination="${escapeXml(acs)}" InResponseTo="${escapeXml(request.id)}">` +
      `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `${signed}</samlp:Response>`
    );
  }

  /** The assertion signed where SAML puts it (right after its Issuer), with the certificate in KeyInfo. */
  function sign(assertion: string, algorithm: { signature: string; digest: string }): string {
    const signer = new SignedXml({
      privateKey: key.privateKeyPem,
      publicCert: key.certPem,
      signatureAlgorithm: algorithm.signature,
      canonicalizationAlgorithm: EXC_C14N,
    });
    signer.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      digestAlgorithm: algorithm.digest,
      transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", EXC_C14N],
    });
    signer.computeSignature(assertion, {
      prefix: "ds",
      location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: "after" },
    });
    return signer.getSignedXml();
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    if (options.log) console.info(`[test-saml-idp] ${req.method} ${url.pathname}`);
    // The browser tests add a person of a domain they verified (a test tool's door, never a provider's).
    if (req.method === "POST" && url.pathname === "/_fake/people") {
      const person = JSON.parse(await body(req)) as Partial<TestSamlPerson>;
      if (!person.nameId || !person.email || !person.name) return void fail(res, 400, "nameId, email and name are required");
      people.push({ nameId: person.nameId, email: person.email, name: person.name });
      res.statusCode = 204;
      return void res.end();
    }
    if (req.method === "GET" && url.pathname === "/saml/metadata") {
      res.setHeader("content-type", "application/samlmetadata+xml");
      return void res.end(metadata);
    }
    if (req.method === "GET" && url.pathname === "/saml/sso") {
      const samlRequest = url.searchParams.get("SAMLRequest");
      if (!samlRequest) return void fail(res, 400, "SAMLRequest is missing");
      const relayState = url.searchParams.get("RelayState") ?? "";
      const hidden = `<input type="hidden" name="SAMLRequest" value="${escapeXml(samlRequest)}"><input type="hidden" name="RelayState" value="${escapeXml(relayState)}">`;
      const choices = people.map(
        (p) =>
          `<li><form method="post" action="/saml/login">${hidden}<input type="hidden" name="nameId" value="${escapeXml(p.nameId)}">` +
          `<button type="submit">Sign in as ${escapeXml(p.name)} (${escapeXml(p.email)})</button></form></li>`,
      );
      res.setHeader("content-type", "text/html; charset=utf-8");
      return void res.end(
        `<!doctype html><html lang="en"><head><title>Test SAML identity provider</title></head><body><main><h1>Test SAML identity provider</h1>` +
          `<p>Choose who you are (a test tool: no password).</p><ul>${choices.join("")}</ul></main></body></html>`,
      );
    }
    if (req.method === "POST" && url.pathname === "/saml/login") {
      const form = new URLSearchParams(await body(req));
      const person = people.find((p) => p.nameId === form.get("nameId"));
      if (!person) return void fail(res, 400, "no such person");
      const request = readAuthnRequest(form.get("SAMLRequest") ?? "");
      if (!request.acs || !request.issuer) return void fail(res, 400, "the AuthnRequest names no ACS or issuer");
      const samlResponse = Buffer.from(response(person, request, request.acs, request.issuer)).toString("base64");
      const relayState = form.get("RelayState") ?? "";
      res.setHeader("content-type", "text/html; charset=utf-8");
      return void res.end(
        `<!doctype html><html lang="en"><head><title>Signing you in</title></head><body onload="document.forms[0].submit()">` +
          `<form method="post" action="${escapeXml(request.acs)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}">` +
          (relayState ? `<input type="hidden" name="RelayState" value="${escapeXml(relayState)}">` : "") +
          `<noscript><button type="submit">Continue</button></noscript></form></body></html>`,
      );
    }
    fail(res, 404, "not found");
  }

  ready = true;
  return {
    entityId,
    metadataUrl: `${base}/saml/metadata`,
    metadata,
    hostPort: `127.0.0.1:${port}`,
    addPerson: (person) => void people.push(person),
    setFault: (next) => void (fault = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The auto-posting form of the provider's answer, read as a browser would submit it. */
export function readSamlPost(html: string): SamlPost {
  const acs = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(html)?.[1];
  if (!acs || !samlResponse) throw new Error(`not a SAML post form: ${html.slice(0, 200)}`);
  const relay = /name="RelayState" value="([^"]*)"/.exec(html)?.[1] ?? null;
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return { acs: unescape(acs), SAMLResponse: samlResponse, RelayState: relay === null ? null : unescape(relay) };
}

async function body(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function fail(res: http.ServerResponse, status: number, message: string) {
  res.statusCode = status;
  res.setHeader("content-type", "text/plain; charset=utf-8");
  res.end(message);
}
