import "server-only";
import { SquareClient, SquareError, SquareTimeoutError } from "square";
import type { SquareConfig } from "./config";
import { missingPermissionMessage, SQUARE_CALL_SCOPES, type SquareCall } from "./permissions";
import { SquareApiError } from "./square-api-error";

export { SquareApiError };

/** The one place a Square SDK client is built: host, retries and timeout come from the config. */
export function createSquareClient(config: SquareConfig, token?: string): SquareClient {
  return new SquareClient({
    // obtainToken sends no bearer token, but the SDK wants one configured for every client.
    token: token ?? "none",
    baseUrl: config.baseUrl,
    maxRetries: config.maxRetries,
    timeoutInSeconds: config.timeoutInSeconds,
  });
}

// SDK v46 aborts a slow request with the reason "timeout" (a string), which Node's fetch rethrows
// as is: it surfaces as a SquareError without status whose message and cause are "timeout".
function isTimeout(error: unknown): boolean {
  return error instanceof SquareError && error.statusCode === undefined && (error.cause === "timeout" || error.message === "timeout");
}

/**
 * Turns whatever the SDK threw into a SquareApiError with an actionable message. Given the call,
 * Square's INSUFFICIENT_SCOPES names the permissions that call needs (permissions.ts).
 */
export function toSquareApiError(error: unknown, doing: string, call?: SquareCall): SquareApiError {
  if (error instanceof SquareApiError) return error;
  if (error instanceof SquareTimeoutError || isTimeout(error)) return new SquareApiError(`Square did not answer in time while ${doing}.`);
  if (error instanceof SquareError) {
    const status = error.statusCode;
    const detail = error.errors[0]?.detail;
    if (status === 401) return new SquareApiError("Square rejected the stored access token. Reconnect Square.", status);
    if (status === 403 && call && error.errors[0]?.code === "INSUFFICIENT_SCOPES")
      return new SquareApiError(
        missingPermissionMessage({ label: `Square refused ${doing}: it`, scopes: [...SQUARE_CALL_SCOPES[call]] }),
        status,
      );
    if (status === 403) return new SquareApiError("Square refused access: a permission is missing. Reconnect Square to grant it.", status);
    if (status === 429) return new SquareApiError("Square's rate limit was reached. Try again in a minute.", status);
    if (status !== undefined && status >= 500)
      return new SquareApiError(`Square is unavailable (HTTP ${status}) while ${doing}. Try again later.`, status);
    if (status !== undefined)
      return new SquareApiError(`Square answered HTTP ${status} while ${doing}${detail ? `: ${detail}` : "."}`, status);
    return new SquareApiError(`Could not reach Square while ${doing}.`);
  }
  return new SquareApiError(`Could not reach Square while ${doing}.`);
}

/** For logs: the status and message only (SDK errors carry raw responses we do not print). */
export function describeSquareError(error: unknown): string {
  if (error instanceof SquareError) return `SquareError status=${error.statusCode ?? "none"} ${error.message.split("\n")[0]}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
