import "server-only";
import type { DbOrTx } from "@/server/core/db/client";
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
