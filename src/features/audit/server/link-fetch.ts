import "server-only";
import type { DbOrTx } from "@/server/core/db/client";
import type { HolderStanding } from "@/server/core/db/link-holder";
import { AppError } from "@/server/core/errors";
import { DOWNLOAD_LINK_INVALID, type LinkHolder } from "@/server/core/storage/signed-url";
import { type FirmAccessAction, recordFirmAccess } from "./firm-access";

/**
 * What every fetch of a signed download link does once it has read its file's row with the
 * holder's standing (holderStanding): a person no longer allowed (removed, deactivated, company
 * closed, user gone) is refused like an expired link, and a fetch by the firm is one entry in the
 * company's access log (docs/PRODUCT.md#portal-access-log). A client's own fetch records nothing.
 */
export async function admitLinkFetch(
  db: DbOrTx,
  {
    standing,
    holder,
    action,
    clientId,
    entityType,
    entityId,
    after,
  }: {
    standing: HolderStanding;
    holder: Required<LinkHolder>;
    action: FirmAccessAction;
    clientId: string;
    entityType: string;
    entityId: string;
    after: Record<string, unknown>;
  },
): Promise<void> {
  if (!standing) throw new AppError("forbidden", DOWNLOAD_LINK_INVALID);
  if (standing === "firm")
    await recordFirmAccess(db, {
      actor: { firmUserId: holder.userId, viewingPortal: holder.viewingPortal },
      action,
      clientIds: [clientId],
      entityType,
      entityId,
      after,
    });
}
