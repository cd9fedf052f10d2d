"use server";
// Server actions of the attestation letters' admin side; each checks the admin session itself (adminAction).
import { adminAction } from "@/features/identity/server";
import { issueLetterSchema, letterIdSchema } from "@/features/attestations/validation";
import { issueLetter, revokeLetter } from "@/features/attestations/server";
import { getDb } from "@/server/core/get-db";

/** Issues the engagement's letter (the one before it superseded): its code and public address. */
export const issueLetterAction = adminAction(issueLetterSchema, (actor, input) => issueLetter(getDb(), { actor, input }));

/** The letter's public page says "Revoked by the firm" from now on. */
export const revokeLetterAction = adminAction(letterIdSchema, (actor, { letterId }) => revokeLetter(getDb(), { actor, letterId }));
