import "server-only";
import { randomBytes } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { pkijsEngine } from "./certificate";

const SHA256_OID = "2.16.840.1.101.3.4.2.1";
const TIMEOUT_MS = 15_000;

/** A random nonce (a positive 64-bit integer) the answer must carry back. */
function timestampNonce(): Uint8Array {
  const nonce = randomBytes(8);
  nonce[0]! &= 0x7f;
  return nonce;
}

/**
 * Asks an RFC 3161 timestamp authority to timestamp a SHA-256 hash; answers its token (a CMS
 * ContentInfo). A refusal, a wrong nonce or a token for another hash fails the signature rather
 * than leaving it silently without a time.
 */
export async function requestTimestamp(url: string, hash: Uint8Array): Promise<pkijs.ContentInfo> {
  pkijsEngine();
  const nonce = timestampNonce();
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256_OID }),
      hashedMessage: new asn1js.OctetString({ valueHex: hash }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/timestamp-query" },
    body: Buffer.from(request.toSchema().toBER(false)),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`The timestamp authority answered ${response.status}.`);
  const answer = pkijs.TimeStampResp.fromBER(await response.arrayBuffer());
  if (answer.status.status > 1 || !answer.timeStampToken)
    throw new Error(`The timestamp authority refused (status ${answer.status.status}).`);
  const info = pkijs.TSTInfo.fromBER(new pkijs.SignedData({ schema: answer.timeStampToken.content }).encapContentInfo.eContent!.getValue());
  if (!Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(Buffer.from(hash))) {
    throw new Error("The timestamp authority stamped another hash.");
  }
  if (!info.nonce || !Buffer.from(info.nonce.valueBlock.valueHexView).equals(Buffer.from(nonce))) {
    throw new Error("The timestamp authority's answer does not carry our nonce.");
  }
  return answer.timeStampToken;
}
