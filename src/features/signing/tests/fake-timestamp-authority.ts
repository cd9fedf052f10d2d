// A timestamp authority on loopback for the tests (RFC 3161 over HTTP): answers a TimeStampReq
// with a token signed by its own key, or, as told, a refusal or a token carrying another nonce.
import { createHash, generateKeyPairSync, webcrypto } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { pkijsEngine, RSA_SIGNATURE, selfSignedCertificate } from "@/features/signing/server/certificate";

const TST_INFO = "1.2.840.113549.1.9.16.1.4";

export type FakeTsaMode = "grant" | "refuse" | "wrong-nonce";

export async function startFakeTimestampAuthority() {
  pkijsEngine();
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = await selfSignedCertificate(privateKey, publicKey, "Test Timestamp Authority");
  const certificate = pkijs.Certificate.fromBER(Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ""), "base64"));
  const key = await webcrypto.subtle.importKey("pkcs8", privateKey.export({ type: "pkcs8", format: "der" }), RSA_SIGNATURE, false, [
    "sign",
  ]);
  const state = { mode: "grant" as FakeTsaMode, requests: 0 };

  async function answer(body: Buffer): Promise<Buffer> {
    const request = pkijs.TimeStampReq.fromBER(new Uint8Array(body));
    if (state.mode === "refuse") {
      return Buffer.from(new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 2 }) }).toSchema().toBER(false));
    }
    const nonce = state.mode === "wrong-nonce" ? new asn1js.Integer({ value: 42 }) : request.nonce;
    const info = new pkijs.TSTInfo({
      version: 1,
      policy: "1.3.6.1.4.1.99999.1",
      messageImprint: request.messageImprint,
      serialNumber: new asn1js.Integer({ value: ++state.requests }),
      genTime: new Date(),
      ordering: false,
      nonce,
    });
    const infoDer = info.toSchema().toBER(false);
    const signed = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: TST_INFO,
        eContent: new asn1js.OctetString({ valueHex: infoDer }),
      }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({ type: "1.2.840.113549.1.9.3", values: [new asn1js.ObjectIdentifier({ value: TST_INFO })] }),
              new pkijs.Attribute({
                type: "1.2.840.113549.1.9.4",
                values: [new asn1js.OctetString({ valueHex: createHash("sha256").update(Buffer.from(infoDer)).digest() })],
              }),
            ],
          }),
        }),
      ],
      certificates: [certificate],
    });
    await signed.sign(key as CryptoKey, 0, "SHA-256");
    const token = new pkijs.ContentInfo({ contentType: "1.2.840.113549.1.7.2", content: signed.toSchema(true) });
    return Buffer.from(
      new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 0 }), timeStampToken: token }).toSchema().toBER(false),
    );
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      answer(Buffer.concat(chunks)).then(
        (der) => res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(der),
        () => res.writeHead(400).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
