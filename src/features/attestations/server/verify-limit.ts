import "server-only";
import { createHmac } from "node:crypto";
import type { DbOrTx } from "@/server/core/db/client";
import { authSecret } from "@/server/core/env";
import { clientIp, hitRateLimit } from "@/server/core/rate-limit";

/** Per client address: enough for anyone checking letters by hand, too few to walk the codes. */
export const LETTER_CHECK_RULE = { windowSeconds: 60, max: 20 };

/**
 * Counts one view of the public page against the visitor's address; false once over the limit.
 * The key is the address alone and is forgotten with its window: nothing ties it to a letter.
 */
export async function limitLetterChecks(db: DbOrTx, headers: Headers): Promise<boolean> {
  const { allowed } = await hitRateLimit(db, `verify:${clientIp(headers)}`, LETTER_CHECK_RULE);
  return allowed;
}

const VISIT_RULE = { windowSeconds: 24 * 60 * 60, max: 1 };

/**
 * Whether this is the visitor's first view of the letter in 24 hours (a visit, counted once). The
 * key holds a keyed hash of the address, never the address, and is forgotten with its window.
 */
export async function isFirstVisit(db: DbOrTx, code: string, address: string): Promise<boolean> {
  const visitor = createHmac("sha256", `letter-visit:${authSecret()}`).update(address).digest("base64url").slice(0, 22);
  const { allowed } = await hitRateLimit(db, `verify-visit:${code}:${visitor}`, VISIT_RULE);
  return allowed;
}
