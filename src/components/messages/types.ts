import type { ThreadPage } from "@/server/modules/messages";

/** Where a side's message routes live: the portal's or the team's. */
export type MessagesApi = "/api/client/messages" | "/api/admin/messages";

export type ThreadPageBody = ThreadPage & { success: true };
