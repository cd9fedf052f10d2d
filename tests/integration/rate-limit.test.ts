import { describe, expect, it } from "vitest";
import { hitRateLimit } from "@/server/core/rate-limit";
import { setupTestDatabase } from "./helpers/db";

const t = setupTestDatabase();

describe("database rate limiter", () => {
  it("allows max hits per window, refuses the next, and resets after the window", async () => {
    const rule = { windowSeconds: 60, max: 3 };
    const now = 1_800_000_000_000;
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await hitRateLimit(t.db, "test:ip:1", rule, now + i * 1000)).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect((await hitRateLimit(t.db, "test:ip:2", rule, now)).allowed).toBe(true);
    expect((await hitRateLimit(t.db, "test:ip:1", rule, now + 61_000)).allowed).toBe(true);
  });

  it("counts concurrent hits exactly", async () => {
    const rule = { windowSeconds: 60, max: 5 };
    const now = 1_800_000_000_000;
    const all = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit(t.db, "test:burst", rule, now)));
    expect(all.filter((r) => r.allowed)).toHaveLength(5);
  });
});
