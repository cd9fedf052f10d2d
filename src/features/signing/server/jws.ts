import "server-only";
import { createPublicKey } from "node:crypto";
import { eq } from "drizzle-orm";
import { CompactSign, compactVerify, decodeProtectedHeader, exportJWK, type JWK } from "jose";
import type { DbOrTx } from "@/server/core/db/client";
import { signingKeys } from "@/server/core/db/schema";
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

/** The firm's JWS public keys, current and retired (a retired key still verifies what it signed). */
export async function publicJwks(db: DbOrTx): Promise<{ keys: JWK[] }> {
  await signingKey(db, "jws"); // a first request before any signature still finds a key
  const rows = await db
    .select({ kid: signingKeys.kid, publicKeyPem: signingKeys.publicKeyPem })
    .from(signingKeys)
    .where(eq(signingKeys.purpose, "jws"))
    .orderBy(signingKeys.createdAt);
  const keys = await Promise.all(
    rows.map(async (row) => ({ ...(await exportJWK(createPublicKey(row.publicKeyPem))), kid: row.kid, alg: "EdDSA", use: "sig" })),
  );
  return { keys };
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
