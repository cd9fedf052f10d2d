// The step a code belongs to, checked against RFC 6238's own test vectors (SHA-1, the ASCII secret
// "12345678901234567890", the 8-digit values cut to the 6 digits an authenticator app shows).
import { describe, expect, it } from "vitest";
import { totpStepOf } from "@/features/identity/server/second-factor/totp-replay";

const SECRET = "12345678901234567890";
const VECTORS: [seconds: number, code: string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
];

describe("totpStepOf", () => {
  it("finds the 30-second step of each RFC 6238 code at its own time", () => {
    for (const [seconds, code] of VECTORS) expect(totpStepOf(SECRET, code, seconds * 1000), `${seconds}`).toBe(Math.floor(seconds / 30));
  });

  it("accepts one step either side and nothing further", () => {
    const [seconds, code] = VECTORS[3]!;
    expect(totpStepOf(SECRET, code, (seconds + 30) * 1000)).toBe(Math.floor(seconds / 30));
    expect(totpStepOf(SECRET, code, (seconds - 30) * 1000)).toBe(Math.floor(seconds / 30));
    expect(totpStepOf(SECRET, code, (seconds + 90) * 1000)).toBeNull();
  });

  it("matches nothing for a wrong code or anything that is not six digits", () => {
    const [seconds] = VECTORS[0]!;
    for (const code of ["287083", "28708", "2870822", "abcdef", ""]) expect(totpStepOf(SECRET, code, seconds * 1000), code).toBeNull();
  });
});
