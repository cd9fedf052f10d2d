import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { mailJobs } from "@/server/core/mail/jobs";
import { findingJobs } from "@/features/findings/server";
import { importJobs } from "@/features/imports/server";
import { measurementJobs } from "@/features/measurements/server";
import { notificationJobs } from "@/features/notifications/server";
import { claimTaskRun, operationsJobs } from "@/features/operations/server";
import { subscriptionJobs } from "@/features/subscriptions/server";
import { trackerJobs } from "@/features/trackers/server";
import { webhookJobs } from "@/features/webhooks/server";

/** Every slice's background work, handed to the job engine at start (instrumentation.ts). */
export const backgroundJobs: JobDefinition[] = [
  ...mailJobs,
  ...webhookJobs,
  ...trackerJobs,
  ...notificationJobs(claimTaskRun),
  ...findingJobs,
  ...measurementJobs,
  ...importJobs,
  ...subscriptionJobs,
  ...operationsJobs,
];
