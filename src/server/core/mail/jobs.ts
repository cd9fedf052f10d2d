import "server-only";
import type { JobDefinition } from "../jobs/job";
import { runOutboxDrain } from "./outbox";

/** The outbox's sweep: mail whose retry is due, and any a request's own drain left behind. */
export const mailJobs: JobDefinition[] = [{ name: "mail.outbox", cron: "* * * * *", runAtStart: true, run: runOutboxDrain }];
