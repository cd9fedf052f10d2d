import "server-only";
import { createHash, webcrypto, X509Certificate } from "node:crypto";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import * as asn1js from "asn1js";
import type { PDFDocument } from "pdf-lib";
import * as pkijs from "pkijs";
import type { DbOrTx } from "@/server/core/db/client";
import { serverEnv } from "@/server/core/env";
import { pkijsEngine, RSA_SIGNATURE } from "./certificate";
import { type SigningKey, signingKey } from "./keys";
import { requestTimestamp } from "./timestamp";

// PAdES baseline signatures (ETSI EN 319 142-1, level B-B, or B-T with a timestamp authority):
// the PDF's /Contents holds a detached CMS SignedData over its byte ranges, whose signed attributes
// are the content type, the message digest and the signing certificate (ESS signing-certificate-v2),
// and no signing time (PAdES takes it from the signature dictionary's /M).

const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
} as const;

// The CMS with a 3072-bit key, the certificate and a timestamp token fits in well under this.
const SIGNATURE_BYTES = 16_384;

function sha256(data: Uint8Array): Buffer {
  return createHash("sha256").update(data).digest();
}

/** ESS signing-certificate-v2 (RFC 5035) naming the signer's certificate by its SHA-256 hash and issuer/serial. */
function signingCertificateV2(certificate: pkijs.Certificate, certificateDer: Uint8Array): asn1js.Sequence {
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [certificate.issuer.toSchema()] })],
      }),
      certificate.serialNumber,
    ],
  });
  // hashAlgorithm is left out: SHA-256 is its DEFAULT.
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: sha256(certificateDer) }), issuerSerial] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/** The detached CMS SignedData of a PDF's signed bytes. */
export async function cmsSignature(content: Buffer, key: SigningKey, timestampAuthorityUrl?: string): Promise<Buffer> {
  pkijsEngine();
  if (!key.certificatePem) throw new Error("The PDF signing key has no certificate.");
  const certificateDer = new X509Certificate(key.certificatePem).raw;
  const certificate = pkijs.Certificate.fromBER(certificateDer);
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
            new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: sha256(content) })] }),
            new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(certificate, certificateDer)] }),
          ],
        }),
      }),
    ],
    certificates: [certificate],
  });
  const privateKey = await webcrypto.subtle.importKey(
    "pkcs8",
    key.privateKey.export({ type: "pkcs8", format: "der" }),
    RSA_SIGNATURE,
    false,
    ["sign"],
  );
  await signedData.sign(privateKey as CryptoKey, 0, "SHA-256");
  if (timestampAuthorityUrl) {
    const signerInfo = signedData.signerInfos[0]!;
    const token = await requestTimestamp(timestampAuthorityUrl, sha256(signerInfo.signature.valueBlock.valueHexView));
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [token.toSchema()] })],
    });
  }
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER(false));
}

class FirmSigner extends Signer {
  constructor(
    private readonly key: SigningKey,
    private readonly timestampAuthorityUrl: string | undefined,
  ) {
    super();
  }
  async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cmsSignature(pdfBuffer, this.key, this.timestampAuthorityUrl);
  }
}

export type PdfSignatureDetails = { reason: string; location?: string; contactInfo?: string; signingTime?: Date };

/**
 * Seals a PDF with the firm's signature: any change to the signed bytes afterwards makes the
 * signature fail in a PDF reader and in `pdfsig`. Adds a timestamp when TIMESTAMP_AUTHORITY_URL is set.
 */
export async function signPdf(db: DbOrTx, pdfDoc: PDFDocument, details: PdfSignatureDetails): Promise<Buffer> {
  const key = await signingKey(db, "pdf");
  const env = serverEnv();
  pdflibAddPlaceholder({
    pdfDoc,
    reason: details.reason,
    contactInfo: details.contactInfo ?? "",
    name: new X509Certificate(key.certificatePem!).subject.replace(/^CN=/, ""),
    location: details.location ?? "",
    signingTime: details.signingTime,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  // Object streams would hide the placeholder from the byte-range search.
  const unsigned = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
  return new SignPdf().sign(unsigned, new FirmSigner(key, env.signing.timestampAuthorityUrl));
}
