import "server-only";
import { z } from "zod";
import type { $ZodObject, $ZodType } from "zod/v4/core";
import type { ApiScope } from "@/lib/domain/api-scope";
import { uuidSchema } from "@/lib/validation/common";
import { createWebhookEndpointSchema } from "@/features/webhooks/validation";
import { ENDPOINT_NOT_FOUND } from "@/features/webhooks/server";
import {
  apiAccessLogPageSchema,
  apiAccessLogQuerySchema,
  apiCommentBodySchema,
  apiCoverageSchema,
  apiCreatedSchema,
  apiEvidencePackSchema,
  apiFindingAnswerSchema,
  apiFindingChangeSchema,
  apiFindingPageSchema,
  apiFindingsQuerySchema,
  apiInterchangeAnswerSchema,
  apiInterchangeQuerySchema,
  apiInvoicePageSchema,
  apiLetterPageSchema,
  apiModelVersionBodySchema,
  apiModelVersionSchema,
  apiPageQuerySchema,
  apiRerunBodySchema,
  apiRerunSchema,
  apiProjectPageSchema,
  apiRemediationOwnerBodySchema,
  apiReportPageSchema,
  apiRetestPageSchema,
  apiRetestRequestBodySchema,
  apiRetestsQuerySchema,
  apiRiskAcceptanceBodySchema,
  apiRunBodySchema,
  apiRunSchema,
  apiWebhookCreatedSchema,
  apiWebhookEndpointListSchema,
  apiShareListSchema,
} from "@/features/api/validation";
import { SHARE_NOT_FOUND } from "@/features/sharing/server";

// The company API's contract (docs/PRODUCT.md#api-and-webhooks): each `/api/v1` route declared once,
// with its method, path, scope and the zod schemas of its path, query, body and answer. `apiRoute`
// takes its scope, parsing and status from here and the OpenAPI document is generated from the same
// objects, so the two cannot drift; src/features/api/tests/api-openapi.test.ts checks that every
// route file exports one of these and each of these has its route file.

/** The extra refusals a route documents beyond those every route shares (400, 401, 403, 429). */
type ExtraStatus = "404" | "409" | "415" | "422";

export type ApiRouteDeclaration = {
  operationId: string;
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI style: `{id}` where the route folder says `[id]`. */
  path: `/api/v1/${string}`;
  scope: ApiScope;
  summary: string;
  /** The path's parameters; one that does not parse is a 404 with `notFound` (like a missing object). */
  params?: z.ZodObject;
  notFound?: string;
  query?: $ZodObject;
  body?: $ZodType;
  /** A POST that keeps its answer for a retry with the same Idempotency-Key (server/idempotency.ts). */
  idempotent?: boolean;
  answer: { status: 200 | 201 | 204; description: string; schema?: $ZodType };
  refusals?: Partial<Record<ExtraStatus, string>>;
};

const FINDING_NOT_FOUND = "Finding not found";
const findingPath = z.object({ id: uuidSchema });
const findingWrite = {
  "404": "No published finding of the company has this id",
  "409": "The finding cannot take this step now (its status), or a request with this Idempotency-Key is still running",
} as const;

