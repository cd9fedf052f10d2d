import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { auditLog } from "./schema";
import { auditPorts } from "./ports";

const INVITING_ACTIONS = ["client.create", "client.person.invite", "client.person.resend_invitation"];

/**
 * Who sent a person's latest invitation, read from the audit entries that recorded it: the set-
 * password page names them (docs/PRODUCT.md#sign-in-reset-password-and-invitations). Null when no
 * entry names a sender any more (their user deleted).
 */
export async function invitationSenderOf(
  db: DbOrTx,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<{ name: string; firm: boolean } | null> {
  const { users } = await auditPorts();
  const [row] = await db
    .select({ name: users.name, email: users.email, role: users.role })
    .from(auditLog)
    .innerJoin(users.from, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.entityType, "client"),
        eq(auditLog.entityId, clientId),
        inArray(auditLog.action, INVITING_ACTIONS),
        sql`${auditLog.after}->>'userId' = ${userId}`,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row ? { name: row.name || row.email, firm: row.role === "admin" } : null;
}
