"use server";
// Server actions of the Messages screen; each one checks the admin session itself (adminAction).
import { threadStatusSchema } from "@/lib/validation/messages";
import { getDb } from "@/server/core/get-db";
import { setThreadStatus } from "@/server/modules/messages";
import { adminAction } from "@/server/modules/account";

/** Closes or reopens a conversation. */
export const setThreadStatusAction = adminAction(threadStatusSchema, (actor, input) => setThreadStatus(getDb(), { actor, ...input }));
