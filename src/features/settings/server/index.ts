import "server-only";
// The settings module's public face: everything outside src/features/settings/server imports from here (README.md).

export {
  type AdminSettings,
  type DefaultRateCard,
  defaultRateCardsOf,
  defaultRatesSql,
  getAdminSettings,
  getDefaultRateCards,
  getReportTemplateSetting,
  type ReportTemplateSetting,
  saveDefaultRates,
  saveFirmDetails,
  setReportTemplate,
  setRequireClientTwoFactor,
} from "./app-settings";
export { type FirmDetails, getFirmDetails } from "./firm-details";
export { type AuthorizationTermsSetting, getAuthorizationTerms, setAuthorizationTerms } from "./authorization-terms";
export { getMinRetestTrials, setMinRetestTrials } from "./retest-trials";
// The firm-wide client two-factor requirement as SQL, for the client guard's membership read (clients → identity).
export { clientTwoFactorPolicySql } from "./two-factor-policy";
export { templateStoredKeys } from "./app-settings";