/** The declarations, by operation: what the route files wrap and the OpenAPI document lists. */
export const API_V1 = {
  listProjects: {
    operationId: "listProjects",
    method: "get",
    path: "/api/v1/projects",
    scope: "projects:read",
    summary: "The company's engagements, by id, a page at a time",
    query: apiPageQuerySchema,
    answer: { status: 200, description: "A page of projects", schema: apiProjectPageSchema },
  },
  recordModelVersion: {
    operationId: "recordModelVersion",
    method: "put",
    path: "/api/v1/projects/{id}/model-versions",
    scope: "findings:write",
    summary:
      "Record the model version a target (provider and model) of the engagement runs now; the same version again adds nothing. Answers the Verified Fixed findings not verified on it",
    params: z.object({ id: uuidSchema }),
    notFound: "Engagement not found",
    body: apiModelVersionBodySchema,
    answer: { status: 200, description: "The version recorded (or already current)", schema: apiModelVersionSchema },
    refusals: { "404": "No engagement of the company has this id" },
  },
  recordRerun: {
    operationId: "recordRerun",
    method: "post",
    path: "/api/v1/projects/{id}/runs",
    scope: "findings:write",
    summary:
      "Record a run of the engagement target's reproducers on one model version (each finding's counts, turns for conversations); compared with the previous run on that version, a finding left out is only not seen",
    params: z.object({ id: uuidSchema }),
    notFound: "Engagement not found",
    body: apiRerunBodySchema,
    idempotent: true,
    answer: { status: 201, description: "The run recorded", schema: apiRerunSchema },
    refusals: { "404": "No engagement of the company has this id, or a finding is not one of its published findings" },
  },
  listFindings: {
    operationId: "listFindings",
    method: "get",
    path: "/api/v1/findings",
    scope: "findings:read",
    summary: "The company's published findings, oldest change first, a page at a time (403 while findings are withheld from members)",
    query: apiFindingsQuerySchema,
    answer: { status: 200, description: "A page of findings", schema: apiFindingPageSchema },
  },
  exportFindings: {
    operationId: "exportFindings",
    method: "get",
    path: "/api/v1/exports/findings",
    scope: "findings:read",
    summary:
      "The company's published findings of a filter as SARIF 2.1.0, OCSF 1.5 Vulnerability Findings or ASFF (403 while findings are withheld from members)",
    query: apiInterchangeQuerySchema,
    answer: {
      status: 200,
      description: "The documents (a SARIF log, or a list of OCSF or ASFF findings)",
      schema: apiInterchangeAnswerSchema,
    },
  },
  getFinding: {
    operationId: "getFinding",
    method: "get",
    path: "/api/v1/findings/{id}",
    scope: "findings:read",
    summary: "One published finding of the company (403 while findings are withheld from members)",
    params: findingPath,
    notFound: FINDING_NOT_FOUND,
    answer: { status: 200, description: "The finding", schema: apiFindingAnswerSchema },
    refusals: { "404": "No published finding of the company has this id" },
  },
  listRetests: {
    operationId: "listRetests",
    method: "get",
    path: "/api/v1/retests",
    scope: "findings:read",
    summary:
      "The company's retest requests and their results, newest first, a page at a time (403 while findings are withheld from members)",
    query: apiRetestsQuerySchema,
    answer: { status: 200, description: "A page of retest requests", schema: apiRetestPageSchema },
  },
  addFindingComment: {
    operationId: "addFindingComment",
    method: "post",
    path: "/api/v1/findings/{id}/comments",
    scope: "findings:write",
    summary: "Comment on a published finding (the timeline names the token)",
    params: findingPath,
    notFound: FINDING_NOT_FOUND,
    body: apiCommentBodySchema,
    idempotent: true,
    answer: { status: 201, description: "The comment", schema: apiCreatedSchema },
    refusals: findingWrite,
  },
  requestRetest: {
    operationId: "requestRetest",
    method: "post",
    path: "/api/v1/findings/{id}/retest-requests",
    scope: "findings:write",
    summary: "Mark an open finding fixed and ask the firm to retest it",
    params: findingPath,
    notFound: FINDING_NOT_FOUND,
    body: apiRetestRequestBodySchema,
    idempotent: true,
    answer: { status: 201, description: "The retest request", schema: apiCreatedSchema },
    refusals: findingWrite,
  },
  acceptRisk: {
    operationId: "acceptRisk",
    method: "post",
    path: "/api/v1/findings/{id}/risk-acceptance",
    scope: "findings:write",
    summary: "Accept an open finding's risk until a date, with the reason",
    params: findingPath,
    notFound: FINDING_NOT_FOUND,
    body: apiRiskAcceptanceBodySchema,
    idempotent: true,
    answer: { status: 200, description: "The finding, now Risk accepted", schema: apiFindingChangeSchema },
    refusals: findingWrite,
  },
  recordRun: {
    operationId: "recordRun",
    method: "post",
    path: "/api/v1/findings/{id}/runs",
    scope: "findings:write",
    summary:
      "Post a run of your CI on an AI finding (its reproducer's counts: trials, successes, the model version tried); successes on a fixed finding make it Regressed",
    params: findingPath,
    notFound: FINDING_NOT_FOUND,
    body: apiRunBodySchema,
    idempotent: true,
    answer: { status: 201, description: "The run, stored as a measurement", schema: apiRunSchema },
    refusals: findingWrite,
  },
  setRemediationOwner: {
    operationId: "setRemediationOwner",
    method: "put",
    path: "/api/v1/findings/{id}/remediation-owner",
    scope: "findings:write",
    summary: "Name the person of the company who remediates the finding (by e-mail), or null for none",
    params: findingPath,
    notFound: FINDING_NOT_FOUND,
    body: apiRemediationOwnerBodySchema,
    answer: { status: 200, description: "The finding with its remediation owner", schema: apiFindingChangeSchema },
    refusals: { "404": findingWrite["404"], "409": "The finding cannot take this step now (its status)" },
  },
  listReports: {
    operationId: "listReports",
    method: "get",
    path: "/api/v1/reports",
    scope: "reports:read",
    summary:
      "The company's available reports (titles, versions, dates; a download stays in the portal), a page at a time (403 while reports are withheld from members)",
    query: apiPageQuerySchema,
    answer: { status: 200, description: "A page of reports", schema: apiReportPageSchema },
  },
  listInvoices: {
    operationId: "listInvoices",
    method: "get",
    path: "/api/v1/invoices",
    scope: "invoices:read",
    summary: "The company's invoices, a page at a time (403 while Billing is withheld from members)",
    query: apiPageQuerySchema,
    answer: { status: 200, description: "A page of invoices", schema: apiInvoicePageSchema },
  },
  listAttestationLetters: {
    operationId: "listAttestationLetters",
    method: "get",
    path: "/api/v1/attestation-letters",
    scope: "reports:read",
    summary: "The company's attestation letters and their state (Valid, Superseded, Revoked), newest first, a page at a time",
    query: apiPageQuerySchema,
    answer: { status: 200, description: "A page of letters", schema: apiLetterPageSchema },
  },
  getEngagementCoverage: {
    operationId: "getEngagementCoverage",
    method: "get",
    path: "/api/v1/engagements/{id}/coverage",
    scope: "reports:read",
    summary: "An engagement's coverage record: each test case's status per target, and the counts per control family",
    params: z.object({ id: uuidSchema }),
    notFound: "Engagement not found.",
    answer: { status: 200, description: "The coverage record", schema: apiCoverageSchema },
    refusals: { "404": "No engagement of the company has this id, or it has no coverage record" },
  },
  getEvidencePack: {
    operationId: "getEvidencePack",
    method: "get",
    path: "/api/v1/engagements/{id}/evidence-pack",
    scope: "reports:read",
    summary:
      "An engagement's current evidence pack: its code, signed facts and OSCAL assessment-results (the PDF downloads in the portal; 403 while reports are withheld from members)",
    params: z.object({ id: uuidSchema }),
    notFound: "Evidence pack not found.",
    answer: { status: 200, description: "The evidence pack", schema: apiEvidencePackSchema },
    refusals: { "404": "No current evidence pack of the company's engagement" },
  },
  listAccessLog: {
    operationId: "listAccessLog",
    method: "get",
    path: "/api/v1/access-log",
    scope: "access-log:read",
    summary: "The firm's accesses to the company's data, newest first, with the hash chain's newest signed head",
    query: apiAccessLogQuerySchema,
    answer: { status: 200, description: "A page of the access log", schema: apiAccessLogPageSchema },
  },
  listWebhooks: {
    operationId: "listWebhooks",
    method: "get",
    path: "/api/v1/webhooks",
    scope: "webhooks:manage",
    summary: "The company's webhook endpoints with their state and last delivery",
    answer: { status: 200, description: "The endpoints", schema: apiWebhookEndpointListSchema },
  },
  createWebhook: {
    operationId: "createWebhook",
    method: "post",
    path: "/api/v1/webhooks",
    scope: "webhooks:manage",
    summary: "Add a webhook endpoint (at most 10); a signed endpoint's secret is answered once",
    body: createWebhookEndpointSchema,
    idempotent: true,
    answer: { status: 201, description: "The endpoint", schema: apiWebhookCreatedSchema },
    refusals: { "409": "The company has 10 endpoints, or a request with this Idempotency-Key is still running" },
  },
  deleteWebhook: {
    operationId: "deleteWebhook",
    method: "delete",
    path: "/api/v1/webhooks/{id}",
    scope: "webhooks:manage",
    summary: "Remove a webhook endpoint and its delivery log",
    params: z.object({ id: uuidSchema }),
    notFound: ENDPOINT_NOT_FOUND,
    answer: { status: 204, description: "Removed" },
    refusals: { "404": "No endpoint of the company has this id" },
  },
  listShares: {
    operationId: "listShares",
    method: "get",
    path: "/api/v1/shares",
    scope: "shares:read",
    summary: "The company's shares with third parties (newest 100): items, recipients, NDA acceptances, views and downloads",
    answer: { status: 200, description: "The shares", schema: apiShareListSchema },
  },
  revokeShare: {
    operationId: "revokeShare",
    method: "post",
    path: "/api/v1/shares/{id}/revoke",
    scope: "shares:write",
    summary: "Revoke a share: its recipients' links and sessions end at once, its copies' codes read revoked",
    params: z.object({ id: uuidSchema }),
    notFound: SHARE_NOT_FOUND,
    answer: { status: 204, description: "Revoked" },
    refusals: { "404": "No share of the company has this id" },
  },
} as const satisfies Record<string, ApiRouteDeclaration>;
