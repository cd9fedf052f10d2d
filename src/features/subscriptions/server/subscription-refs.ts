import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { clientSubscriptions } from "./schema";

/**
 * Whether a subscription row carries the Square subscription id `squareSubscriptionId` (Square's
 * webhook asks, through the port its route hands it, before it creates the row of one made in Square).
 */
export async function squareSubscriptionKnown(db: DbOrTx, squareSubscriptionId: string): Promise<boolean> {
  const [known] = await db
    .select({ id: clientSubscriptions.id })
    .from(clientSubscriptions)
    .where(eq(clientSubscriptions.squareSubscriptionId, squareSubscriptionId));
  return known !== undefined;
}
