import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "./env";
import { installColumnSealer } from "./db/schema/sealed-column";

// A secret kept in the database: AES-256-GCM under a key derived from AUTH_SECRET with HKDF, one
// "purpose" per kind of secret (so no key serves two), a random 96-bit IV per value, and the GCM
// tag that makes any change to the stored text fail loudly. Stored as "v1.<iv>.<tag>.<data>".
// Every instance shares AUTH_SECRET, so every instance opens what another sealed.

const VERSION = "v1";

function key(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), Buffer.alloc(0), purpose, 32));
}

export function sealSecret(plain: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(purpose), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

export function openSecret(stored: string, purpose: string): string {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Unrecognised sealed secret format.");
  const decipher = createDecipheriv("aes-256-gcm", key(purpose), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

// The sealed columns (db/schema/sealed-column.ts) seal and open through these.
installColumnSealer({ seal: sealSecret, open: openSecret });
