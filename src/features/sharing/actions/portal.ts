"use server";

import { headers } from "next/headers";
import { getDb } from "@/server/core/get-db";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { clientAction } from "@/features/identity/server";
import { assertMayShare } from "../server/access";
import { createShare, extendShare, resendShareLink, revokeShare, revokeShareRecipient, setMembersMayShare } from "../server/shares";
import {
  createShareSchema,
  extendShareSchema,
  membersMayShareSchema,
  shareIdSchema,
  shareRecipientIdSchema,
} from "@/features/sharing/validation";

// The owners' share room (docs/PRODUCT.md#sharing-with-third-parties).

/**
 * A new share, after a fresh second factor (like a report download): without one the answer is the
 * step-up prompt the form shows, and the form sends again once it is given. Who may share is checked first.
 */
export const createShareAction = clientAction(createShareSchema, async (actor, input) => {
  const db = getDb();
  await assertMayShare(db, actor);
  await confirmFreshSecondFactor(db, new Headers(await headers()), {});
  return createShare(db, { actor, input });
});

export const revokeShareAction = clientAction(shareIdSchema, (actor, input) => revokeShare(getDb(), { actor, shareId: input.shareId }));

export const revokeShareRecipientAction = clientAction(shareRecipientIdSchema, (actor, input) =>
  revokeShareRecipient(getDb(), { actor, recipientId: input.recipientId }),
);

export const extendShareAction = clientAction(extendShareSchema, (actor, input) =>
  extendShare(getDb(), { actor, shareId: input.shareId, days: input.days }),
);

export const resendShareLinkAction = clientAction(shareRecipientIdSchema, (actor, input) =>
  resendShareLink(getDb(), { actor, recipientId: input.recipientId }),
);

export const setMembersMayShareAction = clientAction(membersMayShareSchema, (actor, input) =>
  setMembersMayShare(getDb(), { actor, allowed: input.allowed }),
);
