import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { drainWebhookDeliveries } from "./deliver";

/** Deliveries whose attempt is due (first tries and retries on their back-off). */
export const webhookJobs: JobDefinition[] = [
  { name: "webhooks.deliveries", cron: "* * * * *", runAtStart: true, run: (db) => drainWebhookDeliveries(db) },
];
