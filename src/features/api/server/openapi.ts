import "server-only";
import { z } from "zod";
import { siteConfig } from "@/config/site";
import { API_SCOPES } from "@/lib/domain/api-scope";
import { createWebhookEndpointSchema } from "@/features/webhooks/validation";
import {
  apiAccessLogEntrySchema,
  apiAccessLogPageSchema,
  apiAccessLogQuerySchema,
  apiCommentBodySchema,
  apiCreatedSchema,
  apiFindingChangeSchema,
  apiModelVersionBodySchema,
  apiModelVersionSchema,
  apiRerunBodySchema,
  apiRerunSchema,
  apiRunBodySchema,
  apiRunSchema,
  apiLetterPageSchema,
  apiLetterSchema,
  apiRetestPageSchema,
  apiRetestSchema,
  apiRetestsQuerySchema,
  apiRemediationOwnerBodySchema,
  apiRetestRequestBodySchema,
  apiRiskAcceptanceBodySchema,
  apiSignedHeadSchema,
  apiWebhookCreatedSchema,
  apiWebhookEndpointListSchema,
  apiWebhookEndpointSchema,
  apiFindingAnswerSchema,
  apiFindingListItemSchema,
  apiFindingPageSchema,
  apiFindingSchema,
  apiFindingsQuerySchema,
  apiInvoicePageSchema,
  apiInvoiceSchema,
  apiPageQuerySchema,
  apiProblemSchema,
  apiProjectPageSchema,
  apiProjectSchema,
  apiReportPageSchema,
  apiReportSchema,
} from "@/features/api/validation";
import { API_RATE_RULE } from "./api-route";

// The OpenAPI 3.1 document of the company API (docs/PRODUCT.md#api-and-webhooks), generated from the
// zod schemas the routes parse their queries with and type their answers by. Served at
// /api/v1/openapi.json; tests/unit and the api tests check it against the routes.

const registry = z.registry<{ id: string }>();
for (const [schema, id] of [
  [apiProjectSchema, "Project"],
  [apiFindingListItemSchema, "FindingListItem"],
  [apiFindingSchema, "Finding"],
  [apiProjectPageSchema, "ProjectPage"],
  [apiFindingPageSchema, "FindingPage"],
  [apiFindingAnswerSchema, "FindingAnswer"],
  [apiReportSchema, "Report"],
  [apiReportPageSchema, "ReportPage"],
  [apiInvoiceSchema, "Invoice"],
  [apiInvoicePageSchema, "InvoicePage"],
  [apiRetestSchema, "Retest"],
  [apiRetestPageSchema, "RetestPage"],
  [apiLetterSchema, "AttestationLetter"],
  [apiLetterPageSchema, "AttestationLetterPage"],
  [apiAccessLogEntrySchema, "AccessLogEntry"],
  [apiSignedHeadSchema, "SignedHead"],
  [apiAccessLogPageSchema, "AccessLogPage"],
  [apiWebhookEndpointSchema, "WebhookEndpoint"],
  [apiWebhookEndpointListSchema, "WebhookEndpointList"],
  [apiWebhookCreatedSchema, "WebhookCreated"],
  [apiCreatedSchema, "Created"],
  [apiFindingChangeSchema, "FindingChange"],
  [apiModelVersionSchema, "ModelVersion"],
  [apiRunSchema, "Run"],
  [apiRerunSchema, "Rerun"],
  [apiProblemSchema, "Problem"],
] as const)
  registry.add(schema as z.ZodType, { id });

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Each field of a query schema as an OpenAPI query parameter. */
function queryParameters(schema: z.ZodObject) {
  return Object.entries(schema.shape).map(([name, field]) => {
    const json = z.toJSONSchema(field as z.ZodType, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    delete json.$schema;
    return { name, in: "query", required: false, schema: json };
  });
}

/** A write's JSON body, from the schema the route parses it with. */
function jsonBody(schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  delete json.$schema;
  return { required: true, content: { "application/json": { schema: json } } };
}

const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: ref("Problem") } } });
const rateHeaders = {
  "RateLimit-Limit": { description: `Requests a token may make per minute (${API_RATE_RULE.max})`, schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in this minute", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the minute starts again", schema: { type: "integer" } },
  ETag: { description: "A weak validator of the answer: send it back as If-None-Match", schema: { type: "string" } },
};
const errors = {
  "400": problem("A parameter is not valid (named in detail and fieldErrors)"),
  "401": problem("No token, or one that is not valid, expired, revoked or of an inactive company"),
  "403": problem(
    "The token lacks the scope this call needs (or, for invoices, Billing is withheld from members; for an owner's scope, its maker is no longer an owner)",
  ),
  "429": problem("Too many requests: wait Retry-After seconds"),
};
const idempotencyKey = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Any unique value (a UUID) for this request: a retry with the same key within 24 hours gets the first answer (Idempotent-Replayed: true) instead of a second change",
  schema: { type: "string", maxLength: 255 },
};
const findingId = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const writeErrors = {
  ...errors,
  "404": problem("No published finding of the company has this id"),
  "409": problem("The finding cannot take this step now (its status), or a request with this Idempotency-Key is still running"),
  "415": problem("The body is not sent as application/json"),
  "422": problem("This Idempotency-Key was used with a different request"),
};
const done = (status: "200" | "201", id: string, description: string) => ({
  [status]: { description, headers: rateHeaders, content: { "application/json": { schema: ref(id) } } },
});
const ifNoneMatch = { name: "If-None-Match", in: "header", required: false, schema: { type: "string" } };
const ok = (id: string, description: string) => ({
  "200": { description, headers: rateHeaders, content: { "application/json": { schema: ref(id) } } },
  "304": { description: "Not modified: the If-None-Match tag is the answer's" },
});

