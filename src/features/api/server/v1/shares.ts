import "server-only";
import type { z } from "zod";
import type { apiShareListSchema } from "@/features/api/validation";
import type { DbOrTx } from "@/server/core/db/client";
import { listShareRoom, revokeShare } from "@/features/sharing/server";
import type { ApiCaller } from "../token-auth";

/** GET /api/v1/shares: the company's share room (docs/PRODUCT.md#sharing-with-third-parties), newest first. */
export async function apiListShares(db: DbOrTx, caller: ApiCaller): Promise<z.output<typeof apiShareListSchema>> {
  const { shares } = await listShareRoom(db, { actor: caller.actor, limit: 100 });
  return {
    data: shares.map((s) => ({
      id: s.id,
      createdAt: s.createdAt,
      createdBy: s.createdBy,
      mode: s.mode,
      ndaKind: s.ndaKind,
      expiresAt: s.expiresAt,
      revokedAt: s.revokedAt,
      items: s.items,
      recipients: s.recipients.map((r) => ({
        id: r.id,
        email: r.email,
        revokedAt: r.revokedAt,
        ndaAcceptedAt: r.ndaAcceptedAt,
        ndaName: r.ndaName,
        ndaSha256: r.ndaSha256,
        views: r.views,
        downloads: r.downloads,
      })),
    })),
  };
}

/** POST /api/v1/shares/{id}/revoke: the share revoked, as the owners' Revoke share does (a new share stays the portal's, behind a step-up). */
export async function apiRevokeShare(db: DbOrTx, caller: ApiCaller, shareId: string): Promise<void> {
  await revokeShare(db, { actor: caller.actor, shareId });
}
