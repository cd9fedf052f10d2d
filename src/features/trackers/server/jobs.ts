import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { fileAutomaticTickets } from "./auto-tickets";
import { reopenTicketsOfOpenFindings } from "./reopen";
import { syncTrackerTickets } from "./sync";
import { requeueUnfiledTickets, ticketFileJob } from "./tickets";
import { postRetestVerdicts } from "./verdicts";

// Each its own queue, so a slow tracker holds up only its own kind of work, never the mail. A
// ticket to file is a job of its own (sent with its row); the rest are periodic.
export const trackerJobs: JobDefinition[] = [
  ticketFileJob,
  { name: "trackers.requeue-tickets", cron: "*/10 * * * *", runAtStart: true, run: requeueUnfiledTickets },
  { name: "trackers.automatic-tickets", cron: "* * * * *", run: fileAutomaticTickets },
  { name: "trackers.retest-verdicts", cron: "* * * * *", run: postRetestVerdicts },
  { name: "trackers.reopen-tickets", cron: "* * * * *", run: reopenTicketsOfOpenFindings },
  { name: "trackers.sync-tickets", cron: "* * * * *", run: syncTrackerTickets },
];
