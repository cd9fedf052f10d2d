// Every look by the firm at a company's data is in the company's access log
// (docs/PRODUCT.md#portal-access-log): each fetch of a signed link made for the firm (documents,
// attachments, evidence, reports), reading a conversation (in the admin area or viewing the portal),
// the company's pages in the admin area, and a view of the portal that was never stopped shows when
// it expired. A client's own looks are not in it. Read as the owner reads it, after each look.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import AdminClientPage from "@/app/admin/(area)/clients/[id]/page";
import AdminDocumentsPage from "@/app/admin/(area)/documents/page";
import AdminFindingPage from "@/app/admin/(area)/findings/[id]/page";
import AdminFindingsPage from "@/app/admin/(area)/findings/page";
import AdminInvoicesPage from "@/app/admin/(area)/invoices/page";
import AdminEngagementsPage from "@/app/admin/(area)/engagements/page";
import AdminRetainersPage from "@/app/admin/(area)/retainers/page";
import { GET as adminAuthorizations } from "@/app/api/admin/authorizations/route";
import { GET as adminAuthorizationPdf } from "@/app/api/admin/authorizations/[id]/pdf/route";
import { GET as clientAuthorizationPdf } from "@/app/api/client/authorizations/[id]/pdf/route";
import { GET as adminLetters } from "@/app/api/admin/attestations/route";
import { GET as adminLetterPdf } from "@/app/api/admin/attestations/[id]/pdf/route";
import { GET as clientLetterPdf } from "@/app/api/client/attestations/[id]/pdf/route";
import { GET as adminDocumentView } from "@/app/api/admin/documents/[id]/route";
import { GET as adminAttachment } from "@/app/api/admin/messages/attachments/[id]/route";
import { GET as adminThread } from "@/app/api/admin/messages/threads/[id]/route";
import { GET as adminEvidence } from "@/app/api/admin/findings/evidence/[id]/route";
import { GET as clientDocument } from "@/app/api/client/documents/[id]/route";
import { GET as clientThread } from "@/app/api/client/messages/threads/[id]/route";
import { GET as getFile } from "@/app/api/files/[id]/route";
import { GET as reportFile } from "@/app/api/reports/files/[id]/route";
import { auditLog } from "@/features/audit/server/schema";
import { engagementAuthorizations } from "@/features/authorizations/server/schema";
import { DEMO_LETTER, DEMO_REPORTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { endViewAsClient, startViewAsClient } from "@/features/identity/server/view-as/admin-view-as";
import { VIEW_AS_COOKIE } from "@/features/identity/server/view-as/view-as";
import { type AccessLogEntry, listClientAccessLog, verifyAccessChain } from "@/features/audit/server";
import { GET as accessLogRoute } from "@/app/api/client/access-log/route";
import { ACCESS_LOG_KINDS } from "@/lib/domain/access-log";
import { listRecentAudit } from "@/features/dashboard/server";
import { requestAdminReportDownload } from "@/features/reports/server";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders, settleAfterTasks } from "@tests/integration/helpers/next-headers-mock";
import { createFreshObjects, type FreshObjects, seedTenantReports, TENANTS } from "@tests/integration/helpers/tenants";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const acme = TENANTS.acme;
let fresh: FreshObjects;
beforeAll(async () => {
  await seedTenantReports(t.db);
  fresh = await createFreshObjects(t.db, acme);
});

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const get = (path: string, cookie: string | null) =>
  new Request(`${APP_ORIGIN}${path}`, { headers: cookie ? authHeaders(cookie) : undefined });
const admin = () => sessionCookie(DEMO_USERS.admin.email);

/** The owner's access log, newest first (the first page is enough: each test reads what it just did). */
async function ownerLog(): Promise<AccessLogEntry[]> {
  return (await listClientAccessLog(t.db, { actor: await clientActor(DEMO_USERS.acme.email) })).rows;
}

/** The entries written since `before` (the newest id then), newest first. */
async function since(before: number): Promise<AccessLogEntry[]> {
  return (await ownerLog()).filter((row) => row.id > before);
}
const newestId = async () => (await ownerLog())[0]?.id ?? 0;

async function fetchFile(url: string) {
  const u = new URL(url);
  const response = await getFile(new Request(url), params(u.pathname.split("/").pop()!));
  await response.arrayBuffer();
  return response;
}

