import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { clients, user } from "../../db/schema";

// Square invoices are addressed to Square customers; ours belong to clients. The link is the
// email: a client's contact address, or the sign-in address of its user (contact address wins
// when the two name different clients).

export async function loadClientEmailIndex(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db
    .select({ clientId: clients.id, contactEmail: clients.contactEmail, userEmail: user.email })
    .from(clients)
    .innerJoin(user, eq(user.id, clients.userId));
  const index = new Map<string, string>();
  for (const row of rows) index.set(row.userEmail.trim().toLowerCase(), row.clientId);
  for (const row of rows) index.set(row.contactEmail.trim().toLowerCase(), row.clientId);
  return index;
}

/** The customer's current email (looked up at Square), else the email on the invoice's recipient. */
export function recipientEmail(customerEmail: string | null | undefined, snapshotEmail: string | null): string | null {
  return customerEmail || snapshotEmail || null;
}
