// The company API (docs/PRODUCT.md#api-and-webhooks): owners make tokens after a fresh factor; a
// token reads only its company's published findings and projects, within its scopes, a page at a
// time; a revoked, expired or foreign token gets nothing.
import { and, eq, isNotNull, notInArray, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { GET as findingRoute } from "@/app/api/v1/findings/[id]/route";
import { GET as findingsRoute } from "@/app/api/v1/findings/route";
import { GET as invoicesRoute } from "@/app/api/v1/invoices/route";
import { GET as projectsRoute } from "@/app/api/v1/projects/route";
import { GET as reportsRoute } from "@/app/api/v1/reports/route";
import type { ApiScope } from "@/lib/domain/api-scope";
import { FIRM_CLOSED_FINDING_STATUSES } from "@/lib/domain/finding";
import { apiTokens } from "@/features/api/server/schema";
import { auditLog } from "@/features/audit/server/schema";
import { clients } from "@/features/clients/server/schema";
import { findings } from "@/features/findings/server/schema/records";
import { invoices } from "@/features/invoices/server/schema";
import { projects } from "@/features/projects/server/schema";
import { reports } from "@/features/reports/server/schema";
import { DEMO_CLIENTS, DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { createApiTokenAction, revokeApiTokenAction } from "@/features/api/actions/portal";
import { createApiToken, listApiTokens } from "@/features/api/server";
import type { CreateApiTokenInput } from "@/features/api/validation";
import { clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function get(handler: Handler, path: string, headers: Record<string, string> = {}, params: Record<string, string> = {}) {
  return handler(new Request(`${APP_ORIGIN}${path}`, { headers }), { params: Promise.resolve(params) });
}
const bearer = (secret: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${secret}`, ...extra });

async function tokenFor(email: string, scopes: ApiScope[], name = "CI") {
  const actor = await clientActor(email);
  return createApiToken(t.db, { actor, name, scopes, lifetimeDays: 90 });
}

/** The company's published findings the portal's list shows by default (not closed by the firm). */
async function publishedIds(clientId: string) {
  const rows = await t.db
    .select({ id: findings.id })
    .from(findings)
    .where(
      and(eq(findings.clientId, clientId), isNotNull(findings.publishedAt), notInArray(findings.status, [...FIRM_CLOSED_FINDING_STATUSES])),
    );
  return rows.map((r) => r.id).sort();
}

describe("making and revoking tokens", () => {
  it("asks an owner for a fresh factor first, shows the secret once and stores only its hash", async () => {
    const cookie = await sessionCookie(DEMO_USERS.acme.email);
    requestHeaders.current = authHeaders(cookie);
    const input: CreateApiTokenInput = { name: "Jira sync", scopes: ["findings:read"], lifetime: "30" };
    const asked = await createApiTokenAction(input);
    expect(asked).toMatchObject({ success: false, code: "forbidden" });
    expect(Object.keys((asked as { fieldErrors?: object }).fieldErrors ?? {})).toContain("password");

    await confirmFreshSecondFactor(t.db, authHeaders(cookie), { password: DEMO_PASSWORDS.client });
    const made = await createApiTokenAction(input);
    expect(made.success).toBe(true);
    const { secret, id, expiresAt } = (made as { data: { secret: string; id: string; expiresAt: string } }).data;
    expect(secret).toMatch(/^sai_pat_[0-9A-Za-z]{43}$/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const [stored] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(8));
    expect(stored).toMatchObject({
      clientId: DEMO_CLIENTS.acme.id,
      name: "Jira sync",
      scopes: ["findings:read"],
      createdByName: DEMO_USERS.acme.name,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "api_token.created"), eq(auditLog.entityId, id)));
    expect(audit?.clientId).toBe(DEMO_CLIENTS.acme.id);

    // The owners' list shows it with its maker; the secret is nowhere in it.
    const list = await listApiTokens(t.db, { actor: await clientActor(DEMO_USERS.acme.email) });
    expect(list.find((row) => row.id === id)).toMatchObject({ name: "Jira sync", state: "active", createdByName: DEMO_USERS.acme.name });
    expect(JSON.stringify(list)).not.toContain(secret);
  });

  it("refuses a member, before any step-up, and a member cannot read the list", async () => {
    requestHeaders.current = authHeaders(await sessionCookie(DEMO_USERS.acmeMember.email));
    const refused = await createApiTokenAction({ name: "Mine", scopes: ["findings:read"], lifetime: "30" });
    expect(refused).toMatchObject({ success: false, code: "forbidden", error: "Only an owner of your company can do this." });
    await expect(listApiTokens(t.db, { actor: await clientActor(DEMO_USERS.acmeMember.email) })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("refuses bad input with the field's message", async () => {
    requestHeaders.current = authHeaders(await sessionCookie(DEMO_USERS.acme.email));
    const bad = await createApiTokenAction({ name: " ", scopes: [], lifetime: "7" as never });
    expect(bad).toMatchObject({ success: false, code: "bad_request" });
    expect((bad as { fieldErrors: Record<string, string> }).fieldErrors).toMatchObject({ name: "Give the token a name" });
  });

  it("a revoked token gets 401 at once; another company cannot revoke it", async () => {
    const { id, secret } = await tokenFor(DEMO_USERS.acme.email, ["findings:read"]);
    expect((await get(findingsRoute, "/api/v1/findings", bearer(secret))).status).toBe(200);

    requestHeaders.current = authHeaders(await sessionCookie(DEMO_USERS.globex.email));
    expect(await revokeApiTokenAction({ tokenId: id })).toMatchObject({ success: false, code: "not_found" });
    requestHeaders.current = authHeaders(await sessionCookie(DEMO_USERS.acme.email));
    expect(await revokeApiTokenAction({ tokenId: id })).toMatchObject({ success: true });

    const refused = await get(findingsRoute, "/api/v1/findings", bearer(secret));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.headers.get("www-authenticate")).toContain("Bearer");
    expect(await refused.json()).toMatchObject({ status: 401, code: "unauthorized", title: "Unauthorized" });
  });
});

describe("reading with a token", () => {
  it("lists only the company's published findings, a page at a time, with no row twice", async () => {
    const { secret } = await tokenFor(DEMO_USERS.acme.email, ["findings:read"]);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(findingsRoute, `/api/v1/findings?limit=2${cursor ? `&cursor=${cursor}` : ""}`, bearer(secret));
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-limit")).toBe("300");
      const body = (await response.json()) as { data: { id: string; updatedAt: string }[]; nextCursor: string | null };
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((f) => f.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    const expected = await publishedIds(DEMO_CLIENTS.acme.id);
    expect(expected.length).toBeGreaterThan(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(expected);
  });

  it("filters as the portal does, and refuses a filter it does not know", async () => {
    const { secret } = await tokenFor(DEMO_USERS.acme.email, ["findings:read"]);
    const critical = (await (await get(findingsRoute, "/api/v1/findings?severity=critical&limit=100", bearer(secret))).json()) as {
      data: { severity: string }[];
    };
    expect(critical.data.length).toBeGreaterThan(0);
    expect(critical.data.every((f) => f.severity === "critical")).toBe(true);

    const bad = await get(findingsRoute, "/api/v1/findings?severity=urgent", bearer(secret));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors.severity).toMatch(/^severity must be one of/);
    const badCursor = await get(findingsRoute, "/api/v1/findings?cursor=nonsense", bearer(secret));
    expect(badCursor.status).toBe(400);

    // updatedSince: only what changed after the time given.
    const [one] = await publishedIds(DEMO_CLIENTS.acme.id);
    await t.db
      .update(findings)
      .set({ title: sql`${findings.title}` })
      .where(eq(findings.id, one!));
    const since = new Date(Date.now() - 60_000).toISOString();
    const changed = (await (await get(findingsRoute, `/api/v1/findings?updatedSince=${since}`, bearer(secret))).json()) as {
      data: { id: string }[];
    };
    expect(changed.data.map((f) => f.id)).toContain(one);
  });

  it("answers 304 to a caller that already has the page", async () => {
    const { secret } = await tokenFor(DEMO_USERS.acme.email, ["projects:read"]);
    const first = await get(projectsRoute, "/api/v1/projects", bearer(secret));
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const again = await get(projectsRoute, "/api/v1/projects", bearer(secret, { "if-none-match": etag }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("reads one finding of its own company; another company's or a draft answers 404", async () => {
    const acme = await tokenFor(DEMO_USERS.acme.email, ["findings:read"]);
    const globex = await tokenFor(DEMO_USERS.globex.email, ["findings:read"]);
    const [id] = await publishedIds(DEMO_CLIENTS.acme.id);
    const own = await get(findingRoute, `/api/v1/findings/${id}`, bearer(acme.secret), { id: id! });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { data: { id: string } }).data.id).toBe(id);
    expect((await get(findingRoute, `/api/v1/findings/${id}`, bearer(globex.secret), { id: id! })).status).toBe(404);

    const [draft] = await t.db
      .select({ id: findings.id })
      .from(findings)
      .where(and(eq(findings.clientId, DEMO_CLIENTS.acme.id), sql`${findings.publishedAt} is null`))
      .limit(1);
    if (draft) expect((await get(findingRoute, `/api/v1/findings/${draft.id}`, bearer(acme.secret), { id: draft.id })).status).toBe(404);
    expect((await get(findingRoute, "/api/v1/findings/not-a-uuid", bearer(acme.secret), { id: "not-a-uuid" })).status).toBe(404);

    // Globex's list holds none of Acme's rows.
    const list = (await (await get(findingsRoute, "/api/v1/findings?limit=100&closed=true", bearer(globex.secret))).json()) as {
      data: { id: string }[];
    };
    const acmeAll = await t.db.select({ id: findings.id }).from(findings).where(eq(findings.clientId, DEMO_CLIENTS.acme.id));
    expect(list.data.some((f) => acmeAll.some((a) => a.id === f.id))).toBe(false);
  });

  it("lists the company's projects only", async () => {
    const { secret } = await tokenFor(DEMO_USERS.globex.email, ["projects:read"]);
    const body = (await (await get(projectsRoute, "/api/v1/projects?limit=100", bearer(secret))).json()) as { data: { id: string }[] };
    const own = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, DEMO_CLIENTS.globex.id));
    expect(body.data.map((p) => p.id).sort()).toEqual(own.map((p) => p.id).sort());
  });

  it("lists the company's available reports, metadata only: no superseded or revoked version, no file", async () => {
    const { secret } = await tokenFor(DEMO_USERS.acme.email, ["reports:read"]);
    const body = (await (await get(reportsRoute, "/api/v1/reports?limit=100", bearer(secret))).json()) as {
      data: Record<string, unknown>[];
    };
    const available = await t.db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.clientId, DEMO_CLIENTS.acme.id), sql`${reports.supersededAt} is null and ${reports.revokedAt} is null`));
    expect(available.length).toBeGreaterThan(0);
    expect(body.data.map((r) => r.id).sort()).toEqual(available.map((r) => r.id).sort());
    expect(Object.keys(body.data[0]!).sort()).toEqual(["fileSize", "id", "projectId", "projectName", "publishedAt", "title", "version"]);
    // Another company's token reads its own reports only.
    const globex = await tokenFor(DEMO_USERS.globex.email, ["reports:read"]);
    const theirs = (await (await get(reportsRoute, "/api/v1/reports?limit=100", bearer(globex.secret))).json()) as {
      data: { id: string }[];
    };
    expect(theirs.data.map((r) => r.id)).not.toEqual(expect.arrayContaining(available.map((r) => r.id)));
  });

  it("lists the company's invoices in cents, a page at a time, and refuses them while Billing is withheld from members", async () => {
    const { secret } = await tokenFor(DEMO_USERS.acme.email, ["invoices:read"]);
    const own = await t.db
      .select({ id: invoices.id, amountCents: invoices.amountCents })
      .from(invoices)
      .where(eq(invoices.clientId, DEMO_CLIENTS.acme.id));
    expect(own.length).toBeGreaterThan(1);
    // Two pages of one less than all, then the rest: every invoice once.
    const first = (await (await get(invoicesRoute, `/api/v1/invoices?limit=${own.length - 1}`, bearer(secret))).json()) as {
      data: { id: string; amountCents: number }[];
      nextCursor: string | null;
    };
    expect(first.nextCursor).not.toBeNull();
    const rest = (await (await get(invoicesRoute, `/api/v1/invoices?cursor=${first.nextCursor}`, bearer(secret))).json()) as {
      data: { id: string; amountCents: number }[];
      nextCursor: string | null;
    };
    expect(rest.nextCursor).toBeNull();
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...first.data, ...rest.data].sort(byId)).toEqual([...own].sort(byId).map((i) => expect.objectContaining(i)));

    await t.db.update(clients).set({ billingWithheldFromMembers: true }).where(eq(clients.id, DEMO_CLIENTS.acme.id));
    try {
      const withheld = await get(invoicesRoute, "/api/v1/invoices", bearer(secret));
      expect(withheld.status).toBe(403);
      expect(withheld.headers.get("content-type")).toContain("application/problem+json");
    } finally {
      await t.db.update(clients).set({ billingWithheldFromMembers: false }).where(eq(clients.id, DEMO_CLIENTS.acme.id));
    }
  });

  it("refuses a token without the scope, a missing or malformed token, a cookie, and an expired token", async () => {
    const projectsOnly = await tokenFor(DEMO_USERS.acme.email, ["projects:read"]);
    const noScope = await get(findingsRoute, "/api/v1/findings", bearer(projectsOnly.secret));
    expect(noScope.status).toBe(403);
    expect(((await noScope.json()) as { detail: string }).detail).toContain("findings:read");

    expect((await get(findingsRoute, "/api/v1/findings")).status).toBe(401);
    expect((await get(findingsRoute, "/api/v1/findings", bearer("sai_pat_short"))).status).toBe(401);
    const cookie = await sessionCookie(DEMO_USERS.acme.email);
    expect((await get(findingsRoute, "/api/v1/findings", Object.fromEntries(authHeaders(cookie)))).status).toBe(401);

    const expiring = await tokenFor(DEMO_USERS.acme.email, ["findings:read"]);
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.id));
    expect((await get(findingsRoute, "/api/v1/findings", bearer(expiring.secret))).status).toBe(401);
  });

  it("stops working while the company is inactive, and keeps working when its maker leaves", async () => {
    const { secret, id } = await tokenFor(DEMO_USERS.globex.email, ["projects:read"]);
    await t.db.update(apiTokens).set({ createdByUserId: null }).where(eq(apiTokens.id, id));
    expect((await get(projectsRoute, "/api/v1/projects", bearer(secret))).status).toBe(200);
    await t.db.update(clients).set({ status: "inactive" }).where(eq(clients.id, DEMO_CLIENTS.globex.id));
    try {
      expect((await get(projectsRoute, "/api/v1/projects", bearer(secret))).status).toBe(401);
    } finally {
      await t.db.update(clients).set({ status: "active" }).where(eq(clients.id, DEMO_CLIENTS.globex.id));
    }
  });

  it("stamps each use on the token and in the company's audit trail", async () => {
    const { secret, id } = await tokenFor(DEMO_USERS.acme.email, ["projects:read"]);
    await get(projectsRoute, "/api/v1/projects", bearer(secret, { "x-forwarded-for": "203.0.113.9" }));
    const [row] = await t.db
      .select({ at: apiTokens.lastUsedAt, address: apiTokens.lastUsedAddress })
      .from(apiTokens)
      .where(eq(apiTokens.id, id));
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.address).toBe("203.0.113.9");
    const uses = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "api_token.used"), eq(auditLog.entityId, id)));
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ clientId: DEMO_CLIENTS.acme.id, after: { method: "GET", path: "/api/v1/projects" } });
  });
});