async function viewingCookie() {
  const { cookie } = await startViewAsClient(t.db, { actor: await adminActor(), clientId: acme.clientId });
  return `${await admin()}; ${VIEW_AS_COOKIE}=${encodeURIComponent(cookie.value)}`;
}

describe("each fetch of a signed link made for the firm", () => {
  it("is one entry: five fetches of an admin's document link give five, asking for the link none", async () => {
    const before = await newestId();
    const view = await adminDocumentView(get(`/api/admin/documents/${fresh.documentId}`, await admin()), params(fresh.documentId));
    expect(view.status).toBe(303);
    expect(await since(before)).toEqual([]);
    for (let i = 0; i < 5; i++) expect((await fetchFile(view.headers.get("location")!)).status).toBe(200);
    const entries = await since(before);
    expect(entries).toHaveLength(5);
    for (const entry of entries)
      expect(entry).toMatchObject({
        action: "document.download",
        who: DEMO_USERS.admin.name,
        viewingPortal: false,
        item: expect.stringMatching(/^Matrix /),
      });
  });

  it("records a viewing admin's fetches as made while viewing, and a client's own fetches not at all", async () => {
    const viewing = await viewingCookie();
    const before = await newestId();
    const link = (await (
      await clientDocument(get(`/api/client/documents/${fresh.documentId}`, viewing), params(fresh.documentId))
    ).json()) as {
      downloadUrl: string;
    };
    await fetchFile(link.downloadUrl);
    await fetchFile(link.downloadUrl);
    const entries = await since(before);
    expect(entries.map((e) => [e.action, e.viewingPortal])).toEqual([
      ["document.download", true],
      ["document.download", true],
    ]);

    const own = await sessionCookie(DEMO_USERS.acme.email);
    const mine = (await (await clientDocument(get(`/api/client/documents/${fresh.documentId}`, own), params(fresh.documentId))).json()) as {
      downloadUrl: string;
    };
    const after = await newestId();
    expect((await fetchFile(mine.downloadUrl)).status).toBe(200);
    expect(await since(after)).toEqual([]);
  });

  it("records each fetch of an attachment's and an evidence file's link", async () => {
    const before = await newestId();
    const attachment = (await (
      await adminAttachment(get(`/api/admin/messages/attachments/${fresh.attachmentId}`, await admin()), params(fresh.attachmentId))
    ).json()) as {
      downloadUrl: string;
    };
    const evidence = (await (
      await adminEvidence(get(`/api/admin/findings/evidence/${fresh.evidenceId}`, await admin()), params(fresh.evidenceId))
    ).json()) as {
      downloadUrl: string;
    };
    expect(await since(before)).toEqual([]);
    for (const url of [attachment.downloadUrl, attachment.downloadUrl, evidence.downloadUrl, evidence.downloadUrl])
      expect((await fetchFile(url)).status).toBe(200);
    expect((await since(before)).map((e) => e.action)).toEqual([
      "evidence.download",
      "evidence.download",
      "attachment.download",
      "attachment.download",
    ]);
  });

  it("records each fetch of a report's stamped copy", async () => {
    const before = await newestId();
    const { downloadUrl } = await requestAdminReportDownload(t.db, {
      actor: await adminActor(),
      reportId: DEMO_REPORTS[0].id,
      from: { clientAddress: "203.0.113.1", userAgent: "test" },
    });
    expect(await since(before)).toEqual([]);
    for (let i = 0; i < 3; i++) {
      const url = new URL(downloadUrl);
      const response = await reportFile(new Request(downloadUrl), params(url.pathname.split("/").pop()!));
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const entries = await since(before);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ action: "report.download", item: `${DEMO_REPORTS[0].title} (v1)`, viewingPortal: false });
  });
});

describe("reading a company's conversation", () => {
  it("is in its log when an admin reads it, and when an admin viewing the portal reads it; the client's own read is not", async () => {
    const path = `/api/client/messages/threads/${fresh.threadId}`;
    let before = await newestId();
    expect((await adminThread(get(`/api/admin/messages/threads/${fresh.threadId}`, await admin()), params(fresh.threadId))).status).toBe(
      200,
    );
    expect(await since(before)).toEqual([
      expect.objectContaining({
        action: "message_thread.read",
        who: DEMO_USERS.admin.name,
        item: expect.stringMatching(/^Matrix thread /),
        viewingPortal: false,
      }),
    ]);

    const viewing = await viewingCookie();
    before = await newestId();
    expect((await clientThread(get(path, viewing), params(fresh.threadId))).status).toBe(200);
    expect(await since(before)).toEqual([expect.objectContaining({ action: "message_thread.read", viewingPortal: true })]);

    before = await newestId();
    expect((await clientThread(get(path, await sessionCookie(DEMO_USERS.acme.email)), params(fresh.threadId))).status).toBe(200);
    expect(await since(before)).toEqual([]);
  });
});

