import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { getStorage } from "@/server/core/storage/storage";
import { sweepOrphanedObjects } from "./orphans";
import { confirmStorageOwner } from "./ownership";
import { runRetentionIfDue } from "./retention";

export const operationsJobs: JobDefinition[] = [
  // Claims an unowned document store at the first start, then renews the claim, which is what makes
  // a restored copy of this database see that it no longer owns the store.
  { name: "storage.ownership", cron: "*/10 * * * *", runAtStart: true, run: (db) => confirmStorageOwner(db, getStorage()) },
  {
    // Hourly, while the task_runs row lets it prune once a day; the day's run also removes stored
    // objects that no row refers to (crashed uploads) if this database owns the store.
    name: "operations.retention",
    cron: "17 * * * *",
    run: async (db) => {
      const retention = await runRetentionIfDue(db);
      if (retention) await sweepOrphanedObjects(db, getStorage());
    },
  },
];
