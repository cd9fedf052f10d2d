// The OpenAPI document of the company API (docs/PRODUCT.md#api-and-webhooks): valid OpenAPI 3.1,
// one path for each /api/v1 route on disk and no other, and the routes' real answers parse with
// the very schemas the document is generated from.
import fs from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { GET as findingRoute } from "@/app/api/v1/findings/[id]/route";
import { GET as findingsRoute } from "@/app/api/v1/findings/route";
import { GET as documentRoute } from "@/app/api/v1/openapi.json/route";
import { GET as invoicesRoute } from "@/app/api/v1/invoices/route";
import { GET as projectsRoute } from "@/app/api/v1/projects/route";
import { GET as reportsRoute } from "@/app/api/v1/reports/route";
import { API_SCOPES } from "@/lib/domain/api-scope";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { createApiToken, OPENAPI_PATHS } from "@/features/api/server";
import {
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
  });
});
