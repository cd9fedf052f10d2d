// Square's OAuth redirect target (redirect_uri): only the admin session that started the flow may finish it.
import { withAdmin } from "@/features/identity/server";
import { handleSquareCallback } from "@/features/square/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin((request, { actor }) => handleSquareCallback(request, actor));
