import "server-only";
import { SaxesParser, type SaxesTagNS } from "saxes";

// A posted SAMLResponse read by an XML parser (saxes, namespace-aware, no DTD, no entities but XML's
// own), never by regular expressions: an attribute in single quotes, another prefix or a default
// namespace, a comment or a CDATA section all read as the XML they are.

export type SamlResponseFacts = {
  inResponseTo: string | null;
  authnInstant: Date | null;
  /** A signature or digest by SHA-1 or an algorithm not known to be strong: refused. */
  weakAlgorithm: boolean;
  /** The assertion's subject, all its text: the plugin must have read the same. */
  nameId: string | null;
  /**
   * Refused whatever the plugin makes of it: "comment" for a comment or CDATA section anywhere (canonical
   * XML, what is signed, joins the text around them, while samlify reads only an element's first
   * text node: `kim-1<!---->.attacker`, signed for one person, would read as another), "malformed"
   * for a document that is not well-formed XML or declares a DOCTYPE.
   */
  refusal: "comment" | "malformed" | null;
};

const NS = {
  protocol: "urn:oasis:names:tc:SAML:2.0:protocol",
  assertion: "urn:oasis:names:tc:SAML:2.0:assertion",
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
// By local name, in any namespace: xml-crypto finds them so (local-name()), and so does samlify.
const STRONG_BY_ELEMENT: Record<string, Set<string>> = { SignatureMethod: STRONG_SIGNATURES, DigestMethod: STRONG_DIGESTS };

const MAX_ID = 256;
const MAX_DEPTH = 64;
const NOTHING: SamlResponseFacts = { inResponseTo: null, authnInstant: null, weakAlgorithm: false, nameId: null, refusal: null };

const attribute = (tag: SaxesTagNS, name: string): string | undefined => {
  const found = tag.attributes[name];
  return found && found.uri === "" ? found.value : undefined;
};

/** Reads an XML document once, element by element; null when it is not well-formed or declares a DOCTYPE. */
function readXml(
  xml: string,
  on: {
    open(tag: SaxesTagNS, path: readonly SaxesTagNS[]): void;
    text?(text: string, path: readonly SaxesTagNS[]): void;
    comment?(): void;
  },
): boolean {
  const parser = new SaxesParser({ xmlns: true });
  const path: SaxesTagNS[] = [];
  let ok = true;
  parser.on("error", () => void (ok = false));
  parser.on("doctype", () => void (ok = false));
  parser.on("opentag", (tag) => {
    if (path.length >= MAX_DEPTH) ok = false;
    if (ok) on.open(tag, path);
    path.push(tag);
  });
  parser.on("closetag", () => void path.pop());
  parser.on("text", (text) => on.text?.(text, path));
  parser.on("cdata", () => on.comment?.());
  parser.on("comment", () => on.comment?.());
  try {
    parser.write(xml).close();
  } catch {
    return false; // saxes throws the error after reporting it, when the handler does not
  }
  return ok;
}

/** The ID of the AuthnRequest (the document's root) in a redirect binding's SAMLRequest. */
export function authnRequestIdOf(xml: string): string | null {
  const root = { id: undefined as string | undefined };
  const ok = readXml(xml, {
    open(tag, path) {
      if (path.length === 0 && tag.local === "AuthnRequest" && tag.uri === NS.protocol) root.id = attribute(tag, "ID");
    },
  });
  return ok && root.id && root.id.length <= MAX_ID ? root.id : null;
}

/**
 * What our side needs of a posted SAMLResponse before the plugin checks it: the request it answers
 * (the root Response's InResponseTo), when the person signed in at the provider (the AuthnInstant
 * of the one AuthnStatement: several give no time, one signed and one not would be ambiguous), the
 * subject, and every signature's and digest's algorithm. Read without trusting it: the plugin then
 * refuses a response that is not signed, fresh and addressed to us, and only then does any fact count.
 */
export function samlResponseFacts(samlResponse: unknown): SamlResponseFacts {
  if (typeof samlResponse !== "string" || samlResponse.length > 512 * 1024) return NOTHING;
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  const root = { inResponseTo: null as string | null };
  const instants: (string | undefined)[] = [];
  const nameIds: string[] = [];
  let weakAlgorithm = false;
  let commented = false;
  const inNameId = (path: readonly SaxesTagNS[]) => {
    const [assertion, subject, nameId] = path.slice(-3);
    return nameId?.local === "NameID" && subject?.local === "Subject" && assertion?.local === "Assertion";
  };
  const ok = readXml(xml, {
    open(tag, path) {
      if (path.length === 0 && tag.local === "Response" && tag.uri === NS.protocol)
        root.inResponseTo = attribute(tag, "InResponseTo") ?? null;
      if (tag.local === "AuthnStatement") instants.push(tag.uri === NS.assertion ? attribute(tag, "AuthnInstant") : undefined);
      const strong = STRONG_BY_ELEMENT[tag.local];
      if (strong && !strong.has(attribute(tag, "Algorithm") ?? "")) weakAlgorithm = true;
      if (inNameId([...path, tag])) nameIds.push("");
    },
    text(text, path) {
      if (inNameId(path)) nameIds[nameIds.length - 1] += text;
    },
    comment: () => void (commented = true),
  });
  if (!ok) return { ...NOTHING, refusal: "malformed" };
  const instant = instants.length === 1 && instants[0] ? new Date(instants[0]) : null;
  return {
    inResponseTo: root.inResponseTo && root.inResponseTo.length <= MAX_ID ? root.inResponseTo : null,
    authnInstant: instant && !Number.isNaN(instant.getTime()) ? instant : null,
    weakAlgorithm,
    nameId: nameIds.length === 1 ? nameIds[0]! : null,
    refusal: commented ? "comment" : null,
  };
}
