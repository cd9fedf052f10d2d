// The one Retry-After reader (webhook receivers, GitHub, GitLab, Jira; docs/PRODUCT.md#api-and-webhooks):
// seconds or an HTTP date, capped so that no server holds our work back past its retry schedule.
import { describe, expect, it } from "vitest";
import { retryAfterSeconds } from "@/server/core/http/retry-after";

const MAX = 36_000;

describe("retryAfterSeconds", () => {
  it("reads seconds and an HTTP date", () => {
    expect(retryAfterSeconds("60", MAX)).toBe(60);
    const now = Date.parse("2026-03-01T12:00:00Z");
    expect(retryAfterSeconds("Sun, 01 Mar 2026 12:02:00 GMT", MAX, now)).toBe(120);
    expect(retryAfterSeconds(["5", "9"], MAX)).toBe(5);
  });

  it("caps a long wait, takes a past date as now, and ignores what is not one", () => {
    expect(retryAfterSeconds("999999999", MAX)).toBe(MAX);
    expect(retryAfterSeconds("Sun, 01 Mar 2026 11:00:00 GMT", MAX, Date.parse("2026-03-01T12:00:00Z"))).toBe(0);
    for (const value of [undefined, "", "soon", "-5", "1.5"]) expect(retryAfterSeconds(value, MAX)).toBeNull();
  });
});
