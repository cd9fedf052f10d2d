import "server-only";
import { createHash, randomBytes } from "node:crypto";

// The share room's secrets and codes. A sign-in link's token and a session's cookie are 256 random
// bits; only their SHA-256 is stored. A copy's code is 60 random bits of Crockford's base32 (no I,
// L, O, U), twelve characters printed as three groups of four: longer than a letter's ten, so the
// one /verify page tells them apart by their length.

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const COPY_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{12}$/;

export const newSecret = () => randomBytes(32).toString("base64url");
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
export const sha256Hex = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

export function newCopyCode(): string {
  return [...randomBytes(12)].map((byte) => ALPHABET[byte & 31]).join("");
}

/** "ABCD-EFGH-JKMN": how a copy's code is printed and put in its address. */
export const formatCopyCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;

/** The stored form of a code as typed (case, hyphens and spaces ignored; I, L read as 1, O as 0), or null. */
export function parseCopyCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  return COPY_CODE_PATTERN.test(code) ? code : null;
}
