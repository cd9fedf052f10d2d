import "server-only";
import { AppError, type MapsToAppError } from "@/server/core/errors";

/**
 * A Square call failed; `message` is safe to show to an admin (no tokens, no raw bodies). Kept
 * apart from the SDK client so that throwing or recognising it loads no SDK.
 */
export class SquareApiError extends Error implements MapsToAppError {
  readonly statusCode: number | undefined;
  constructor(message: string, statusCode?: number) {
    super(message);
    this.name = "SquareApiError";
    this.statusCode = statusCode;
  }

  /**
   * How the one error mapping answers it: Square's message is written for the admin; a 409 means
   * "not connected" (conflict), anything else is the upstream service failing (bad gateway).
   */
  toAppError(): AppError {
    return new AppError(this.statusCode === 409 ? "conflict" : "bad_gateway", this.message);
  }
}
