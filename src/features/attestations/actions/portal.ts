"use server";
// Server actions of the attestation letters' portal side (clientAction: a viewing admin is refused).
import { clientAction } from "@/features/identity/server";
import { letterNameDisplaySchema } from "@/features/attestations/validation";
import { setLetterAnonymous } from "@/features/attestations/server";
import { getDb } from "@/server/core/get-db";

/** The owner's choice: letters issued from now on name the company, or "a client of <firm>". */
export const setLetterNameDisplayAction = clientAction(letterNameDisplaySchema, (actor, { anonymous }) =>
  setLetterAnonymous(getDb(), { actor, anonymous }),
);
