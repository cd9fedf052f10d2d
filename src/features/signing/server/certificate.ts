import "server-only";
import { type KeyObject, webcrypto } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

// pkijs builds X.509 and CMS structures on WebCrypto; Node's is the one engine it needs.
let engineSet = false;
export function pkijsEngine(): void {
  if (engineSet) return;
  pkijs.setEngine("node", new pkijs.CryptoEngine({ name: "node", crypto: webcrypto as unknown as Crypto }));
  engineSet = true;
}

export const RSA_SIGNATURE = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;
const CERTIFICATE_YEARS = 10;

/**
 * A self-signed certificate for the firm's PDF key: who signed is the firm's own claim, and what
 * makes a sealed document trustworthy is that its signature verifies against this certificate,
 * which the firm can publish (docs/DEPLOYMENT.md#signing-keys). A firm that has a certificate from
 * a CA supplies it instead.
 */
export async function selfSignedCertificate(privateKey: KeyObject, publicKey: KeyObject, commonName: string): Promise<string> {
  pkijsEngine();
  const subtle = webcrypto.subtle;
  const signingKey = await subtle.importKey("pkcs8", privateKey.export({ type: "pkcs8", format: "der" }), RSA_SIGNATURE, false, ["sign"]);
  const verifyingKey = await subtle.importKey("spki", publicKey.export({ type: "spki", format: "der" }), RSA_SIGNATURE, true, ["verify"]);
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  const serial = webcrypto.getRandomValues(new Uint8Array(16));
  serial[0]! &= 0x7f; // a positive INTEGER
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial });
  const name = new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: commonName }) });
  certificate.issuer.typesAndValues.push(name);
  certificate.subject.typesAndValues.push(name);
  const now = new Date();
  certificate.notBefore.value = now;
  certificate.notAfter.value = new Date(Date.UTC(now.getUTCFullYear() + CERTIFICATE_YEARS, now.getUTCMonth(), now.getUTCDate()));
  // keyUsage: digitalSignature and nonRepudiation (what a document signature is for).
  const keyUsage = new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 });
  certificate.extensions = [
    new pkijs.Extension({ extnID: "2.5.29.15", critical: true, extnValue: keyUsage.toBER(false), parsedValue: keyUsage }),
  ];
  await certificate.subjectPublicKeyInfo.importKey(verifyingKey);
  await certificate.sign(signingKey, "SHA-256");
  const der = Buffer.from(certificate.toSchema(true).toBER(false));
  return `-----BEGIN CERTIFICATE-----\n${der
    .toString("base64")
    .replace(/(.{64})/g, "$1\n")
    .trimEnd()}\n-----END CERTIFICATE-----\n`;
}
