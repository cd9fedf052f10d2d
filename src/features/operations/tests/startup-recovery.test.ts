// Start-up that recovers: a database that cannot be opened or migrated at boot is not remembered
// as failed for good. /api/health answers 503 meanwhile, tries are spaced out (1 s doubling to
// 30 s), and the same process answers 200 once the database is back, without a restart.
import net from "node:net";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/health/route";
import { type DbHandle, installDbHandle, openPostgres } from "@/server/core/db/client";
import {
  databaseRetryDelayMs,
  databaseRetryInMs,
  ensureDatabaseReady,
  resetDatabaseReadiness,
} from "@/features/operations/server/bootstrap";
import { setupTestDatabase, usingPostgres } from "@tests/integration/helpers/db";

const t = setupTestDatabase();

afterEach(() => {
  installDbHandle(t.handle);
  resetDatabaseReadiness();
});
afterAll(() => resetDatabaseReadiness());

const health = async () => (await GET(new Request("http://localhost:3000/api/health"))).status;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("database readiness", () => {
  it("backs off 1 s, 2 s, 4 s ... up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(databaseRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("answers 503 while the opener fails, does not retry before the backoff, then recovers in the same process", async () => {
    let calls = 0;
    resetDatabaseReadiness(() => {
      calls += 1;
      if (calls <= 2) throw new Error(`connect ECONNREFUSED (try ${calls})`);
      return t.handle;
    });

    expect(await health()).toBe(503);
    expect(calls).toBe(1);
    // Within the backoff every caller gets the last error at once, without a new try.
    expect(await health()).toBe(503);
    await expect(ensureDatabaseReady()).rejects.toThrow("try 1");
    expect(calls).toBe(1);
    expect(databaseRetryInMs()).toBeGreaterThan(0);
    expect(databaseRetryInMs()).toBeLessThanOrEqual(1000);

    await sleep(databaseRetryInMs() + 50);
    expect(await health()).toBe(503);
    expect(calls).toBe(2);
    // Second failure in a row: the wait doubles.
    expect(databaseRetryInMs()).toBeGreaterThan(1000);
    expect(await health()).toBe(503);
    expect(calls).toBe(2);

    await sleep(databaseRetryInMs() + 50);
    expect(await health()).toBe(200);
    expect(calls).toBe(3);
    // Ready is remembered: no more opens.
    expect(await health()).toBe(200);
    expect(calls).toBe(3);
  });

  // Only with TEST_DATABASE_URL: the embedded database runs inside this process, so there is no
  // server that could be down; the injected opener above covers the retry logic there.
  it.skipIf(!usingPostgres)(
    "recovers when a PostgreSQL server that refused connections at boot starts listening (PostgreSQL only)",
    async () => {
      // A port where nothing listens yet; later a TCP relay to the real server opens on it, as a
      // database server coming up would.
      const probe = net.createServer();
      await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
      const port = (probe.address() as net.AddressInfo).port;
      await new Promise<void>((resolve) => probe.close(() => resolve()));

      const realUrl = new URL((t.handle.pool as unknown as { options: { connectionString: string } }).options.connectionString);
      const deadUrl = new URL(realUrl);
      deadUrl.hostname = "127.0.0.1";
      deadUrl.port = String(port);
      const handle: DbHandle = openPostgres(deadUrl.toString(), 2);
      installDbHandle(handle);
      resetDatabaseReadiness();
      const relay = net.createServer((socket) => {
        const upstream = net.connect(Number(realUrl.port || 5432), realUrl.hostname);
        socket.pipe(upstream).pipe(socket);
        socket.on("error", () => upstream.destroy());
        upstream.on("error", () => socket.destroy());
      });
      try {
        expect(await health()).toBe(503);
        await new Promise<void>((resolve) => relay.listen(port, "127.0.0.1", resolve));
        await vi.waitFor(async () => expect(await health()).toBe(200), { timeout: 8000, interval: 250 });
      } finally {
        await handle.close();
        await new Promise<void>((resolve) => relay.close(() => resolve()));
      }
    },
  );
});
