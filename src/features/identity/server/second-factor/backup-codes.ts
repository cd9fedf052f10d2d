import { randomInt } from "node:crypto";

/**
 * Capitals and digits without the glyphs people misread when copying a code from paper: no O or 0,
 * no I or 1 (and no lower case, so no l). 32 symbols, 10 of them a code: 50 bits each.
 */
export const BACKUP_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_COUNT = 10;
const CODE_LENGTH = 10;

/** Ten new backup codes, shown and typed as xxxxx-xxxxx (better-auth compares them exactly). */
export function generateBackupCodes(): string[] {
  return Array.from({ length: CODE_COUNT }, () => {
    const symbols = Array.from({ length: CODE_LENGTH }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join("");
    return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
  });
}
