import "server-only";

export { apiRoute, type ApiRouteMethod, API_RATE_RULE, OWNER_SCOPES_ENDED } from "./api-route";
export {
  API_TOKEN_NOT_FOUND,
  type ApiTokenRow,
  type ApiTokenState,
  createApiToken,
  listApiTokens,
  listClientTokensForAdmin,
  MAX_LIVE_TOKENS,
  revokeApiToken,
  revokeApiTokenAsFirm,
} from "./tokens";
export { type ApiCaller, authenticateApiToken, TOKEN_INVALID, TOKEN_MISSING } from "./token-auth";
export { API_V1, type ApiRouteDeclaration } from "./contract";
export { openApiDocument } from "./openapi";
export { apiGetFinding, apiListFindings } from "./v1/findings";
export { apiExportFindings } from "./v1/exports";
export { apiListInvoices } from "./v1/invoices";
export { apiListProjects } from "./v1/projects";
export { apiListReports } from "./v1/reports";
export { apiAcceptRisk, apiAddComment, apiRecordRun, apiRequestRetest, apiSetRemediationOwner } from "./v1/finding-actions";
export { apiListLetters } from "./v1/letters";
export { apiGetCoverage, apiGetEvidencePack } from "./v1/evidence";
export { apiRecordModelVersion } from "./v1/model-versions";
export { apiRecordRerun } from "./v1/reruns";
export { apiListRetests } from "./v1/retests";
export { apiListAccessLog } from "./v1/access-log";
export { apiCreateWebhook, apiDeleteWebhook, apiListWebhooks } from "./v1/webhooks";
export { apiListShares, apiRevokeShare } from "./v1/shares";
