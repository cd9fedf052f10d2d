import "server-only";
import { z } from "zod";
import { siteConfig } from "@/config/site";
import { API_SCOPES } from "@/lib/domain/api-scope";
import {
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
  "403": problem("The token lacks the scope this call needs (or, for invoices, Billing is withheld from members)"),
  "429": problem("Too many requests: wait Retry-After seconds"),
};
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
        "Read your company's projects, published findings, reports and invoices with a company API token (Settings → API tokens). Errors are RFC 9457 problem details.",
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
