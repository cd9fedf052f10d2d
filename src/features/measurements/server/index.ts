import "server-only";
// The measurements module's public face: everything outside src/features/measurements/server imports from here (README.md).

export {
  type FindingMeasurement,
  insertMeasurement,
  insertRetestMeasurement,
  latestMeasurementOf,
  type MeasurementTarget,
  measurementNote,
  measurementsOf,
  NOT_AN_AI_FINDING,
} from "./rows";
export { importedRunsOf, latestMeasurementsOf, retestMeasurementsOf, runCountsOf } from "./latest";
export { latestModelVersionsSql, measurementFacts, runningModelVersionsSql } from "./measurement-refs";
export { type ImportMeasurement, insertImportMeasurements } from "./imported";
export { type RetestResultCall, retestVerdict, verdictNote } from "./retest-verdict";
export {
  type EngagementTarget,
  currentVersionsOf,
  modelVersionHistory,
  type ModelVersionRecord,
  modelVersionsOf,
  modelVersionsStampSql,
  recordModelVersion,
} from "./model-versions";
export { assertFindingsReach, engagementOf } from "./reruns/engagement";
export { flagOverdueSchedules, listRerunSchedules, type RerunSchedule, setRerunSchedule } from "./reruns/schedules";
export { finishRun, listEngagementRuns, RUN_NOT_FOUND, type RunCounts, type RunSummary, runWithPrevious, startRun } from "./reruns/runs";
export { measurementJobs } from "./jobs";
export {
  type JudgeIdentity,
  type JudgeValidationRow,
  latestValidationOf,
  listJudgeValidations,
  recordJudgeValidation,
} from "./judges/validations";
