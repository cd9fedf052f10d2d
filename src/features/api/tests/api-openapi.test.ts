// The company API's contract (docs/PRODUCT.md#api-and-webhooks): every /api/v1 route method on disk
// is made from a declaration of src/features/api/server/contract.ts and every declaration has its
// route; the OpenAPI document generated from them is valid OpenAPI 3.1 with each declared operation,
// and the routes' real answers parse with the very schemas it is generated from.
import fs from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GET as findingRoute } from "@/app/api/v1/findings/[id]/route";
import { GET as findingsRoute } from "@/app/api/v1/findings/route";
import { GET as documentRoute } from "@/app/api/v1/openapi.json/route";
import { GET as invoicesRoute } from "@/app/api/v1/invoices/route";
import { GET as projectsRoute } from "@/app/api/v1/projects/route";
import { GET as reportsRoute } from "@/app/api/v1/reports/route";
import { GET as lettersRoute } from "@/app/api/v1/attestation-letters/route";
import { GET as accessLogRoute } from "@/app/api/v1/access-log/route";
import { GET as webhooksRoute } from "@/app/api/v1/webhooks/route";
import { signChainHeads } from "@/features/audit/server";
import { API_SCOPES } from "@/lib/domain/api-scope";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { API_V1, type ApiRouteDeclaration, createApiToken, openApiDocument } from "@/features/api/server";
import { ApiReference } from "@/features/api/components/api-reference";
import {
  apiAccessLogPageSchema,
  apiLetterPageSchema,
  apiWebhookEndpointListSchema,
  apiFindingAnswerSchema,
  apiFindingPageSchema,
  apiInvoicePageSchema,
  apiProblemSchema,
  apiProjectPageSchema,
  apiReportPageSchema,
} from "@/features/api/validation";
import { clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });
const V1 = path.resolve(import.meta.dirname, "../../../app/api/v1");

/** The /api/v1 route files on disk with their OpenAPI path ([id] → {id}), the document's own route aside. */
function routeFilesOnDisk(dir = V1, prefix = "/api/v1"): { file: string; path: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return entry.name === "route.ts" ? [{ file: path.join(dir, entry.name), path: prefix }] : [];
    if (entry.name === "openapi.json") return [];
    return routeFilesOnDisk(path.join(dir, entry.name), `${prefix}/${entry.name.replace(/^\[(.+)\]$/, "{$1}")}`);
  });
}

