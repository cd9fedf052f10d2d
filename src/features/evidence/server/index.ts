import "server-only";
// The evidence slice's public face: everything outside src/features/evidence/server imports from here (README.md).

export { BUILTIN_CASES, BUILTIN_PLAN_NAME } from "./builtin-plan";
export {
  type Coverage,
  type CoverageResult,
  engagementTargets,
  evidenceEngagement,
  getCoverage,
  linkableFindings,
  NO_ADOPTED_PLAN,
  recordCaseResult,
  WHOLE_ENGAGEMENT,
  writeCoverageRecord,
} from "./coverage";
export { applyImportWithCases, type ImportWithCases, linkImportedFindings } from "./import-links";
export { type CompanyPack, currentPacksOfCompany, packOfCompany, packPdfOfCompany } from "./company-packs";
export { OSCAL_VERSION, oscalErrors } from "./oscal";
export { NOT_CONFORMITY } from "./pack-pdf";
export {
  currentPackOf,
  buildPack,
  issuePack,
  recordPack,
  listPacks,
  PACK_JWS_TYP,
  PACK_NOT_FOUND,
  PACK_TITLE,
  type PackFacts,
  type PackRow,
  type PackState,
  RETESTS_STILL_OPEN,
  revokePack,
  type VerifiedPack,
  verifyPack,
} from "./packs";
export { adoptedPlanOf, adoptPlan, ENGAGEMENT_NOT_FOUND, ensureBuiltinPlan, listPlans, type PlanRow, savePlan } from "./plans";
