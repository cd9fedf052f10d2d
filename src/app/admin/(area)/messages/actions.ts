"use server";
// Server actions of the Messages screen; each one checks the admin session itself (adminAction).
import { threadStatusSchema } from "@/lib/validation/messages";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/server/modules/account";
import { setThreadStatus } from "@/server/modules/messages";

/** Closes or reopens a conversation. */
export const setThreadStatusAction = adminAction(threadStatusSchema, (actor, input) => setThreadStatus(getDb(), { actor, ...input }));
