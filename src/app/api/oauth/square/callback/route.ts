// Square's OAuth redirect target (redirect_uri): only the admin session that started the flow may finish it.
import { withAdmin } from "@/server/modules/account";
import { handleSquareCallback } from "@/server/modules/square";

export const dynamic = "force-dynamic";

export const GET = withAdmin((request, { actor }) => handleSquareCallback(request, actor));
