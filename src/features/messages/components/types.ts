import type { ThreadPage } from "@/features/messages/server";

/** Where a side's message routes live: the portal's or the team's. */
export type MessagesApi = "/api/client/messages" | "/api/admin/messages";

export type ThreadPageBody = ThreadPage & { success: true };
