import "server-only";
import type { PgBoss } from "pg-boss";
import { webhookJobs } from "@/features/webhooks/server";

// Admin → Operations in the demo (docs/PRODUCT.md#admin-operations): one webhook delivery to
// Acme's failing receiver (demo-webhooks.ts) that used up its retries, so the dead jobs list has
// what a newcomer would look at, and Retry / Discard something to act on. Made through the engine
// itself, once, on the start that seeded the demo: the job of the delivery's fourth attempt (the one
// the demo records as answered 503), allowed no retry and held back an hour so no worker takes it
// first, then failed with the receiver's answer, which dead-letters it. Retried, it finds that
// attempt recorded already and does nothing; the delivery's own next attempt has its own job.

export const DEMO_DEAD_DELIVERY_ID = "00000000-0000-4000-8000-a7000000c001";

export async function seedDemoDeadLetter(boss: PgBoss): Promise<void> {
  const queue = (webhookJobs.find((job) => !job.cron) ?? webhookJobs[0]!).name;
  // Keyed as the delivery's own attempt jobs are (its id and the attempt's number).
  const options = { retryLimit: 0, startAfter: 3600, singletonKey: `${DEMO_DEAD_DELIVERY_ID}:4` };
  const id = await boss.send(queue, { id: DEMO_DEAD_DELIVERY_ID, attempt: 4 }, options);
  if (!id) throw new Error(`the queue ${queue} took no job`);
  await boss.fail(queue, id, { message: "Answered HTTP 503." });
}
