// Our rate limits on rate-limiter-flexible's PostgreSQL store (src/server/core/rate-limit.ts): a
// fixed window per key, exact under concurrent hits, and, on a PostgreSQL server, one count for
// every instance of the app.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPostgres } from "@/server/core/db/client";
import { clearRateLimit, enforceRateLimit, hitRateLimit, rateLimitRoom } from "@/server/core/rate-limit";
import { setupTestDatabase, usingPostgres } from "./helpers/db";

const t = setupTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

describe("database rate limiter", () => {
  it("allows max hits per window, refuses the next, and resets after the window", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 1_800_000_000_000 });
    const rule = { windowSeconds: 60, max: 3 };
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push(await hitRateLimit(t.db, "test:ip:1", rule));
      vi.advanceTimersByTime(1000);
    }
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    // The window began at the first hit: 3 s of it have gone.
    expect(results[3]!.retryAfterSeconds).toBe(57);
    expect((await hitRateLimit(t.db, "test:ip:2", rule)).allowed).toBe(true);
    vi.advanceTimersByTime(58_000);
    expect((await hitRateLimit(t.db, "test:ip:1", rule)).allowed).toBe(true);
  });

  it("counts concurrent hits exactly", async () => {
    const rule = { windowSeconds: 60, max: 5 };
    const all = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit(t.db, "test:burst", rule)));
    expect(all.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("tells whether a key has room without counting, forgets a cleared key, and refuses with the wait in words", async () => {
    const rule = { windowSeconds: 120, max: 2 };
    expect(await rateLimitRoom(t.db, "test:room", rule)).toBe(true);
    await hitRateLimit(t.db, "test:room", rule);
    expect(await rateLimitRoom(t.db, "test:room", rule)).toBe(true);
    await hitRateLimit(t.db, "test:room", rule);
    expect(await rateLimitRoom(t.db, "test:room", rule)).toBe(false);
    await expect(enforceRateLimit(t.db, "test:room", rule, (wait) => `Wait ${wait}.`)).rejects.toMatchObject({
      code: "rate_limited",
      message: "Wait 2 minutes.",
      headers: { "Retry-After": expect.stringMatching(/^1[0-2]\d$/) },
    });
    await clearRateLimit(t.db, "test:room");
    expect(await rateLimitRoom(t.db, "test:room", rule)).toBe(true);
  });

  it("counts inside a caller's transaction, and a rolled-back transaction takes its count back", async () => {
    const rule = { windowSeconds: 60, max: 1 };
    await t.db
      .transaction(async (tx) => {
        expect((await hitRateLimit(tx, "test:tx", rule)).allowed).toBe(true);
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect((await hitRateLimit(t.db, "test:tx", rule)).allowed).toBe(true);
  });
});

describe.skipIf(!usingPostgres)("the rate limiter on PostgreSQL", () => {
  it("shares one count between two instances of the app (two connection pools on one server)", async () => {
    // This file's own database, opened twice more as two instances would.
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const current = (await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    url.pathname = `/${current.rows[0]!.name}`;
    const [a, b] = [openPostgres(url.toString(), 2), openPostgres(url.toString(), 2)];
    try {
      const rule = { windowSeconds: 60, max: 3 };
      const hits = [];
      for (const instance of [a, b, a, b]) hits.push((await hitRateLimit(instance.db, "test:shared", rule)).allowed);
      expect(hits).toEqual([true, true, true, false]);
      expect(await rateLimitRoom(a.db, "test:shared", rule)).toBe(false);
      await clearRateLimit(b.db, "test:shared");
      expect(await rateLimitRoom(a.db, "test:shared", rule)).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
