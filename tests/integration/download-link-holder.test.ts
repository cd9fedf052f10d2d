// A signed download link is made for one person and checked against that person at every fetch
// (docs/PRODUCT.md#portal-documents, docs/PRODUCT.md#portal-reports): once they are removed from
// their company, or the company is deactivated, their links to documents, message attachments,
// finding evidence and stamped reports answer like expired links, even within their minutes.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as clientDocument } from "@/app/api/client/documents/[id]/route";
import { GET as clientEvidence } from "@/app/api/client/findings/evidence/[id]/route";
import { GET as clientAttachment } from "@/app/api/client/messages/attachments/[id]/route";
import { GET as getFile } from "@/app/api/files/[id]/route";
import { GET as reportFile } from "@/app/api/reports/files/[id]/route";
import { user } from "@/features/identity/server/schema";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { removePerson, setClientActive } from "@/features/clients/server";
import { requestReportDownload } from "@/features/reports/server";
import { adminActor, clientActor } from "./helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "./helpers/auth";
import { setupTestDatabase } from "./helpers/db";
import { createFreshCompany, createFreshObjects, type FreshObjects, seedTenantReports, TENANTS } from "./helpers/tenants";

vi.mock("next/headers", async () => (await import("./helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) => (await import("./helpers/next-headers-mock")).nextServerMock(importOriginal));

const t = setupTestDatabase({ seedDemo: true });
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const EXPIRED = { success: false, error: "This download link is invalid or has expired.", code: "forbidden" };

beforeAll(async () => seedTenantReports(t.db));

const emailOf = async (userId: string) => (await t.db.select({ email: user.email }).from(user).where(eq(user.id, userId)))[0]!.email;

/** The four kinds of link, asked for by the person of `cookie` (their own company's objects). */
async function linksOf(cookie: string, fresh: FreshObjects, reportId: string): Promise<string[]> {
  const link = async (handler: typeof clientDocument, path: string, id: string) => {
    const response = await handler(new Request(`${APP_ORIGIN}${path}/${id}`, { headers: authHeaders(cookie) }), params(id));
    expect(response.status, path).toBe(200);
    return ((await response.json()) as { downloadUrl: string }).downloadUrl;
  };
  const actor = await clientActor(cookieEmails.get(cookie)!);
  const report = await requestReportDownload(t.db, { actor, reportId, from: { clientAddress: "203.0.113.5", userAgent: "test" } });
  return [
    await link(clientDocument, "/api/client/documents", fresh.documentId),
    await link(clientAttachment as typeof clientDocument, "/api/client/messages/attachments", fresh.attachmentId),
    await link(clientEvidence as typeof clientDocument, "/api/client/findings/evidence", fresh.evidenceId),
    report.downloadUrl,
  ];
}

const cookieEmails = new Map<string, string>();
async function cookieFor(email: string) {
  const cookie = await sessionCookie(email);
  cookieEmails.set(cookie, email);
  return cookie;
}

async function fetchLink(url: string) {
  const u = new URL(url);
  const id = u.pathname.split("/").pop()!;
  return u.pathname.startsWith("/api/reports/files/") ? reportFile(new Request(url), params(id)) : getFile(new Request(url), params(id));
}

describe("a signed link whose person was removed", () => {
  it("answers like an expired link once its person is removed from the company, for every kind of file", async () => {
    const acme = TENANTS.acme;
    const fresh = await createFreshObjects(t.db, acme);
    const member = await cookieFor(await emailOf(fresh.memberPersonId));
    const links = await linksOf(member, fresh, fresh.reportId);
    for (const url of links) expect((await fetchLink(url)).status, url).toBe(200);

    await removePerson(t.db, { actor: await clientActor(DEMO_USERS.acme.email), userId: fresh.memberPersonId });
    for (const url of links) {
      const response = await fetchLink(url);
      expect(response.status, url).toBe(403);
      expect(await response.json()).toEqual(EXPIRED);
    }
    // The owner's own links, and the firm's, still work.
    const ownerLinks = await linksOf(await cookieFor(DEMO_USERS.acme.email), fresh, fresh.reportId);
    for (const url of ownerLinks) expect((await fetchLink(url)).status, url).toBe(200);
  });

  it("answers like an expired link once the person's company is deactivated", async () => {
    const company = await createFreshCompany(t.db);
    const tenant = { ...TENANTS.acme, clientId: company.clientId, ownerUserId: company.ownerUserId };
    const fresh = await createFreshObjects(t.db, tenant);
    const owner = await cookieFor(await emailOf(company.ownerUserId));
    const links = await linksOf(owner, fresh, fresh.reportId);
    for (const url of links) expect((await fetchLink(url)).status, url).toBe(200);
    await setClientActive(t.db, { actor: await adminActor(), clientId: company.clientId, active: false });
    for (const url of links) expect((await fetchLink(url)).status, url).toBe(403);
  });
});
