import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "@/server/core/env";

// Square tokens at rest: AES-256-GCM under a key derived from AUTH_SECRET with HKDF (its own
// "info", so the key is used for nothing else), a random 96-bit IV per value, and the GCM tag that
// makes any change to the stored text fail loudly. Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url).

const VERSION = "v1";
const INFO = "square-oauth-token-encryption";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), Buffer.alloc(0), INFO, 32));
}

export function encryptToken(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

export function decryptToken(stored: string): string {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Unrecognised encrypted token format.");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
