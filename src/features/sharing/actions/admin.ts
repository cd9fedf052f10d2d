"use server";

import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { setSharingForbidden } from "../server/room";
import { forbidSharingSchema } from "@/features/sharing/validation";

// The firm's hold on sharing (docs/PRODUCT.md#sharing-with-third-parties): an engagement closed to sharing.

export const setSharingForbiddenAction = adminAction(forbidSharingSchema, (actor, input) =>
  setSharingForbidden(getDb(), { actor, projectId: input.projectId, forbidden: input.forbidden }),
);
