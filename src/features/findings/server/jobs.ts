import "server-only";
import type { JobDefinition } from "@/server/core/jobs/job";
import { runFindingTasks } from "./finding-tasks";

/** Risk acceptances ending or ended (scheduled re-runs past their due time: the measurements slice's job). */
export const findingJobs: JobDefinition[] = [{ name: "findings.tasks", cron: "*/10 * * * *", run: runFindingTasks }];
