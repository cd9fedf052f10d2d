import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { fileAutomaticTickets } from "./auto-tickets";
import { reopenTicketsOfOpenFindings } from "./reopen";
import { syncTrackerTickets } from "./sync";
import { drainTrackerTickets } from "./tickets";
import { postRetestVerdicts } from "./verdicts";

// Each its own queue, so a slow tracker holds up only its own kind of work, never the mail.
export const trackerJobs: JobDefinition[] = [
  { name: "trackers.automatic-tickets", cron: "* * * * *", run: fileAutomaticTickets },
  { name: "trackers.file-tickets", cron: "* * * * *", runAtStart: true, run: drainTrackerTickets },
  { name: "trackers.retest-verdicts", cron: "* * * * *", run: postRetestVerdicts },
  { name: "trackers.reopen-tickets", cron: "* * * * *", run: reopenTicketsOfOpenFindings },
  { name: "trackers.sync-tickets", cron: "* * * * *", run: syncTrackerTickets },
];
