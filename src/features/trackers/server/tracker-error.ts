import "server-only";

/** The longest wait a tracker's Retry-After may ask of a ticket: the engine's longest back-off between its tries (tickets.ts). */
export const TRACKER_WAIT_CAP_SECONDS = 21_600;

/**
 * A tracker refused or could not be reached (docs/PRODUCT.md#integrations): `message` is the
 * tracker's own words (or ours for an address refused before sending), shown to the owners as the
 * connection's state; `retryAfterSeconds` when it asked us to wait (a rate limit).
 */
export class TrackerError extends Error {
  override name = "TrackerError";
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  /** A refusal that will not pass by waiting: the token or its rights (the connection is failing). */
  get isCredentialProblem(): boolean {
    return this.status === 401 || (this.status === 403 && this.retryAfterSeconds === null);
  }
}
