import "server-only";
import { eq } from "drizzle-orm";
import { siteConfig } from "@/config/site";
import type { DbOrTx } from "@/server/core/db/client";
import { clientPeople, clients } from "./schema";
import { userFacts } from "@/features/identity/server";
import { invitationSenderOf } from "@/features/audit/server";

export type InvitationContext = { personName: string; email: string; company: string; invitedBy: string | null };

/**
 * Whom an invitation link is for, for its set-password page (docs/PRODUCT.md#sign-in-reset-password-and-invitations):
 * the person, their company and who invited them. Asked only with the user of a usable link (the
 * link is the invitee's proof), so it reveals nothing to anyone else. Null for a user who is not a
 * client person (an admin's reset link).
 */
export async function getInvitationContext(db: DbOrTx, { userId }: { userId: string }): Promise<InvitationContext | null> {
  const users = userFacts(db);
  const [row] = await db
    .select({ personName: users.name, email: users.email, company: clients.company, clientId: clients.id })
    .from(clientPeople)
    .innerJoin(users, eq(users.userId, clientPeople.userId))
    .innerJoin(clients, eq(clients.id, clientPeople.clientId))
    .where(eq(clientPeople.userId, userId))
    .limit(1);
  if (!row) return null;
  const sender = await invitationSenderOf(db, { clientId: row.clientId, userId });
  const invitedBy = sender ? (sender.firm ? `${sender.name} of ${siteConfig.name}` : sender.name) : null;
  return { personName: row.personName, email: row.email, company: row.company, invitedBy };
}
