import "server-only";
import { createHash } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { apiIdempotencyKeys } from "./schema";
import { AppError } from "@/server/core/errors";

// Idempotency-Key on the API's POSTs (docs/PRODUCT.md#api-and-webhooks): a client that lost an
// answer sends the request again with the same key and gets the first answer, not a second change.

/** How long an answer is kept for a retry. */
const KEPT_HOURS = 24;
/** A request still running after this long is taken to have died with its instance: a retry may run it. */
const ABANDONED_SECONDS = 60;

const KEY_INVALID = "Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.";
export const KEY_REUSED = "This Idempotency-Key was already used with a different request. Send a new key for a new request.";
export const KEY_IN_FLIGHT = "A request with this Idempotency-Key is still being processed. Try again in a moment.";

export type IdempotentClaim = { kind: "run" } | { kind: "replay"; statusCode: number; body: string };

/** The request a key stands for: method, path and body, so the same key cannot stand for another. */
export const fingerprintOf = (method: string, path: string, body: string) =>
  createHash("sha256").update(`${method} ${path}\n${body}`).digest("hex");

/**
 * Takes the key for this request, or answers what the first request with it got. A key reused
 * for another request is a 422; one whose request is still running a 409.
 */
export async function claimIdempotencyKey(
  db: DbOrTx,
  { tokenId, key, fingerprint }: { tokenId: string; key: string; fingerprint: string },
): Promise<IdempotentClaim> {
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw new AppError("bad_request", KEY_INVALID, { fieldErrors: { "Idempotency-Key": KEY_INVALID } });
  // The token's expired keys go as it writes: no task has to sweep them.
  await db
    .delete(apiIdempotencyKeys)
    .where(
      and(eq(apiIdempotencyKeys.tokenId, tokenId), lt(apiIdempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEPT_HOURS})`)),
    );
  const inserted = await db
    .insert(apiIdempotencyKeys)
    .values({ tokenId, key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: apiIdempotencyKeys.key });
  if (inserted.length > 0) return { kind: "run" };

  const [row] = await db
    .select()
    .from(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.tokenId, tokenId), eq(apiIdempotencyKeys.key, key)))
    .limit(1);
  // Removed between the two statements (its request failed): this request may run it.
  if (!row) return claimIdempotencyKey(db, { tokenId, key, fingerprint });
  if (row.fingerprint !== fingerprint) throw new AppError("unprocessable", KEY_REUSED);
  if (row.statusCode !== null) return { kind: "replay", statusCode: row.statusCode, body: row.body ?? "" };
  const [taken] = await db
    .update(apiIdempotencyKeys)
    .set({ createdAt: new Date() })
    .where(
      and(
        eq(apiIdempotencyKeys.tokenId, tokenId),
        eq(apiIdempotencyKeys.key, key),
        isNull(apiIdempotencyKeys.statusCode),
        lt(apiIdempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_SECONDS})`),
      ),
    )
    .returning({ key: apiIdempotencyKeys.key });
  if (taken) return { kind: "run" };
  throw new AppError("conflict", KEY_IN_FLIGHT);
}

/** Keeps the answer of the request that ran, for the retries. */
export async function keepIdempotentAnswer(
  db: DbOrTx,
  { tokenId, key, statusCode, body }: { tokenId: string; key: string; statusCode: number; body: string },
): Promise<void> {
  await db
    .update(apiIdempotencyKeys)
    .set({ statusCode, body })
    .where(and(eq(apiIdempotencyKeys.tokenId, tokenId), eq(apiIdempotencyKeys.key, key)));
}

/** A request that failed leaves nothing done: its key is freed, so a retry runs it again. */
export async function releaseIdempotencyKey(db: DbOrTx, { tokenId, key }: { tokenId: string; key: string }): Promise<void> {
  await db
    .delete(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.tokenId, tokenId), eq(apiIdempotencyKeys.key, key), isNull(apiIdempotencyKeys.statusCode)));
}
