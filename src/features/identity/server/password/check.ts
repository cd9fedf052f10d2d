import "server-only";
import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { account } from "@/features/identity/server/schema";

/** Whether `password` is the user's current password (the credential account's hash; none: false). */
export async function passwordMatches(db: DbOrTx, userId: string, password: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  return Boolean(row?.hash) && (await verifyPassword({ hash: row!.hash!, password }));
}
