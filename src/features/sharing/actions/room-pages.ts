"use server";
// The share room's pages (docs/PRODUCT.md#sharing-with-third-parties): older shares, and a share's
// whole activity. Reads: an admin viewing the portal may page through them too.
import { clientReadAction } from "@/features/identity/server";
import { listShareRoom } from "../server/room";
import { listShareActivity } from "../server/room-activity";
import { shareActivityPageSchema, shareRoomPageSchema } from "@/features/sharing/validation";
import { getDb } from "@/server/core/get-db";

export const loadMoreSharesAction = clientReadAction(shareRoomPageSchema, async (actor, input) => {
  const { shares, next } = await listShareRoom(getDb(), { actor, after: input.after });
  return { shares, next };
});

export const loadShareActivityAction = clientReadAction(shareActivityPageSchema, (actor, input) =>
  listShareActivity(getDb(), { actor, shareId: input.shareId, offset: input.offset }),
);
