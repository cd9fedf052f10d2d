import "server-only";
import { createHash, createPublicKey, X509Certificate } from "node:crypto";
import { eq } from "drizzle-orm";
import { CompactSign, compactVerify, decodeProtectedHeader, exportJWK, type JWK } from "jose";
import type { DbOrTx } from "@/server/core/db/client";
import { signingKeys } from "./schema";
import { signingKey } from "./keys";

/**
 * A compact JWS (EdDSA over Ed25519) of a JSON object, with the key's id in the header and its own
 * "typ" naming what it is (e.g. "attestation+jws"), so a token of one kind is never taken for another.
 */
export async function signJws(db: DbOrTx, payload: Record<string, unknown>, typ: string): Promise<string> {
  const key = await signingKey(db, "jws");
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: "EdDSA", kid: key.kid, typ })
    .sign(key.privateKey);
}

/**
 * A detached JWS (RFC 7515, appendix F) over a file's exact bytes: the compact form with its payload
 * part left empty ("header..signature"), so the file travels as it is beside it. Whoever holds the
 * file puts its base64url back between the dots and checks it against /.well-known/jwks.json.
 */
export async function signDetachedJws(db: DbOrTx, bytes: Uint8Array, typ: string): Promise<string> {
  const key = await signingKey(db, "jws");
  const token = await new CompactSign(bytes).setProtectedHeader({ alg: "EdDSA", kid: key.kid, typ }).sign(key.privateKey);
  const [header, , signature] = token.split(".");
  return `${header}..${signature}`;
}

/**
 * The firm's JWS public keys, current and retired (a retired key still verifies what it signed),
 * then the certificates of the keys that seal PDFs (sealed authorizations), each with its `x5c`
 * and `x5t#S256` (SHA-256 of the certificate's DER), so a client can pin the one its PDF names
 * (docs/DEPLOYMENT.md, "Pinning the PDF-sealing certificate").
 */
export async function publicJwks(db: DbOrTx): Promise<{ keys: JWK[] }> {
  await signingKey(db, "jws"); // a first request before any signature still finds a key
  await signingKey(db, "pdf");
  const rows = await db
    .select({
      kid: signingKeys.kid,
      purpose: signingKeys.purpose,
      publicKeyPem: signingKeys.publicKeyPem,
      certificatePem: signingKeys.certificatePem,
    })
    .from(signingKeys)
    .orderBy(signingKeys.createdAt);
  const jws = await Promise.all(
    rows
      .filter((row) => row.purpose === "jws")
      .map(async (row) => ({ ...(await exportJWK(createPublicKey(row.publicKeyPem))), kid: row.kid, alg: "EdDSA", use: "sig" })),
  );
  const pdf = await Promise.all(
    rows
      .filter((row) => row.purpose === "pdf" && row.certificatePem)
      .map(async (row) => {
        const certificate = new X509Certificate(row.certificatePem!);
        return {
          ...(await exportJWK(certificate.publicKey)),
          kid: row.kid,
          use: "sig",
          x5c: [certificate.raw.toString("base64")],
          "x5t#S256": createHash("sha256").update(certificate.raw).digest("base64url"),
        };
      }),
  );
  return { keys: [...jws, ...pdf] };
}

export type VerifiedJws = { payload: Record<string, unknown>; kid: string };

/** Verifies a token signed by one of the firm's JWS keys and of the given typ; null when it does not verify. */
export async function verifyJws(db: DbOrTx, token: string, typ: string): Promise<VerifiedJws | null> {
  let header;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return null;
  }
  if (header.alg !== "EdDSA" || header.typ !== typ || typeof header.kid !== "string") return null;
  const [row] = await db
    .select({ publicKeyPem: signingKeys.publicKeyPem })
    .from(signingKeys)
    .where(eq(signingKeys.kid, header.kid))
    .limit(1);
  if (!row) return null;
  try {
    const { payload } = await compactVerify(token, createPublicKey(row.publicKeyPem), { algorithms: ["EdDSA"] });
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payload));
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    return { payload: parsed as Record<string, unknown>, kid: header.kid };
  } catch {
    return null;
  }
}
