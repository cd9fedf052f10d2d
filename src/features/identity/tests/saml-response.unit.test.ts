// A posted SAMLResponse read by the XML parser before the plugin checks it
// (src/features/identity/server/sso/saml-response.ts): the same facts whatever the quotes, prefixes
// or default namespaces; a comment or CDATA section, a DOCTYPE or broken XML refused; every
// signature and digest algorithm checked.
import { describe, expect, it } from "vitest";
import { authnRequestIdOf, samlResponseFacts } from "@/features/identity/server/sso/saml-response";

const P = "urn:oasis:names:tc:SAML:2.0:protocol";
const A = "urn:oasis:names:tc:SAML:2.0:assertion";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
const RSA_SHA1 = "http://www.w3.org/2000/09/xmldsig#rsa-sha1";
const SHA1 = "http://www.w3.org/2000/09/xmldsig#sha1";

const signature = (method = `Algorithm="${RSA_SHA256}"`, digest = `Algorithm="${SHA256}"`, prefix = "ds") =>
  `<${prefix}:Signature xmlns:${prefix}="${DS}"><${prefix}:SignedInfo><${prefix}:SignatureMethod ${method}/>` +
  `<${prefix}:Reference URI="#a"><${prefix}:DigestMethod ${digest}/><${prefix}:DigestValue>x</${prefix}:DigestValue>` +
  `</${prefix}:Reference></${prefix}:SignedInfo></${prefix}:Signature>`;

const response = ({ nameId = "kim-1", sig = signature(), statements = 1, head = "" } = {}) =>
  `${head}<samlp:Response xmlns:samlp="${P}" xmlns:saml="${A}" ID="r" InResponseTo="_req1">` +
  `<saml:Assertion ID="a"><saml:Issuer>idp</saml:Issuer>${sig}` +
  `<saml:Subject><saml:NameID>${nameId}</saml:NameID></saml:Subject>` +
  `<saml:AuthnStatement AuthnInstant="2026-11-29T10:00:00Z"/>`.repeat(statements) +
  `</saml:Assertion></samlp:Response>`;

const facts = (xml: string) => samlResponseFacts(Buffer.from(xml).toString("base64"));

describe("a SAML response's facts", () => {
  it("reads the request it answers, the sign-in time and the subject", () => {
    expect(facts(response())).toEqual({
      inResponseTo: "_req1",
      authnInstant: new Date("2026-11-29T10:00:00Z"),
      weakAlgorithm: false,
      nameId: "kim-1",
      refusal: null,
    });
  });

  it("reads the same through default namespaces, other prefixes and single-quoted attributes", () => {
    const xml =
      `<Response xmlns='${P}' InResponseTo='_req1'><a:Assertion xmlns:a='${A}'>` +
      signature(`Algorithm='${RSA_SHA256}'`, `Algorithm='${SHA256}'`, "sig") +
      `<a:Subject><a:NameID>kim&#45;1</a:NameID></a:Subject><a:AuthnStatement AuthnInstant='2026-11-29T10:00:00Z'/></a:Assertion></Response>`;
    expect(facts(xml)).toMatchObject({ inResponseTo: "_req1", authnInstant: new Date("2026-11-29T10:00:00Z"), nameId: "kim-1" });
    expect(facts(xml).weakAlgorithm).toBe(false);
  });

  it("takes InResponseTo only from a protocol Response at the root", () => {
    const foreign = `<x:Response xmlns:x="urn:example:other" InResponseTo="_req1"><x:Assertion/></x:Response>`;
    expect(facts(foreign).inResponseTo).toBeNull();
    const nested = `<w xmlns:samlp="${P}"><samlp:Response InResponseTo="_req1"/></w>`;
    expect(facts(nested).inResponseTo).toBeNull();
  });

  it.each([
    ["SHA-1 signature, double quotes", signature(`Algorithm="${RSA_SHA1}"`)],
    ["SHA-1 signature, single quotes", signature(`Algorithm='${RSA_SHA1}'`)],
    ["SHA-1 digest, single quotes", signature(undefined, `Algorithm='${SHA1}'`)],
    ["SHA-1 under a default namespace", signature(`Algorithm="${RSA_SHA1}"`).replace(/ds:/g, "").replace("xmlns:ds", "xmlns")],
    [
      "SHA-1 in a foreign namespace (xml-crypto reads by local name)",
      signature(`Algorithm="${RSA_SHA1}"`, undefined, "q").replace(DS, "urn:x"),
    ],
    ["no algorithm named", signature("Other='x'")],
    ["an algorithm in another attribute's namespace", signature(`xmlns:e="urn:e" e:Algorithm="${RSA_SHA256}"`)],
  ])("counts as weak: %s", (_what, sig) => {
    expect(facts(response({ sig })).weakAlgorithm).toBe(true);
  });

  it("refuses a comment or CDATA section, reading the subject whole as the signature covers it", () => {
    const commented = facts(response({ nameId: "kim-1<!---->.attacker" }));
    expect(commented).toMatchObject({ refusal: "comment", nameId: "kim-1.attacker" });
    expect(facts(response({ nameId: "kim-1<![CDATA[.attacker]]>" }))).toMatchObject({ refusal: "comment", nameId: "kim-1" });
    expect(facts(response({ head: "<!-- generated -->" })).refusal).toBe("comment");
  });

  it("refuses a DOCTYPE, an unknown entity and broken XML", () => {
    expect(facts(`<!DOCTYPE r [<!ENTITY e "kim-1">]>${response({ nameId: "&e;" })}`).refusal).toBe("malformed");
    expect(facts(response({ nameId: "&e;" })).refusal).toBe("malformed");
    expect(facts(response().slice(0, -5)).refusal).toBe("malformed");
    expect(facts(response({ nameId: "<u:x/>" })).refusal).toBe("malformed"); // an unbound prefix
  });

  it("gives no time for several AuthnStatements and no subject for several NameIDs", () => {
    expect(facts(response({ statements: 2 })).authnInstant).toBeNull();
    const twice = response().replace("</saml:Assertion>", `<saml:Subject><saml:NameID>lee-1</saml:NameID></saml:Subject></saml:Assertion>`);
    expect(facts(twice).nameId).toBeNull();
  });

  it("reads nothing from what is not a bounded string", () => {
    const nothing = { inResponseTo: null, authnInstant: null, weakAlgorithm: false, nameId: null, refusal: null };
    expect(samlResponseFacts(undefined)).toEqual(nothing);
    expect(samlResponseFacts("x".repeat(512 * 1024 + 1))).toEqual(nothing);
  });
});

describe("an AuthnRequest's ID", () => {
  it("is read from the protocol's AuthnRequest at the root, quoted either way", () => {
    expect(authnRequestIdOf(`<samlp:AuthnRequest xmlns:samlp="${P}" ID="_a1"/>`)).toBe("_a1");
    expect(authnRequestIdOf(`<AuthnRequest xmlns='${P}' ID='_a2'/>`)).toBe("_a2");
    expect(authnRequestIdOf(`<AuthnRequest xmlns="urn:other" ID="_a3"/>`)).toBeNull();
    expect(authnRequestIdOf(`<AuthnRequest xmlns="${P}" ID="${"x".repeat(257)}"/>`)).toBeNull();
  });
});
