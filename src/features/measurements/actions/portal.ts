"use server";
// The client records the model version it runs now on an engagement target
// (docs/PRODUCT.md#measured-ai-findings): clientAction checks the session, the role and the company.
import { modelVersionSchema } from "@/features/measurements/validation";
import { clientAction } from "@/features/identity/server";
import { recordModelVersion } from "@/features/measurements/server";
import { getDb } from "@/server/core/get-db";

export const recordModelVersionAction = clientAction(modelVersionSchema, (actor, input) => recordModelVersion(getDb(), { actor, input }));
