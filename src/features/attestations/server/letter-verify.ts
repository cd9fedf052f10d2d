import "server-only";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/server/core/db/client";
import { attestationLetters } from "./schema";
import { formatLetterCode, parseLetterCode } from "./letter-code";
import type { LetterFacts } from "./letter-facts";
import { type LetterState, stateOf } from "./letter-state";
import { isFirstVisit } from "./verify-limit";

// What anyone holding a letter's code may read: the public page's look-up and a program's status check.

/** What the public page shows of a letter. */
export type VerifiedLetter = {
  facts: LetterFacts;
  jws: string;
  state: LetterState;
  revokedAt: Date | null;
  supersededAt: Date | null;
  supersededByCode: string | null;
  verifications: number;
};

/**
 * The public page's look-up (docs/PRODUCT.md#verifying-a-letter): the letter of a code, counted
 * once more (one increment; nothing about who asked is kept), and the newer letter's code when
 * superseded. Null for a code that is no letter's.
 */
export async function verifyLetter(db: DbOrTx, input: string, { visitor }: { visitor?: string } = {}): Promise<VerifiedLetter | null> {
  const code = parseLetterCode(input);
  if (!code) return null;
  // "Checked N×" counts visits: the first view per visitor address in 24 hours (docs/PRODUCT.md#verifying-a-letter).
  const counts = visitor !== undefined && (await isFirstVisit(db, code, visitor));
  const [row] = await db
    .update(attestationLetters)
    .set({ verifications: counts ? sql`${attestationLetters.verifications} + 1` : attestationLetters.verifications })
    .where(eq(attestationLetters.code, code))
    .returning({
      facts: attestationLetters.facts,
      jws: attestationLetters.jws,
      revokedAt: attestationLetters.revokedAt,
      supersededAt: attestationLetters.supersededAt,
      supersededById: attestationLetters.supersededById,
      verifications: attestationLetters.verifications,
    });
  if (!row) return null;
  let supersededByCode: string | null = null;
  if (row.supersededById) {
    const [newer] = await db
      .select({ code: attestationLetters.code, client: sql<string>`${attestationLetters.facts}->>'client'` })
      .from(attestationLetters)
      .where(eq(attestationLetters.id, row.supersededById))
      .limit(1);
    // Linked only when both name the client the same way: an anonymous letter never leads to one
    // that names the company (nor the other way round).
    supersededByCode = newer && newer.client === (row.facts as LetterFacts).client ? formatLetterCode(newer.code) : null;
  }
  return {
    facts: row.facts as LetterFacts,
    jws: row.jws,
    state: stateOf(row),
    revokedAt: row.revokedAt,
    supersededAt: row.supersededAt,
    supersededByCode,
    verifications: row.verifications,
  };
}

/**
 * A letter's state for a program holding its JWS (the `statusUrl` it signs): read only, no visit
 * counted, nothing of the letter's facts (a revoked letter publishes none). Null for a code that is
 * malformed or unknown.
 */
export async function letterStatus(db: DbOrTx, input: string) {
  const code = parseLetterCode(input);
  if (!code) return null;
  const newer = alias(attestationLetters, "newer");
  const [row] = await db
    .select({
      revokedAt: attestationLetters.revokedAt,
      supersededAt: attestationLetters.supersededAt,
      client: sql<string>`${attestationLetters.facts}->>'client'`,
      newerCode: newer.code,
      newerClient: sql<string | null>`${newer.facts}->>'client'`,
    })
    .from(attestationLetters)
    .leftJoin(newer, eq(newer.id, attestationLetters.supersededById))
    .where(eq(attestationLetters.code, code))
    .limit(1);
  if (!row) return null;
  return {
    code: formatLetterCode(code),
    state: stateOf(row).toLowerCase() as Lowercase<LetterState>,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    supersededAt: row.supersededAt?.toISOString() ?? null,
    // As on the page: only between letters that name the client the same way.
    supersededBy: row.newerCode && row.newerClient === row.client ? formatLetterCode(row.newerCode) : null,
  };
}
