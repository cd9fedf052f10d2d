// Both services limit each webhook on its own and allow a short burst above the average rate, so a
// token bucket per webhook, on the fake's clock (tests move it instead of sleeping).

export type Rate = { perSecond: number; burst: number };

/** Slack: one message a second per incoming webhook on average, short bursts allowed. */
export const SLACK_RATE: Rate = { perSecond: 1, burst: 3 };
/** Teams: four posts a second per webhook. */
export const TEAMS_RATE: Rate = { perSecond: 4, burst: 4 };

export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: Rate,
    now: number,
  ) {
    this.tokens = rate.burst;
    this.at = now;
  }

  /** Takes a token, or answers the whole seconds until one is there (the Retry-After). */
  take(now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    this.tokens = Math.min(this.rate.burst, this.tokens + (Math.max(0, now - this.at) / 1000) * this.rate.perSecond);
    this.at = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - this.tokens) / this.rate.perSecond)) };
  }
}
