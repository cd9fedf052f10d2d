// The interchange exports (docs/PRODUCT.md#exports): SARIF 2.1.0, OCSF 1.5 Vulnerability Finding
// (class 2002, one document per finding) and ASFF, each validated against its schema kept beside
// this test; a company reaches only its own findings; a token without findings:read is refused.
import Ajv from "ajv";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";
import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as adminExport } from "@/app/api/admin/exports/findings/route";
import { GET as clientExport } from "@/app/api/client/findings/interchange/route";
import { GET as apiExport } from "@/app/api/v1/exports/findings/route";
import { auditLog } from "@/features/audit/server/schema";
import { findings } from "@/features/findings/server/schema/records";
import { API_SCOPES } from "@/lib/domain/api-scope";
import { createApiToken } from "@/features/api/server";
import { DEMO_CLIENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { adminCookie, clientActor, clientCookie } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import sarifSchema from "./schemas/sarif-2.1.0.schema.json";
import ocsfSchema from "./schemas/ocsf-1.5.0-vulnerability-finding.schema.json";
import asffSchema from "./schemas/asff-aws-security-finding.schema.json";

const t = setupTestDatabase({ seedDemo: true });

const draft04 = new AjvDraft04({ strict: false, allErrors: true });
addFormats(draft04);
const draft07 = new Ajv({ strict: false, allErrors: true });
addFormats(draft07);
const validSarif = draft04.compile(sarifSchema);
const validOcsf = draft07.compile(ocsfSchema);
const validAsff = draft07.compile(asffSchema);

type Route = (request: Request) => Promise<Response>;
const get = (route: Route, path: string, cookie?: string) =>
  route(new Request(`${APP_ORIGIN}${path}`, { headers: cookie ? authHeaders(cookie) : undefined }));

/** The company's published findings' ids, from the database. */
async function publishedIds(clientId: string) {
  const rows = await t.db
    .select({ id: findings.id })
    .from(findings)
    .where(and(eq(findings.clientId, clientId), isNotNull(findings.publishedAt)));
  return rows.map((r) => r.id).sort();
}

function expectValid(validate: ReturnType<typeof draft07.compile>, document: unknown) {
  const ok = validate(document);
  expect(ok ? [] : validate.errors).toEqual([]);
}

describe("interchange exports", () => {
  it("writes the company's findings as SARIF 2.1.0 that validates, one result per finding", async () => {
    const response = await get(clientExport, "/api/client/findings/interchange?format=sarif", await clientCookie());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/sarif+json");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="findings-\d{4}-\d{2}-\d{2}\.sarif"/);
    const log = await response.json();
    expectValid(validSarif, log);
    const results = log.runs[0].results as {
      partialFingerprints: { findingId: string };
      ruleId: string;
      ruleIndex: number;
      locations?: unknown[];
    }[];
    expect(results.map((r) => r.partialFingerprints.findingId).sort()).toEqual(await publishedIds(DEMO_CLIENTS.acme.id));
    // Every result names a rule of the run's driver, from its category.
    for (const r of results) expect(log.runs[0].tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
  });

  it("writes one OCSF 1.5 Vulnerability Finding per line, each valid, status mapped", async () => {
    const response = await get(clientExport, "/api/client/findings/interchange?format=ocsf", await clientCookie());
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split("\n");
    const documents = lines.map((line) => JSON.parse(line));
    expect(documents.length).toBe((await publishedIds(DEMO_CLIENTS.acme.id)).length);
    for (const d of documents) {
      expectValid(validOcsf, d);
      expect(d.class_uid).toBe(2002);
      expect(d.metadata.tenant_uid).toBe(DEMO_CLIENTS.acme.id);
    }
    const statuses = await t.db
      .select({ id: findings.id, status: findings.status })
      .from(findings)
      .where(eq(findings.clientId, DEMO_CLIENTS.acme.id));
    const statusOf = new Map(statuses.map((s) => [s.id, s.status]));
    for (const d of documents) {
      const ours = statusOf.get(d.finding_info.uid);
      if (ours === "verified_fixed") expect(d.status_id).toBe(4);
      if (ours === "open") expect(d.status_id).toBe(1);
      if (ours === "risk_accepted") expect([d.status_id, d.status]).toEqual([99, "Risk Accepted"]);
      if (ours === "withdrawn") expect(d.status_id).toBe(5);
    }
  });

  it("writes ASFF findings that validate, for the account and region asked", async () => {
    const response = await get(
      clientExport,
      "/api/client/findings/interchange?format=asff&account=123456789012&region=eu-west-3",
      await clientCookie(),
    );
    expect(response.status).toBe(200);
    const list = (await response.json()) as { AwsAccountId: string; ProductArn: string }[];
    expect(list.length).toBeGreaterThan(0);
    for (const f of list) {
      expectValid(validAsff, f);
      expect(f.AwsAccountId).toBe("123456789012");
      expect(f.ProductArn).toBe("arn:aws:securityhub:eu-west-3:123456789012:product/123456789012/default");
    }
  });

  it("lets Globex export only its own findings, even naming Acme's engagement or company", async () => {
    const globex = await clientCookie(DEMO_USERS.globex.email);
    const own = await get(clientExport, "/api/client/findings/interchange?format=ocsf", globex);
    const ids = (await own.text())
      .trimEnd()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line).finding_info.uid as string);
    expect(ids.sort()).toEqual(await publishedIds(DEMO_CLIENTS.globex.id));
    const acmeIds = new Set(await publishedIds(DEMO_CLIENTS.acme.id));
    expect(ids.some((id) => acmeIds.has(id))).toBe(false);
    const naming = await get(clientExport, `/api/client/findings/interchange?format=sarif&client=${DEMO_CLIENTS.acme.id}`, globex);
    const log = await naming.json();
    for (const r of log.runs[0].results) expect(acmeIds.has(r.partialFingerprints.findingId)).toBe(false);
  });

  it("lets a member with findings access export, refuses a token without findings:read and bad input", async () => {
    const member = await get(
      clientExport,
      "/api/client/findings/interchange?format=sarif",
      await clientCookie(DEMO_USERS.acmeMember.email),
    );
    expect(member.status).toBe(200);
    const actor = await clientActor(DEMO_USERS.acme.email);
    const scoped = async (scopes: (typeof API_SCOPES)[number][]) =>
      (await createApiToken(t.db, { actor, name: `Export ${scopes.length}`, scopes, lifetimeDays: 30 })).secret;
    const call = (secret: string, query: string) =>
      apiExport(new Request(`${APP_ORIGIN}/api/v1/exports/findings?${query}`, { headers: { authorization: `Bearer ${secret}` } }), {
        params: Promise.resolve({}),
      });
    const refused = await call(await scoped(API_SCOPES.filter((s) => s !== "findings:read")), "format=sarif");
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toContain("findings:read");
    const reader = await scoped(["findings:read"]);
    const answer = await call(reader, "format=ocsf");
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: unknown[] };
    for (const d of data) expectValid(validOcsf, d);
    const bad = await get(clientExport, "/api/client/findings/interchange?format=pdf", await clientCookie());
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain("sarif, ocsf or asff");
    // The portal's route is the company's: the firm has its own.
    expect((await get(clientExport, "/api/client/findings/interchange?format=sarif", await adminCookie())).status).toBe(403);
  });

  it("gives the firm every company's findings, or one company's, and writes each in its access log", async () => {
    const admin = await adminCookie();
    const one = await get(adminExport, `/api/admin/exports/findings?format=sarif&client=${DEMO_CLIENTS.globex.id}`, admin);
    expect(one.status).toBe(200);
    const log = await one.json();
    expectValid(validSarif, log);
    expect(log.runs[0].results.map((r: { partialFingerprints: { findingId: string } }) => r.partialFingerprints.findingId).sort()).toEqual(
      await publishedIds(DEMO_CLIENTS.globex.id),
    );
    const entries = await t.db.select({ clientId: auditLog.clientId }).from(auditLog).where(eq(auditLog.action, "export.findings"));
    expect(entries.map((e) => e.clientId)).toContain(DEMO_CLIENTS.globex.id);
    expect(entries.map((e) => e.clientId)).not.toContain(DEMO_CLIENTS.acme.id);
    expect((await get(adminExport, "/api/admin/exports/findings?format=asff", await clientCookie())).status).toBe(403);
  });
});
