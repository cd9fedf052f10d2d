// A software WebAuthn authenticator (ES256, "none" attestation) for driving better-auth's passkey
// endpoints from tests as a browser would: it answers the server's own options with a real key
// pair, so the endpoints verify real signatures against the real challenge and origin.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** The few CBOR shapes WebAuthn needs: unsigned and negative integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

export type SoftCredential = { id: Uint8Array; privateKey: KeyObject; publicKeyCose: Buffer; counter: number };

function newCredential(): SoftCredential {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const publicKeyCose = cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  return { id: randomBytes(16), privateKey, publicKeyCose, counter: 0 };
}

const UP = 0x01;
const UV = 0x04;
/** `userVerified: false` plays an authenticator that proved possession only (no PIN, no biometric). */
type Verification = { userVerified?: boolean };
const flagsOf = ({ userVerified = true }: Verification) => UP | (userVerified ? UV : 0);
const ATTESTED = 0x40;

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The registration response for the server's options: a new credential and what to send back. */
export function createCredential(options: { challenge: string; rp: { id?: string } }, origin: string, verification: Verification = {}) {
  const credential = newCredential();
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credential.id.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, Buffer.from(credential.id), credential.publicKeyCose]);
  const attestationObject = cbor(
    new Map<string, Cbor>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData(options.rp.id ?? new URL(origin).hostname, flagsOf(verification) | ATTESTED, 0, attested)],
    ]),
  );
  const response = {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: "public-key",
    authenticatorAttachment: "platform",
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    },
  };
  return { credential, response };
}

/** The assertion of `credential` for the server's sign-in options. */
export function assert(
  credential: SoftCredential,
  options: { challenge: string; rpId?: string },
  origin: string,
  verification: Verification = {},
) {
  credential.counter += 1;
  const data = authData(options.rpId ?? new URL(origin).hostname, flagsOf(verification), credential.counter);
  const client = clientData("webauthn.get", options.challenge, origin);
  const signature = sign("sha256", Buffer.concat([data, sha256(client)]), credential.privateKey);
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: "public-key",
    authenticatorAttachment: "platform",
    clientExtensionResults: {},
    response: { clientDataJSON: b64url(client), authenticatorData: b64url(data), signature: b64url(signature) },
  };
}