/** The API's paths: each `/api/v1` route with its scope, parameters and answers. */
export const OPENAPI_PATHS = {
  "/api/v1/projects": {
    get: {
      operationId: "listProjects",
      summary: "The company's engagements, by id, a page at a time",
      security: [{ token: ["projects:read"] }],
      parameters: [...queryParameters(apiPageQuerySchema), ifNoneMatch],
      responses: { ...ok("ProjectPage", "A page of projects"), ...errors },
    },
  },
  "/api/v1/projects/{id}/model-versions": {
    put: {
      operationId: "recordModelVersion",
      summary:
        "Record the model version a target (provider and model) of the engagement runs now; the same version again adds nothing. Answers the Verified Fixed findings not verified on it",
      security: [{ token: ["findings:write"] }],
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
      requestBody: jsonBody(apiModelVersionBodySchema),
      responses: {
        ...done("200", "ModelVersion", "The version recorded (or already current)"),
        ...errors,
        "404": problem("No engagement of the company has this id"),
        "415": problem("The body is not sent as application/json"),
      },
    },
  },
  "/api/v1/projects/{id}/runs": {
    post: {
      operationId: "recordRerun",
      summary:
        "Record a run of the engagement target's reproducers on one model version (each finding's counts, turns for conversations); compared with the previous run on that version, a finding left out is only not seen",
      security: [{ token: ["findings:write"] }],
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
      requestBody: jsonBody(apiRerunBodySchema),
      responses: {
        ...done("201", "Rerun", "The run recorded"),
        ...errors,
        "404": problem("No engagement of the company has this id, or a finding is not one of its published findings"),
        "415": problem("The body is not sent as application/json"),
      },
    },
  },
  "/api/v1/findings": {
    get: {
      operationId: "listFindings",
      summary: "The company's published findings, oldest change first, a page at a time",
      security: [{ token: ["findings:read"] }],
      parameters: [...queryParameters(apiFindingsQuerySchema), ifNoneMatch],
      responses: { ...ok("FindingPage", "A page of findings"), ...errors },
    },
  },
  "/api/v1/findings/{id}": {
    get: {
      operationId: "getFinding",
      summary: "One published finding of the company",
      security: [{ token: ["findings:read"] }],
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }, ifNoneMatch],
      responses: { ...ok("FindingAnswer", "The finding"), ...errors, "404": problem("No published finding of the company has this id") },
    },
  },
  "/api/v1/retests": {
    get: {
      operationId: "listRetests",
      summary: "The company's retest requests and their results, newest first, a page at a time",
      security: [{ token: ["findings:read"] }],
      parameters: [...queryParameters(apiRetestsQuerySchema), ifNoneMatch],
      responses: { ...ok("RetestPage", "A page of retest requests"), ...errors },
    },
  },
  "/api/v1/findings/{id}/comments": {
    post: {
      operationId: "addFindingComment",
      summary: "Comment on a published finding (the timeline names the token)",
      security: [{ token: ["findings:write"] }],
      parameters: [findingId, idempotencyKey],
      requestBody: jsonBody(apiCommentBodySchema),
      responses: { ...done("201", "Created", "The comment"), ...writeErrors },
    },
  },
  "/api/v1/findings/{id}/retest-requests": {
    post: {
      operationId: "requestRetest",
      summary: "Mark an open finding fixed and ask the firm to retest it",
      security: [{ token: ["findings:write"] }],
      parameters: [findingId, idempotencyKey],
      requestBody: jsonBody(apiRetestRequestBodySchema),
      responses: { ...done("201", "Created", "The retest request"), ...writeErrors },
    },
  },
  "/api/v1/findings/{id}/risk-acceptance": {
    post: {
      operationId: "acceptRisk",
      summary: "Accept an open finding's risk until a date, with the reason",
      security: [{ token: ["findings:write"] }],
      parameters: [findingId, idempotencyKey],
      requestBody: jsonBody(apiRiskAcceptanceBodySchema),
      responses: { ...done("200", "FindingChange", "The finding, now Risk accepted"), ...writeErrors },
    },
  },
  "/api/v1/findings/{id}/runs": {
    post: {
      operationId: "recordRun",
      summary:
        "Post a run of your CI on an AI finding (its reproducer's counts: trials, successes, the model version tried); successes on a fixed finding make it Regressed",
      security: [{ token: ["findings:write"] }],
      parameters: [findingId, idempotencyKey],
      requestBody: jsonBody(apiRunBodySchema),
      responses: { ...done("201", "Run", "The run, stored as a measurement"), ...writeErrors },
    },
  },
  "/api/v1/findings/{id}/remediation-owner": {
    put: {
      operationId: "setRemediationOwner",
      summary: "Name the person of the company who remediates the finding (by e-mail), or null for none",
      security: [{ token: ["findings:write"] }],
      parameters: [findingId],
      requestBody: jsonBody(apiRemediationOwnerBodySchema),
      responses: { ...done("200", "FindingChange", "The finding with its remediation owner"), ...writeErrors },
    },
  },
  "/api/v1/reports": {
    get: {
      operationId: "listReports",
      summary: "The company's available reports (titles, versions, dates; a download stays in the portal), a page at a time",
      security: [{ token: ["reports:read"] }],
      parameters: [...queryParameters(apiPageQuerySchema), ifNoneMatch],
      responses: { ...ok("ReportPage", "A page of reports"), ...errors },
    },
  },
  "/api/v1/invoices": {
    get: {
      operationId: "listInvoices",
      summary: "The company's invoices, a page at a time (403 while Billing is withheld from members)",
      security: [{ token: ["invoices:read"] }],
      parameters: [...queryParameters(apiPageQuerySchema), ifNoneMatch],
      responses: { ...ok("InvoicePage", "A page of invoices"), ...errors },
    },
  },
  "/api/v1/attestation-letters": {
    get: {
      operationId: "listAttestationLetters",
      summary: "The company's attestation letters and their state (Valid, Superseded, Revoked), newest first, a page at a time",
      security: [{ token: ["reports:read"] }],
      parameters: [...queryParameters(apiPageQuerySchema), ifNoneMatch],
      responses: { ...ok("AttestationLetterPage", "A page of letters"), ...errors },
    },
  },
  "/api/v1/access-log": {
    get: {
      operationId: "listAccessLog",
      summary: "The firm's accesses to the company's data, newest first, with the hash chain's newest signed head",
      security: [{ token: ["access-log:read"] }],
      parameters: [...queryParameters(apiAccessLogQuerySchema), ifNoneMatch],
      responses: { ...ok("AccessLogPage", "A page of the access log"), ...errors },
    },
  },
  "/api/v1/webhooks": {
    get: {
      operationId: "listWebhooks",
      summary: "The company's webhook endpoints with their state and last delivery",
      security: [{ token: ["webhooks:manage"] }],
      parameters: [ifNoneMatch],
      responses: { ...ok("WebhookEndpointList", "The endpoints"), ...errors },
    },
    post: {
      operationId: "createWebhook",
      summary: "Add a webhook endpoint (at most 10); a signed endpoint's secret is answered once",
      security: [{ token: ["webhooks:manage"] }],
      parameters: [idempotencyKey],
      requestBody: jsonBody(createWebhookEndpointSchema),
      responses: {
        ...done("201", "WebhookCreated", "The endpoint"),
        ...errors,
        "409": problem("The company has 10 endpoints, or a request with this Idempotency-Key is still running"),
        "415": problem("The body is not sent as application/json"),
        "422": problem("This Idempotency-Key was used with a different request"),
      },
    },
  },
  "/api/v1/webhooks/{id}": {
    delete: {
      operationId: "deleteWebhook",
      summary: "Remove a webhook endpoint and its delivery log",
      security: [{ token: ["webhooks:manage"] }],
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
      responses: {
        "204": { description: "Removed", headers: rateHeaders },
        ...errors,
        "404": problem("No endpoint of the company has this id"),
      },
    },
  },
} as const;

export function openApiDocument(baseUrl: string) {
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, unrepresentable: "any" }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  for (const schema of Object.values(schemas)) delete schema.$schema;
  return {
    openapi: "3.1.0",
    info: {
      title: `${siteConfig.name} client API`,
      version: "1",
      description:
        "Read your company's projects, published findings, reports, attestation letters, invoices and the firm's access log, act on findings and manage webhooks with a company API token (Settings → API tokens). Errors are RFC 9457 problem details.",
    },
    servers: [{ url: baseUrl }],
    components: {
      schemas,
      securitySchemes: {
        token: {
          type: "http",
          scheme: "bearer",
          description: `A company API token (sai_pat_…). Scopes: ${API_SCOPES.join(", ")}.`,
        },
      },
    },
    paths: OPENAPI_PATHS,
  };
}
