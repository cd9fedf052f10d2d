// The OpenAPI document of the company API (docs/PRODUCT.md#api-and-webhooks): valid OpenAPI 3.1,
// one path for each /api/v1 route on disk and no other, and the routes' real answers parse with
// the very schemas the document is generated from.
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
import { createApiToken, OPENAPI_PATHS, openApiDocument } from "@/features/api/server";
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

/** The /api/v1 route files on disk as OpenAPI paths ([id] → {id}), the document's own route aside. */
function routesOnDisk(dir = V1, prefix = "/api/v1"): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return entry.name === "route.ts" ? [prefix] : [];
    if (entry.name === "openapi.json") return [];
    return routesOnDisk(path.join(dir, entry.name), `${prefix}/${entry.name.replace(/^\[(.+)\]$/, "{$1}")}`);
  });
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 and names every scope", async () => {
    const document = (await (await documentRoute(new Request(`${APP_ORIGIN}/api/v1/openapi.json`))).json()) as object;
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(JSON.stringify(document)).toContain(API_SCOPES[0]);
  });

  it("has a path for each /api/v1 route on disk, and none without one", () => {
    expect(Object.keys(OPENAPI_PATHS).sort()).toEqual(routesOnDisk().sort());
  });

  it("names for each path exactly the methods its route file exports", async () => {
    for (const [apiPath, operations] of Object.entries(OPENAPI_PATHS)) {
      const file = path.join(V1, apiPath.replace("/api/v1", "").replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
      const exported = Object.keys(await import(file)).filter((name) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(name));
      expect(
        Object.keys(operations)
          .map((m) => m.toUpperCase())
          .sort(),
        apiPath,
      ).toEqual(exported.sort());
    }
  });

  it("the owners' reference page shows every route and schema of the document, and every type link leads to a schema", () => {
    const document = openApiDocument("https://portal.example.com");
    const html = renderToStaticMarkup(createElement(ApiReference, { document }));
    for (const [apiPath, operations] of Object.entries(OPENAPI_PATHS))
      for (const method of Object.keys(operations))
        expect(html).toMatch(new RegExp(`${method.toUpperCase()}</span> <span[^>]*>${apiPath.replace(/[{}]/g, "\\$&")}<`));
    const anchors = new Set([...html.matchAll(/ id="schema-([\w]+)"/g)].map((m) => m[1]));
    expect([...anchors].sort()).toEqual(Object.keys(document.components.schemas).sort());
    const links = [...html.matchAll(/href="#schema-([\w]+)"/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(anchors, link).toContain(link);
    expect(html).toContain("https://portal.example.com");
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
