import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { twoFactor } from "../schema";

// One code, one use (RFC 6238 §5.2): the time step of every accepted app code is remembered per
// user, and a code of that step or an earlier one is refused, so a code seen over a shoulder or
// in a proxy log cannot open a second session within its 90-second window.

export const TOTP_PERIOD_SECONDS = 30;
/** better-auth accepts the current step and one either side; so do we. */
const WINDOW = 1;

/** RFC 4226 HOTP with SHA-1 and 6 digits, keyed like better-auth's (the secret's UTF-8 bytes). */
function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", Buffer.from(secret, "utf8")).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(value % 1_000_000).padStart(6, "0");
}

/** The time step `code` belongs to (within the accepted window), or null when it matches none. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
  let matched: number | null = null;
  // Every candidate is compared, so the time taken does not tell which step matched.
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code))) matched = step;
  }
  return matched;
}

/**
 * Claims `step` for the user: true when it is newer than every step accepted before (and is now
 * the newest), false for a replay. One conditional UPDATE, so two requests racing with the same
 * code cannot both win.
 */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
    .returning({ id: twoFactor.id });
  return claimed.length > 0;
}
