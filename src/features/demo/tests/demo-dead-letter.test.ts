// The demo's dead webhook delivery (Admin → Operations): made through the engine on the delivery
// queue beside the work already waiting there, listed with the receiver's answer, and retried.
import { afterAll, expect, it } from "vitest";
import { currentDbHandle } from "@/server/core/db/client";
import { runningJobEngine, startJobEngine, stopJobEngine } from "@/server/core/jobs/engine";
import { webhookJobs } from "@/features/webhooks/server";
import { DEMO_DEAD_DELIVERY_ID, seedDemoDeadLetter } from "@/features/demo/server";
import { getJobOverview, retryDeadJob } from "@/features/operations/server";
import { adminActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });
afterAll(() => stopJobEngine(1000));

it("dead-letters one delivery job with the receiver's answer, which Retry sends back to its queue", async () => {
  const boss = await startJobEngine(currentDbHandle()!, webhookJobs);
  await seedDemoDeadLetter(boss);
  const actor = await adminActor();
  const { dead, queues } = await getJobOverview(t.db, { actor });
  expect(dead).toEqual([
    expect.objectContaining({
      queue: webhookJobs[0]!.name,
      error: "Answered HTTP 503.",
      about: `id ${DEMO_DEAD_DELIVERY_ID}`,
      attempts: 1,
    }),
  ]);
  expect(queues.find((q) => q.name === webhookJobs[0]!.name)).toMatchObject({ failed: 1, dead: 1 });
  // pg-boss's own internal queues are not the firm's work.
  expect(queues.filter((q) => q.name.startsWith("__pgboss__"))).toEqual([]);

  await retryDeadJob(t.db, { actor, jobId: dead[0]!.id });
  expect((await getJobOverview(t.db, { actor })).dead).toEqual([]);
  const queued = await runningJobEngine()!.findJobs(webhookJobs[0]!.name, { data: { id: DEMO_DEAD_DELIVERY_ID }, queued: true });
  expect(queued).toHaveLength(1);
});
