import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { API_TOKEN_PREFIX } from "@/lib/domain/api-scope";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 43 characters of 62: 256 bits, more than any guessing can cover, so a plain SHA-256 is enough. */
const SECRET_LENGTH = 43;

/** A new token: the secret to show once, the hash to store, and a hint to tell it apart in lists. */
export function newTokenSecret(): { secret: string; hash: string; hint: string } {
  // Rejection sampling: a byte ≥ 248 would favour the alphabet's first characters.
  let body = "";
  while (body.length < SECRET_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && body.length < SECRET_LENGTH) body += ALPHABET[byte % 62];
    }
  }
  const secret = `${API_TOKEN_PREFIX}${body}`;
  return { secret, hash: hashTokenSecret(secret), hint: `${API_TOKEN_PREFIX}${body.slice(0, 4)}…` };
}

export function hashTokenSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** A string shaped like one of our secrets: anything else is refused without a database read. */
export const looksLikeTokenSecret = (value: string) => new RegExp(`^${API_TOKEN_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`).test(value);
