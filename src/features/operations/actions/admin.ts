"use server";
// Server actions of the mail the firm sends (docs/PRODUCT.md#admin-settings, the dashboard's failed mail card); each checks the admin session itself (adminAction).
import { mailIdSchema } from "@/features/operations/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { noInputSchema } from "@/features/identity/validation/account";
import { retryFailedMail, sendTestMail } from "@/features/operations/server";

/** Sends a failed mail again (the dashboard's failed mail card). */
export const retryFailedMailAction = adminAction(mailIdSchema, async (actor, { mailId }) => retryFailedMail(getDb(), { actor, mailId }));

/** Sends a test mail to the signed-in admin through the outbox and says what became of it. */
export const sendTestMailAction = adminAction(noInputSchema, (actor) => sendTestMail(getDb(), { actor }));
