import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { attestationLetters } from "./schema";

// A company's letters as another slice offers them (the share room): the current ones to choose
// from, and one letter of the company with its signed facts and state.

/** The company's current letters (neither replaced nor revoked), newest first, at most 100. */
export async function listCurrentLettersOfCompany(
  db: DbOrTx,
  clientId: string,
): Promise<{ id: string; code: string; projectId: string }[]> {
  return db
    .select({ id: attestationLetters.id, code: attestationLetters.code, projectId: attestationLetters.projectId })
    .from(attestationLetters)
    .where(and(eq(attestationLetters.clientId, clientId), isNull(attestationLetters.revokedAt), isNull(attestationLetters.supersededAt)))
    .orderBy(desc(attestationLetters.issuedAt))
    .limit(100);
}

/** One letter of the company (null for another company's) with its facts, signature and state. */
export async function letterOfCompany(db: DbOrTx, { clientId, letterId }: { clientId: string; letterId: string }) {
  const [row] = await db
    .select({
      code: attestationLetters.code,
      facts: attestationLetters.facts,
      jws: attestationLetters.jws,
      projectId: attestationLetters.projectId,
      revokedAt: attestationLetters.revokedAt,
      supersededAt: attestationLetters.supersededAt,
    })
    .from(attestationLetters)
    .where(and(eq(attestationLetters.id, letterId), eq(attestationLetters.clientId, clientId)))
    .limit(1);
  return row ?? null;
}
