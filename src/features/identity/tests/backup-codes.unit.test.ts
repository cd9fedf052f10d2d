import { describe, expect, it } from "vitest";
import { BACKUP_CODE_ALPHABET, generateBackupCodes } from "@/features/identity/server/second-factor/backup-codes";
import { backupCodeSchema } from "@/features/identity/validation/account";

describe("backup codes", () => {
  it("are ten distinct xxxxx-xxxxx codes without look-alike glyphs, accepted by the sign-in form's schema", () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      expect(code).not.toMatch(/[O0I1l]/);
      expect(backupCodeSchema.parse(code)).toBe(code);
      // Typed without its dash, the form restores it.
      expect(backupCodeSchema.parse(code.replace("-", ""))).toBe(code);
    }
  });

  it("draw from the whole alphabet of 32 symbols", () => {
    const drawn = Array.from({ length: 10 }, generateBackupCodes).flat().join("").replaceAll("-", "");
    expect(BACKUP_CODE_ALPHABET).toHaveLength(32);
    // 1,000 draws: every symbol shows (the chance one never does is about 32 × (31/32)^1000, under 1e-12).
    expect(new Set(drawn).size).toBe(32);
  });
});
