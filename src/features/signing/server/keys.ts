import "server-only";
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, X509Certificate } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK } from "jose";
import { siteConfig } from "@/config/site";
import type { DbOrTx } from "@/server/core/db/client";
import { signingKeys } from "./schema";
import { serverEnv } from "@/server/core/env";
import { openSecret, sealSecret } from "@/server/core/sealed-secret";
import { selfSignedCertificate } from "./certificate";

export type SigningPurpose = "pdf" | "jws";

/** A key in use: its id (the JWK thumbprint), the private key, and for PDFs the certificate. */
export type SigningKey = {
  kid: string;
  purpose: SigningPurpose;
  privateKey: KeyObject;
  publicKey: KeyObject;
  certificatePem: string | null;
};

const SEAL_PURPOSE = "firm-signing-key";
// A key another instance rotated in is picked up within this time.
const CACHE_MS = 60_000;
const cache = new Map<SigningPurpose, { key: SigningKey; at: number }>();

export async function keyId(publicKey: KeyObject): Promise<string> {
  return calculateJwkThumbprint(await exportJWK(publicKey), "sha256");
}

type Candidate = { privateKey: KeyObject; publicKey: KeyObject; certificatePem: string | null; source: "generated" | "environment" };

/** The key the environment supplies for a purpose, checked (a key that does not fit its certificate is refused). */
function suppliedKey(purpose: SigningPurpose): Candidate | null {
  const { signing } = serverEnv();
  const pem = purpose === "pdf" ? signing.pdfKeyPem : signing.jwsKeyPem;
  if (!pem) return null;
  const name = purpose === "pdf" ? "SIGNING_PDF_KEY" : "SIGNING_JWS_KEY";
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new Error(`${name} is not a PEM private key.`);
  }
  const publicKey = createPublicKey(privateKey);
  if (purpose === "jws") {
    if (privateKey.asymmetricKeyType !== "ed25519") throw new Error("SIGNING_JWS_KEY must be an Ed25519 key.");
    return { privateKey, publicKey, certificatePem: null, source: "environment" };
  }
  if (privateKey.asymmetricKeyType !== "rsa") throw new Error("SIGNING_PDF_KEY must be an RSA key.");
  if (!signing.pdfCertPem) throw new Error("SIGNING_PDF_KEY needs its certificate in SIGNING_PDF_CERT.");
  const certificate = new X509Certificate(signing.pdfCertPem);
  if (!certificate.checkPrivateKey(privateKey)) throw new Error("SIGNING_PDF_CERT is not the certificate of SIGNING_PDF_KEY.");
  return { privateKey, publicKey, certificatePem: certificate.toString(), source: "environment" };
}

async function generatedKey(purpose: SigningPurpose): Promise<Candidate> {
  if (purpose === "jws") {
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    return { privateKey, publicKey, certificatePem: null, source: "generated" };
  }
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 3072 });
  return {
    privateKey,
    publicKey,
    certificatePem: await selfSignedCertificate(privateKey, publicKey, siteConfig.name),
    source: "generated",
  };
}

function opened(row: typeof signingKeys.$inferSelect): SigningKey {
  const privateKey = createPrivateKey(openSecret(row.privateKeySealed, SEAL_PURPOSE));
  return { kid: row.kid, purpose: row.purpose, privateKey, publicKey: createPublicKey(privateKey), certificatePem: row.certificatePem };
}

async function currentRow(db: DbOrTx, purpose: SigningPurpose) {
  const [row] = await db
    .select()
    .from(signingKeys)
    .where(and(eq(signingKeys.purpose, purpose), isNull(signingKeys.retiredAt)))
    .limit(1);
  return row;
}

/**
 * Makes sure a purpose has its key: the one the environment supplies (retiring the current one when
 * it differs), else the current one, else a new one. Instances starting together race on the
 * one-current-key index; the loser reads the winner's key, so every instance signs with the same.
 */
export async function ensureSigningKey(db: DbOrTx, purpose: SigningPurpose): Promise<SigningKey> {
  const supplied = suppliedKey(purpose);
  const current = await currentRow(db, purpose);
  if (current && (!supplied || current.kid === (await keyId(supplied.publicKey)))) return opened(current);
  const candidate = supplied ?? (await generatedKey(purpose));
  const kid = await keyId(candidate.publicKey);
  await db.transaction(async (tx) => {
    if (current) await tx.update(signingKeys).set({ retiredAt: new Date() }).where(eq(signingKeys.id, current.id));
    await tx
      .insert(signingKeys)
      .values({
        purpose,
        kid,
        publicKeyPem: candidate.publicKey.export({ type: "spki", format: "pem" }).toString(),
        certificatePem: candidate.certificatePem,
        privateKeySealed: sealSecret(candidate.privateKey.export({ type: "pkcs8", format: "pem" }).toString(), SEAL_PURPOSE),
        source: candidate.source,
      })
      .onConflictDoNothing();
  });
  const winner = await currentRow(db, purpose);
  if (!winner) throw new Error(`No ${purpose} signing key could be stored.`);
  if (candidate.source === "generated" && winner.kid === kid) console.info(`[signing] new ${purpose} signing key ${kid} generated`);
  return opened(winner);
}

/** The key in use for a purpose (created if none), cached for a minute. */
export async function signingKey(db: DbOrTx, purpose: SigningPurpose): Promise<SigningKey> {
  const hit = cache.get(purpose);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.key;
  const key = await ensureSigningKey(db, purpose);
  cache.set(purpose, { key, at: Date.now() });
  return key;
}

/** Every key of both purposes exists: run at start-up, after the migrations. */
export async function ensureSigningKeys(db: DbOrTx): Promise<void> {
  cache.clear();
  for (const purpose of ["pdf", "jws"] as const) cache.set(purpose, { key: await ensureSigningKey(db, purpose), at: Date.now() });
}

/** Test hook: forget the cached keys (after a rotation in the database or a changed environment). */
export function forgetSigningKeys(): void {
  cache.clear();
}

/** Retires the key in use for a purpose and makes a new one (docs/DEPLOYMENT.md#signing-keys). */
export async function rotateSigningKey(db: DbOrTx, purpose: SigningPurpose): Promise<SigningKey> {
  if (suppliedKey(purpose)) throw new Error(`The ${purpose} key comes from the environment: rotate it there.`);
  await db
    .update(signingKeys)
    .set({ retiredAt: new Date() })
    .where(and(eq(signingKeys.purpose, purpose), isNull(signingKeys.retiredAt)));
  cache.delete(purpose);
  return signingKey(db, purpose);
}
