import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { requeuePendingDeliveries, webhookDeliverJob } from "./deliver";

/**
 * One job per attempt of a delivery (sent with the event, each retry by the attempt before it),
 * and a sweep every ten minutes and at start giving a job to a pending delivery without one.
 */
export const webhookJobs: JobDefinition[] = [
  webhookDeliverJob,
  { name: "webhooks.requeue", cron: "*/10 * * * *", runAtStart: true, run: requeuePendingDeliveries },
];
