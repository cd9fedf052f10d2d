import "server-only";
import type { AdminActor } from "@/server/core/actor";
import { getDb } from "@/server/core/db/client";
import { serverEnv } from "@/server/core/env";
import { squareConfig } from "./config";
import { completeSquareAuthorization, OAuthFlowError } from "./oauth";
import { currentSessionId } from "./request-guards";

/** Back to the dashboard with oauth_status and message (docs/PRODUCT.md#square-connection); reasons use underscores. */
function backToDashboard(params: Record<string, string>): Response {
  const url = new URL("/admin/dashboard", serverEnv().appUrl);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return new Response(null, { status: 302, headers: { location: url.toString(), "cache-control": "no-store" } });
}

/** Handles Square's redirect: any failure becomes oauth_status=error with a short reason. */
export async function handleSquareCallback(request: Request, actor: AdminActor): Promise<Response> {
  const config = squareConfig();
  if (!config) return backToDashboard({ oauth_status: "error", message: "not_configured" });
  try {
    const sessionId = await currentSessionId(request.headers);
    await completeSquareAuthorization(getDb(), config, actor, sessionId, new URL(request.url).searchParams);
    return backToDashboard({ oauth_status: "success", message: "Square account connected successfully" });
  } catch (error) {
    if (error instanceof OAuthFlowError) return backToDashboard({ oauth_status: "error", message: error.reason });
    console.error("[square] OAuth callback failed:", error instanceof Error ? error.message : error);
    return backToDashboard({ oauth_status: "error", message: "unknown_error" });
  }
}
