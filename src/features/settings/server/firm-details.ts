import "server-only";
import { eq } from "drizzle-orm";
import { siteConfig } from "@/config/site";
import type { DbOrTx } from "@/server/core/db/client";
import { appSettings } from "./schema";

/** The firm as its invoices name it (docs/PRODUCT.md#invoice-page): stored name, else the site's; address or none. */
export type FirmDetails = { name: string; address: string | null };

export async function getFirmDetails(db: DbOrTx): Promise<FirmDetails> {
  const [row] = await db
    .select({ name: appSettings.firmName, address: appSettings.firmAddress })
    .from(appSettings)
    .where(eq(appSettings.id, "app"))
    .limit(1);
  return { name: row?.name?.trim() || siteConfig.name, address: row?.address?.trim() || null };
}