describe("the company's pages in the admin area", () => {
  const asAdmin = async () => {
    requestHeaders.current = authHeaders(await admin());
  };

  it("records the client page, its invoices, its documents, an engagement's findings and a finding", async () => {
    await asAdmin();
    const looks: [string, () => Promise<unknown>][] = [
      ["client.page.view", () => AdminClientPage(params(acme.clientId))],
      ["client.invoices.view", () => AdminInvoicesPage({ searchParams: Promise.resolve({ client: acme.clientId }) })],
      ["client.documents.view", () => AdminDocumentsPage({ searchParams: Promise.resolve({ clientId: acme.clientId }) })],
      ["client.findings.view", () => AdminFindingsPage({ searchParams: Promise.resolve({ projectId: acme.projectId }) })],
      ["finding.view", () => AdminFindingPage(params(fresh.openFindingId))],
    ];
    for (const [action, look] of looks) {
      const before = await newestId();
      await look();
      // A page's look is written once the page has gone out (next/server's after).
      await settleAfterTasks();
      expect(await since(before), action).toEqual([expect.objectContaining({ action, who: DEMO_USERS.admin.name, viewingPortal: false })]);
    }
    // The admin's own browsing stays out of the dashboard's Recent Activity (the audit log has it).
    const recent = (await listRecentAudit(t.db, { actor: await adminActor() })).map((row) => row.action);
    for (const [action] of looks) expect(recent).not.toContain(action);
  });

  it("records nothing in the log of a company the page does not show", async () => {
    await asAdmin();
    const before = await newestId();
    await AdminInvoicesPage({ searchParams: Promise.resolve({ client: TENANTS.globex.clientId }) });
    await AdminClientPage(params(TENANTS.globex.clientId));
    await settleAfterTasks();
    expect(await since(before)).toEqual([]);
  });
});

describe("the firm's other reads of a company's data", () => {
  it("records authorization versions, the sealed authorization, the letters and a letter, Retainers, Engagements, unfiltered Documents and an invoice search", async () => {
    const cookie = await admin();
    requestHeaders.current = authHeaders(cookie);
    const [authorization] = await t.db
      .select({ projectId: engagementAuthorizations.projectId })
      .from(engagementAuthorizations)
      .where(eq(engagementAuthorizations.id, acme.authorizationId));
    const reads: [string, () => Promise<unknown>][] = [
      [
        "authorization.view",
        () => adminAuthorizations(get(`/api/admin/authorizations?projectId=${authorization!.projectId}`, cookie), params("")),
      ],
      [
        "authorization.pdf.download",
        () => adminAuthorizationPdf(get(`/api/admin/authorizations/${acme.authorizationId}/pdf`, cookie), params(acme.authorizationId)),
      ],
      [
        "attestation_letters.view",
        () => adminLetters(get(`/api/admin/attestations?projectId=${DEMO_LETTER.projectId}`, cookie), params("")),
      ],
      [
        "attestation_letter.download",
        () => adminLetterPdf(get(`/api/admin/attestations/${acme.letterId}/pdf`, cookie), params(acme.letterId)),
      ],
      ["retainers.view", () => AdminRetainersPage()],
      ["engagements.view", () => AdminEngagementsPage({ searchParams: Promise.resolve({}) })],
      ["client.documents.view", () => AdminDocumentsPage({ searchParams: Promise.resolve({}) })],
      ["client.invoices.view", () => AdminInvoicesPage({ searchParams: Promise.resolve({ number: "INV-1001" }) })],
    ];
    for (const [action, read] of reads) {
      const before = await newestId();
      const response = await read();
      // A page's look is written once the page has gone out (next/server's after).
      await settleAfterTasks();
      if (response instanceof Response) expect(response.status, action).toBe(200);
      expect(await since(before), action).toEqual([expect.objectContaining({ action, who: DEMO_USERS.admin.name, viewingPortal: false })]);
    }
    // The owner's own fetch of the sealed authorization and of a letter records nothing.
    const before = await newestId();
    const owner = await sessionCookie(DEMO_USERS.acme.email);
    expect(
      (await clientAuthorizationPdf(get(`/api/client/authorizations/${acme.authorizationId}/pdf`, owner), params(acme.authorizationId)))
        .status,
    ).toBe(200);
    expect((await clientLetterPdf(get(`/api/client/attestations/${acme.letterId}/pdf`, owner), params(acme.letterId))).status).toBe(200);
    expect(await since(before)).toEqual([]);
  });
});

