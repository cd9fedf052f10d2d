import { randomBytes } from "node:crypto";

// A letter's code: ten characters of Crockford's base32 (no I, L, O, U), 50 random bits, shown as
// two groups of five. Unguessable enough for a public page that is also rate-limited, short
// enough to read out or type from paper.

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const LETTER_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{10}$/;

export function newLetterCode(): string {
  const bytes = randomBytes(10);
  return [...bytes].map((byte) => ALPHABET[byte & 31]).join("");
}

/** "ABCDE-FGHJK": how a code is printed and put in its address. */
export const formatLetterCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/**
 * The stored form of a code as typed or read from an address: case, hyphens and spaces ignored, and
 * the letters Crockford reads as digits (I, L as 1; O as 0) taken as such. Null when it cannot be one.
 */
export function parseLetterCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  return LETTER_CODE_PATTERN.test(code) ? code : null;
}
