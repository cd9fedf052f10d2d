import { beforeEach, describe, expect, it } from "vitest";
import { resetServerEnv } from "@/server/core/env";
import { decryptToken, encryptToken } from "@/features/square/server/token-crypto";

const SECRET = "unit-test-secret-unit-test-secret-0123456789";

beforeEach(() => {
  process.env.AUTH_SECRET = SECRET;
  resetServerEnv();
});

describe("Square token encryption (AES-256-GCM, key from AUTH_SECRET via HKDF)", () => {
  it("round-trips, with a fresh IV every time and no trace of the token", () => {
    const token = "EAAAl-raw-access-token-value";
    const a = encryptToken(token);
    const b = encryptToken(token);
    expect(a).not.toBe(b);
    expect(a).not.toContain(token);
    expect(a).not.toContain(Buffer.from(token).toString("base64url"));
    expect(decryptToken(a)).toBe(token);
    expect(decryptToken(b)).toBe(token);
  });

  it("refuses a tampered value and another secret's key", () => {
    const stored = encryptToken("EAAAl-token");
    const [v, iv, tag, data] = stored.split(".");
    // The first base64 character carries 6 full bits of the ciphertext: changing it changes a byte.
    const flipped = (data!.startsWith("A") ? "B" : "A") + data!.slice(1);
    expect(() => decryptToken([v, iv, tag, flipped].join("."))).toThrow();
    process.env.AUTH_SECRET = `${SECRET}-rotated`;
    resetServerEnv();
    expect(() => decryptToken(stored)).toThrow();
    expect(() => decryptToken("plain-token")).toThrow(/format/);
  });
});
