import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { paymentProviderConnections } from "./schema";
import { PROVIDER, saveConnection } from "./connection";

// The demo's Square connection (docs/DEPLOYMENT.md#demo-services): when `npm start` runs the demo
// Square, the app is connected to it from the start with the tokens that fake knows; when it does
// not, a connection left from such a start goes (its tokens open nothing anywhere else), while a
// connection an admin made (connected_by set) is never touched.

const DEMO_TOKEN_DAYS = 30;

export async function setDemoSquareConnection(
  db: DbOrTx,
  demo: { merchantId: string; accessToken: string; refreshToken: string } | null,
  demoMerchantId: string,
): Promise<void> {
  const [current] = await db
    .select({ merchantId: paymentProviderConnections.merchantId, connectedBy: paymentProviderConnections.connectedBy })
    .from(paymentProviderConnections)
    .where(eq(paymentProviderConnections.provider, PROVIDER))
    .limit(1);
  const currentIsDemo = current !== undefined && current.merchantId === demoMerchantId && current.connectedBy === null;
  if (demo) {
    // An admin's own connection stays; the demo's is renewed (the fake forgot the last start's tokens).
    if (current && !currentIsDemo) return;
    const expiresAt = new Date(Date.now() + DEMO_TOKEN_DAYS * 86_400_000);
    await saveConnection(db, { ...demo, expiresAt }, { scopes: null, connectedBy: null });
    return;
  }
  if (currentIsDemo)
    await db
      .delete(paymentProviderConnections)
      .where(and(eq(paymentProviderConnections.provider, PROVIDER), isNull(paymentProviderConnections.connectedBy)));
}
