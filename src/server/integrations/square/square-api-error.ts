import "server-only";

/**
 * A Square call failed; `message` is safe to show to an admin (no tokens, no raw bodies). Kept
 * apart from the SDK client so the one error mapping (errors.ts) can recognise it without loading
 * the SDK into every route.
 */
export class SquareApiError extends Error {
  readonly statusCode: number | undefined;
  constructor(message: string, statusCode?: number) {
    super(message);
    this.name = "SquareApiError";
    this.statusCode = statusCode;
  }
}
