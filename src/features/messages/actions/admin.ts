"use server";
// Server actions of the Messages screen; each one checks the admin session itself (adminAction).
import { threadStatusSchema } from "@/features/messages/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { setThreadStatus } from "@/features/messages/server";

/** Closes or reopens a conversation. */
export const setThreadStatusAction = adminAction(threadStatusSchema, (actor, input) => setThreadStatus(getDb(), { actor, ...input }));
