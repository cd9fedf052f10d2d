"use server";

import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { revokeApiTokenAsFirm } from "@/features/api/server";
import { apiTokenIdSchema } from "@/features/api/validation";

/** The firm revokes a company's token in an emergency (docs/PRODUCT.md#api-and-webhooks). */
export const revokeApiTokenAsFirmAction = adminAction(apiTokenIdSchema, (actor, input) =>
  revokeApiTokenAsFirm(getDb(), { actor, tokenId: input.tokenId }),
);