/** A page rendered and the look it writes after answering written too. */
async function visit(page: Promise<unknown>) {
  await page;
  await settleAfterTasks();
}

describe("one entry per visit of a screen", () => {
  it("reloading a screen adds nothing; another screen in between or 30 minutes later starts a new visit; the chain covers every entry", async () => {
    requestHeaders.current = authHeaders(await admin());
    const before = await newestId();
    for (let i = 0; i < 3; i++) await visit(AdminClientPage(params(acme.clientId)));
    expect((await since(before)).map((e) => e.action)).toEqual(["client.page.view"]);

    await visit(AdminFindingPage(params(fresh.openFindingId)));
    await visit(AdminClientPage(params(acme.clientId)));
    await visit(AdminClientPage(params(acme.clientId)));
    expect((await since(before)).map((e) => e.action)).toEqual(["client.page.view", "finding.view", "client.page.view"]);

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 31 * 60_000);
      await visit(AdminClientPage(params(acme.clientId)));
    } finally {
      vi.useRealTimers();
    }
    expect(await since(before)).toHaveLength(4);
    expect((await verifyAccessChain(t.db, acme.clientId)).ok).toBe(true);
  });

  it("the owner filters the access log by kind", async () => {
    const owner = await sessionCookie(DEMO_USERS.acme.email);
    const read = async (kind: string) =>
      (await (await accessLogRoute(get(`/api/client/access-log?page=1&kind=${kind}`, owner), { params: Promise.resolve({}) })).json()) as {
        rows: AccessLogEntry[];
        total: number;
        integrity: { ok: boolean };
      };
    const all = await read("");
    const pages = await read("pages");
    const downloads = await read("downloads");
    expect(pages.rows.length).toBeGreaterThan(0);
    expect(downloads.rows.length).toBeGreaterThan(0);
    const kinds = Object.fromEntries(ACCESS_LOG_KINDS.map((k) => [k.value, k.actions as readonly string[]]));
    for (const row of pages.rows) expect(kinds.pages).toContain(row.action);
    for (const row of downloads.rows) expect(kinds.downloads).toContain(row.action);
    expect(pages.total + downloads.total).toBeLessThanOrEqual(all.total);
    expect(pages.integrity.ok).toBe(true);
  });
});

describe("a view of the portal", () => {
  it("that was never stopped shows when it expired", async () => {
    await startViewAsClient(t.db, { actor: await adminActor(), clientId: acme.clientId });
    const [start] = await ownerLog();
    expect(start).toMatchObject({
      action: "client.view_as.start",
      item: expect.stringMatching(/^Open until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/),
    });
    // Its cookie's expiry, as recorded, moved into the past: the view ended then without a stop.
    const expired = new Date(Date.now() - 60_000);
    const [row] = await t.db.select({ after: auditLog.after }).from(auditLog).where(eq(auditLog.id, start!.id));
    await t.db
      .update(auditLog)
      .set({ after: { ...(row!.after as object), expiresAt: expired.toISOString() } })
      .where(eq(auditLog.id, start!.id));
    const stamp = expired.toISOString().slice(0, 16).replace("T", " ");
    expect((await ownerLog()).find((e) => e.id === start!.id)).toMatchObject({ item: `Expired at ${stamp} UTC` });
  });

  it("that was stopped shows no expiry: its stop is an entry of its own", async () => {
    const actor = await adminActor();
    const { cookie } = await startViewAsClient(t.db, { actor, clientId: acme.clientId });
    await endViewAsClient(t.db, { actor, view: { adminUserId: actor.userId, clientId: acme.clientId, expiresAt: cookie.expiresAt } });
    const [stop, start] = await ownerLog();
    expect(stop).toMatchObject({ action: "client.view_as.end", item: "" });
    expect(start).toMatchObject({ action: "client.view_as.start", item: "" });
  });
});
