// Square's OAuth redirect target (redirect_uri): only the admin session that started the flow may finish it.
import { withAdmin } from "@/server/auth/route-guards";
import { handleSquareCallback } from "@/server/integrations/square/oauth-callback";

export const dynamic = "force-dynamic";

export const GET = withAdmin((request, { actor }) => handleSquareCallback(request, actor));
