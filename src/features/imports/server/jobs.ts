import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { discardStalePreviews } from "./stale-previews";

/** Import previews left pending for a week are discarded. */
export const importJobs: JobDefinition[] = [{ name: "imports.stale-previews", cron: "*/10 * * * *", run: discardStalePreviews }];
