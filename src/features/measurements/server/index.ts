import "server-only";
// The measurements module's public face: everything outside src/features/measurements/server imports from here (README.md).

export {
  type JudgeIdentity,
  type JudgeValidationRow,
  latestValidationOf,
  listJudgeValidations,
  recordJudgeValidation,
} from "./judges/validations";
