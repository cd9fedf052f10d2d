// Background work through the running job engine (src/server/core/jobs), not run by hand: webhook
// deliveries to a receiver that is down and then up each arrive exactly once, and a job whose
// instance died mid-run is taken again once its expiry has passed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { PgBoss } from "pg-boss";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { currentDbHandle } from "@/server/core/db/client";
import { createJobEngine } from "@/server/core/jobs/engine";
import type { JobDefinition } from "@/server/core/jobs/job";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_CLIENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_WEBHOOK_ENDPOINT_ID } from "@/features/demo/server/demo-webhooks";
import { createWebhookEndpoint, queueWebhookEvents, setWebhookEndpointEnabled } from "@/features/webhooks/server";
import { webhookJobs } from "@/features/webhooks/server/jobs";
import { clientActor } from "./helpers/admin-session";
import { setupTestDatabase } from "./helpers/db";

const t = setupTestDatabase({ seedDemo: true });

let server: http.Server;
let base = "";
let up = false;
/** Every request the receiver answered, by webhook-id, with the status it gave. */
const answers = new Map<string, number[]>();
let disallow = () => {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      const status = up ? 200 : 503;
      answers.set(id, [...(answers.get(id) ?? []), status]);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  disallow = allowLoopbackForTests(`127.0.0.1:${port}`);
  // The demo's failing endpoint (its address never resolves) stays out of these deliveries.
  await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: DEMO_WEBHOOK_ENDPOINT_ID, enabled: false });
});
afterAll(async () => {
  disallow();
  await new Promise((resolve) => server.close(resolve));
});

const engines: PgBoss[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop({ graceful: false, close: false, timeout: 1000 });
});

async function engine(jobs: JobDefinition[]): Promise<PgBoss> {
  const started = await createJobEngine(currentDbHandle()!, jobs);
  engines.push(started);
  return started;
}

const owner = () => clientActor(DEMO_USERS.acme.email);

async function until(done: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe("the job engine delivering", () => {
  it("delivers every webhook exactly once to a receiver that was down, then up", async () => {
    await createWebhookEndpoint(t.db, {
      actor: await owner(),
      kind: "standard",
      url: `${base}/down-then-up`,
      description: "",
      events: ["finding.published"],
    });
    await engine(webhookJobs);
    const ids = await t.db.transaction((tx) =>
      queueWebhookEvents(
        tx,
        Array.from({ length: 20 }, (_, i) => ({
          clientId: DEMO_CLIENTS.acme.id,
          type: "finding.published" as const,
          data: { findingId: `down-${i}` },
          chatText: "Down then up",
          portalPath: "/client-portal",
        })),
      ),
    );
    expect(ids).toHaveLength(20);
    // Down: every first attempt is refused, and each waits for its retry (5 s on the schedule).
    await until(() => ids.every((id) => answers.get(id)?.[0] === 503));
    expect(ids.every((id) => answers.get(id)?.length === 1)).toBe(true);
    up = true;
    await until(() => ids.every((id) => answers.get(id)?.includes(200)));
    // Each delivered once: one refusal, one success, and nothing after the success.
    for (const id of ids) expect(answers.get(id)).toEqual([503, 200]);
  }, 60_000);

  it("takes again a job whose instance died mid-run, once its expiry has passed", async () => {
    const runs: string[] = [];
    const job = (instance: string, hang: boolean): JobDefinition => ({
      name: "test.killed",
      handler: async () => {
        runs.push(instance);
        // The first instance never finishes: as if its process had been killed mid-job.
        if (hang) await new Promise(() => {});
      },
      expireInSeconds: 1,
      retryDelaySeconds: 1,
    });
    const first = await engine([job("first", true)]);
    const [id] = await first.insert("test.killed", [{ data: {}, singletonKey: "killed" }], { returnId: true }).then((ids) => ids ?? []);
    await until(() => runs.length === 1);
    // Killed: it stops fetching, and its job stays active with nobody to finish it.
    await first.stop({ graceful: false, close: false, timeout: 100 });
    engines.splice(engines.indexOf(first), 1);
    const second = await engine([job("second", false)]);
    // Past its expiry the supervision (every minute, here at once) hands it back to the queue.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await second.supervise("test.killed");
    await until(async () => (await second.getJobById("test.killed", id!))?.state === "completed");
    expect((await second.getJobById("test.killed", id!))?.state).toBe("completed");
    expect(runs).toEqual(["first", "second"]);
  }, 60_000);
});
