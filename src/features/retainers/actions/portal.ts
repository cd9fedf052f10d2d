"use server";
// The portal's retainer decision (docs/PRODUCT.md#retainer-hours): checks the client session itself
// (clientAction: a viewing admin changes nothing); the module refuses a member and scopes by company.
import { overageDecisionSchema } from "@/features/retainers/validation";
import { getDb } from "@/server/core/get-db";
import { clientAction } from "@/features/identity/server";
import { decideOverageRequest } from "@/features/retainers/server";

/** An owner approves or declines an overage request. */
export const decideOverageAction = clientAction(overageDecisionSchema, (actor, input) =>
  decideOverageRequest(getDb(), { actor, ...input }),
);
