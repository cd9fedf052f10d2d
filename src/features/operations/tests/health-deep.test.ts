// `/api/health?deep=1`: each queue's backlog for a signed-in admin or a monitor with MONITORING_TOKEN;
// anonymous callers, clients and a wrong token are refused; the plain probe stays as it was.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/health/route";
import { currentDbHandle } from "@/server/core/db/client";
import { resetServerEnv } from "@/server/core/env";
import { createJobEngine } from "@/server/core/jobs/engine";
import { authHeaders } from "@tests/integration/helpers/auth";
import { adminCookie, clientCookie } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
setupTestDatabase({ seedDemo: true });

const TOKEN = "monitor-token-for-the-integration-tests";
const deep = (headers: HeadersInit = {}) => GET(new Request("http://localhost:3000/api/health?deep=1", { headers }));

beforeAll(async () => {
  process.env.MONITORING_TOKEN = TOKEN;
  resetServerEnv();
  // A queue with one job waiting an hour from now, made by an engine that is then stopped.
  const boss = await createJobEngine(currentDbHandle()!, [{ name: "test.backlog", run: async () => undefined }]);
  await boss.send("test.backlog", null, { startAfter: 3600 });
  await boss.stop({ graceful: false, close: false, timeout: 1000 });
});
afterAll(() => {
  delete process.env.MONITORING_TOKEN;
  resetServerEnv();
});

describe("GET /api/health?deep=1", () => {
  it("gives the monitoring token each queue's backlog", async () => {
    const response = await deep({ authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { status: string; engine: string; queues: { name: string }[] };
    expect(body).toMatchObject({ status: "ok", engine: "stopped" });
    expect(body.queues.find((q) => q.name === "test.backlog")).toEqual({
      name: "test.backlog",
      waiting: 1,
      oldestWaitingSeconds: expect.any(Number),
      dead: 0,
    });
    expect(body.queues.some((q) => q.name === "dead-letters")).toBe(false);
  });

  it("gives a signed-in admin the same", async () => {
    const response = await deep(authHeaders(await adminCookie()));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      queues: expect.arrayContaining([expect.objectContaining({ name: "test.backlog" })]),
    });
  });

  it("refuses anonymous callers (401), clients (403) and a wrong token (401)", async () => {
    expect((await deep()).status).toBe(401);
    expect(await (await deep()).json()).toMatchObject({ success: false, error: "Please sign in." });
    expect((await deep(authHeaders(await clientCookie()))).status).toBe(403);
    const wrong = await deep({ authorization: "Bearer not-the-token-at-all-no-no-no" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: "The monitoring token is not valid." });
  });

  it("leaves the plain probe cheap and the same for everyone", async () => {
    const plain = await GET(new Request("http://localhost:3000/api/health"));
    expect(await plain.json()).toEqual({ status: "ok" });
    const notDeep = await GET(new Request("http://localhost:3000/api/health?deep=0"));
    expect(await notDeep.json()).toEqual({ status: "ok" });
  });
});
