import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { runSubscriptionBilling } from "./subscription-billing";

/** Plans billed per period: periods that ended roll over and unbilled ones go to Square. */
export const subscriptionJobs: JobDefinition[] = [
  { name: "subscriptions.billing", cron: "*/10 * * * *", run: (db) => runSubscriptionBilling(db) },
];