/** Each route method exported on disk, with the declaration it was made from (if any). */
async function routeMethodsOnDisk() {
  const methods: { method: string; path: string; declaration: ApiRouteDeclaration | undefined }[] = [];
  for (const route of routeFilesOnDisk()) {
    const exported = (await import(route.file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported))
      if (/^(GET|POST|PUT|PATCH|DELETE)$/.test(name))
        methods.push({
          method: name.toLowerCase(),
          path: route.path,
          declaration: (value as { declaration?: ApiRouteDeclaration }).declaration,
        });
  }
  return methods;
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 and names every scope", async () => {
    const document = (await (await documentRoute(new Request(`${APP_ORIGIN}/api/v1/openapi.json`))).json()) as object;
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(JSON.stringify(document)).toContain(API_SCOPES[0]);
  });

  it("every route method on disk is made from its declaration, and every declaration has its route", async () => {
    const methods = await routeMethodsOnDisk();
    expect(methods.length).toBeGreaterThan(10);
    for (const { method, path: apiPath, declaration } of methods) {
      expect(declaration, `${method.toUpperCase()} ${apiPath} has no declaration in API_V1`).toBeDefined();
      expect({ method: declaration?.method, path: declaration?.path }, `${method.toUpperCase()} ${apiPath}`).toEqual({
        method,
        path: apiPath,
      });
    }
    const routed = methods.map((m) => m.declaration?.operationId).sort();
    expect(routed, "each declaration is routed once").toEqual(Object.keys(API_V1).sort());
    for (const [key, declaration] of Object.entries(API_V1)) expect(declaration.operationId).toBe(key);
  });

  it("lists each declared operation with its scope, parameters, body and answer, and nothing else", () => {
    const document = openApiDocument("https://portal.example.com");
    const operations = Object.entries(document.paths ?? {}).flatMap(([apiPath, item]) =>
      (["get", "post", "put", "delete"] as const).flatMap((method) => (item[method] ? [{ apiPath, method, operation: item[method] }] : [])),
    );
    expect(operations.map((o) => o.operation.operationId).sort()).toEqual(Object.keys(API_V1).sort());
    for (const declaration of Object.values(API_V1) as ApiRouteDeclaration[]) {
      const found = operations.find((o) => o.operation.operationId === declaration.operationId);
      expect({ path: found?.apiPath, method: found?.method }).toEqual({ path: declaration.path, method: declaration.method });
      expect(found?.operation.security).toEqual([{ token: [declaration.scope] }]);
      const parameters = (found?.operation.parameters ?? []) as { name: string; in: string }[];
      const declared = [
        ...Object.keys(declaration.params?.shape ?? {}).map((name) => `path ${name}`),
        ...Object.keys(declaration.query?._zod.def.shape ?? {}).map((name) => `query ${name}`),
      ];
      expect(parameters.filter((p) => p.in !== "header").map((p) => `${p.in} ${p.name}`)).toEqual(declared);
      expect(Boolean(found?.operation.requestBody), declaration.operationId).toBe(Boolean(declaration.body));
      expect(Object.keys(found?.operation.responses ?? {})).toContain(String(declaration.answer.status));
    }
    expect(document.components?.schemas?.Finding).toBeDefined();
  });

  it("the owners' reference page shows the generated document in the viewer", () => {
    const html = renderToStaticMarkup(createElement(ApiReference, { documentUrl: "/api/v1/openapi.json" }));
    expect(html).toContain('href="/api/v1/openapi.json"');
    expect(html).toContain("API reference");
  });

  it("describes what the routes answer: real answers parse with its schemas", async () => {
    const { secret } = await createApiToken(t.db, {
      actor: await clientActor(DEMO_USERS.acme.email),
      name: "OpenAPI",
      scopes: [...API_SCOPES],
      lifetimeDays: 30,
    });
    const headers = { authorization: `Bearer ${secret}` };
    const get = (handler: typeof findingsRoute, url: string, params: Record<string, string> = {}) =>
      handler(new Request(`${APP_ORIGIN}${url}`, { headers }), { params: Promise.resolve(params) });

    const projects = apiProjectPageSchema.parse(await (await get(projectsRoute, "/api/v1/projects")).json());
    expect(projects.data.length).toBeGreaterThan(0);
    const findings = apiFindingPageSchema.parse(await (await get(findingsRoute, "/api/v1/findings?limit=100&closed=true")).json());
    expect(findings.data.length).toBeGreaterThan(0);
    for (const item of findings.data) {
      const answer = await get(findingRoute, `/api/v1/findings/${item.id}`, { id: item.id });
      apiFindingAnswerSchema.parse(await answer.json());
    }
    const reports = apiReportPageSchema.parse(await (await get(reportsRoute, "/api/v1/reports")).json());
    expect(reports.data.length).toBeGreaterThan(0);
    const invoices = apiInvoicePageSchema.parse(await (await get(invoicesRoute, "/api/v1/invoices?limit=100")).json());
    expect(invoices.data.length).toBeGreaterThan(0);
    apiProblemSchema.parse(await (await get(findingsRoute, "/api/v1/findings?severity=nope")).json());
    const letters = apiLetterPageSchema.parse(await (await get(lettersRoute, "/api/v1/attestation-letters")).json());
    expect(letters.data.length).toBeGreaterThan(0);
    await signChainHeads(t.db);
    const log = apiAccessLogPageSchema.parse(await (await get(accessLogRoute, "/api/v1/access-log")).json());
    expect(log.data.length).toBeGreaterThan(0);
    expect(log.signedHead).not.toBeNull();
    const hooks = apiWebhookEndpointListSchema.parse(await (await get(webhooksRoute, "/api/v1/webhooks")).json());
    expect(hooks.data.length).toBeGreaterThan(0);
    expect(hooks.data.some((endpoint) => endpoint.lastDelivery !== null)).toBe(true);
  });
});
