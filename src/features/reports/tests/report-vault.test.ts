// The report vault and the access log through their route handlers (docs/PRODUCT.md#portal-reports,
// docs/PRODUCT.md#portal-access-log): publishing and versions, a fresh second factor for a person
// with two-factor, the stamped copy (the recipient on every page), revocation stopping links
// already handed out, the owners' download history, and the firm's accesses in the company's log.
import { symmetricEncrypt } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { revokeReportAction } from "@/features/reports/actions/admin";
import { GET as adminReports } from "@/app/api/admin/reports/route";
import { POST as adminDownloadRoute } from "@/app/api/admin/reports/[id]/download/route";
import { POST as uploadRoute } from "@/app/api/admin/reports/upload/route";
import { GET as accessLogExport } from "@/app/api/client/access-log/export/route";
import { GET as accessLogRoute } from "@/app/api/client/access-log/route";
import { POST as downloadRoute } from "@/app/api/client/reports/[id]/download/route";
import { GET as portalReports } from "@/app/api/client/reports/route";
import { GET as reportFile } from "@/app/api/reports/files/[id]/route";
import { GET as getFile } from "@/app/api/files/[id]/route";
import { GET as adminDocument } from "@/app/api/admin/documents/[id]/route";
import { GET as exportClients } from "@/app/api/admin/exports/clients/route";
import { auditLog } from "@/features/audit/server/schema";
import { session, twoFactor, user } from "@/features/identity/server/schema";
import { reports } from "@/features/reports/server/schema";
import { DEMO_PASSWORDS, DEMO_PROJECTS, DEMO_REPORTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { startViewAsClient } from "@/features/identity/server/view-as/admin-view-as";
import { createCredentialUser, getAuth } from "@/features/identity/server";
import { VIEW_AS_COOKIE } from "@/features/identity/server/view-as/view-as";
import { REPORT_WITHDRAWN } from "@/features/reports/server";
import { pdfPageTexts } from "@tests/helpers/pdf-text";
import { adminActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";
import { docxBytes, pdfBytes } from "@tests/integration/helpers/upload-files";
import { samplePdf, seedTenantReports, TENANTS } from "@tests/integration/helpers/tenants";
import { listenToEveryEvent, queuedEvents } from "@tests/integration/helpers/webhook-events";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
beforeAll(async () => seedTenantReports(t.db));

const acme = TENANTS.acme;
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(
  handler: Handler,
  cookie: string | null,
  path: string,
  init: { method?: string; json?: unknown; form?: FormData; params?: Record<string, string> } = {},
) {
  const headers = cookie ? authHeaders(cookie) : new Headers({ origin: APP_ORIGIN });
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  const request = new Request(`${APP_ORIGIN}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
  return handler(request, init.params ? { params: Promise.resolve(init.params) } : undefined);
}

/**
 * One session per demo person, which proved the password once (the step-up of a person without a
 * second factor, docs/PRODUCT.md#portal-reports): fresh for the file's few seconds.
 */
function provedSession(email: string, password: string): () => Promise<string> {
  let cookie: Promise<string> | null = null;
  return () =>
    (cookie ??= sessionCookie(email).then(async (made) => {
      await confirmFreshSecondFactor(t.db, authHeaders(made), { password });
      return made;
    }));
}
const admin = provedSession(DEMO_USERS.admin.email, DEMO_PASSWORDS.admin);
const revoke = (cookie: string, reportId: string) => {
  requestHeaders.current = authHeaders(cookie);
  return revokeReportAction({ reportId });
};
const owner = provedSession(DEMO_USERS.acme.email, DEMO_PASSWORDS.client);
const member = provedSession(DEMO_USERS.acmeMember.email, DEMO_PASSWORDS.client);

async function publish(title: string, pages = 3) {
  const form = new FormData();
  form.set("projectId", acme.projectId);
  form.set("title", title);
  form.set("file", new File([(await samplePdf(title, pages)) as Uint8Array<ArrayBuffer>], "report.pdf", { type: "application/pdf" }));
  const response = await call(uploadRoute as Handler, await admin(), "/api/admin/reports/upload", { form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { report: { id: string; version: number } }).report;
}

async function requestDownload(cookie: string, reportId: string, json: unknown = {}) {
  return call(downloadRoute as Handler, cookie, `/api/client/reports/${reportId}/download`, { json, params: { id: reportId } });
}

async function fetchCopy(downloadUrl: string) {
  const url = new URL(downloadUrl);
  const id = url.pathname.split("/").pop()!;
  return call(reportFile as Handler, null, `${url.pathname}${url.search}`, { params: { id } });
}

describe("publishing and downloading", () => {
  it("stamps the recipient's name, e-mail, company, time and download id on every page of the copy", async () => {
    const report = await publish("Stamp test report", 4);
    const response = await requestDownload(await owner(), report.id);
    expect(response.status).toBe(200);
    const { downloadUrl, filename } = (await response.json()) as { downloadUrl: string; filename: string };
    expect(filename).toBe("Stamp test report v1.pdf");
    const copy = await fetchCopy(downloadUrl);
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("application/pdf");
    const texts = await pdfPageTexts(new Uint8Array(await copy.arrayBuffer()));
    expect(texts).toHaveLength(4);
    const downloadId = new URL(downloadUrl).pathname.split("/").pop()!;
    for (const text of texts) {
      expect(text).toContain(DEMO_USERS.acme.email);
      expect(text).toContain(DEMO_USERS.acme.name);
      expect(text).toContain(acme.company);
      expect(text).toContain(downloadId);
      expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    }
  });

  it("refuses a file that is not a PDF, storing nothing", async () => {
    const form = new FormData();
    form.set("projectId", acme.projectId);
    form.set("title", "Not a PDF");
    form.set("file", new File([docxBytes() as Uint8Array<ArrayBuffer>], "x.docx", { type: "application/octet-stream" }));
    const before = await t.db.select({ id: reports.id }).from(reports);
    const response = await call(uploadRoute as Handler, await admin(), "/api/admin/reports/upload", { form });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "A report must be a PDF file." });
    // A PDF that pdf-lib cannot read could never be stamped: refused at the upload.
    form.set("file", new File([pdfBytes()], "broken.pdf", { type: "application/pdf" }));
    const broken = await call(uploadRoute as Handler, await admin(), "/api/admin/reports/upload", { form });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: expect.stringContaining("This PDF cannot be read") });
    expect(await t.db.select({ id: reports.id }).from(reports)).toHaveLength(before.length);
  });

  it("a new version replaces the one before: its links stop, the portal lists the new one only", async () => {
    const first = await publish("Versioned report");
    const link = ((await (await requestDownload(await owner(), first.id)).json()) as { downloadUrl: string }).downloadUrl;
    const second = await publish("Versioned report");
    expect(second.version).toBe(2);
    const stale = await fetchCopy(link);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ error: REPORT_WITHDRAWN });
    const list = (await (await call(portalReports as Handler, await owner(), "/api/client/reports")).json()) as {
      reports: { id: string; title: string; version: number }[];
    };
    expect(list.reports.filter((r) => r.title === "Versioned report")).toEqual([expect.objectContaining({ id: second.id, version: 2 })]);
    const versions = (await (
      await call(adminReports as Handler, await admin(), `/api/admin/reports?projectId=${acme.projectId}`)
    ).json()) as {
      reports: { id: string; supersededAt: string | null }[];
    };
    expect(versions.reports.find((r) => r.id === first.id)?.supersededAt).not.toBeNull();
  });

  it("tells the company's webhook endpoints of each version published, by ids", async () => {
    await listenToEveryEvent(t.db, acme.clientId);
    const first = await publish("Hooked report");
    const second = await publish("Hooked report");
    const events = (await queuedEvents(t.db, acme.clientId, "report.published")).filter((e) =>
      [first.id, second.id].includes(String(e.data.reportId)),
    );
    const project = DEMO_PROJECTS.find((p) => p.id === acme.projectId)!.projectName;
    expect(events).toEqual(
      [first, second].map((report) => ({
        data: { reportId: report.id, projectId: acme.projectId, version: report.version },
        chatText: `New report: Hooked report (version ${report.version}), ${project}`,
        portalPath: `/client-portal?section=projects&project=${acme.projectId}`,
      })),
    );
  });

  it("revoking stops the link already handed out, and every new download", async () => {
    const report = await publish("Revoked report");
    const link = ((await (await requestDownload(await owner(), report.id)).json()) as { downloadUrl: string }).downloadUrl;
    expect((await fetchCopy(link)).status).toBe(200);
    expect(await revoke(await admin(), report.id)).toMatchObject({ success: true });
    const again = await fetchCopy(link);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ error: REPORT_WITHDRAWN });
    const refused = await requestDownload(await owner(), report.id);
    expect(refused.status).toBe(403);
    const audit = await t.db
      .select({ clientId: auditLog.clientId })
      .from(auditLog)
      .where(and(eq(auditLog.action, "report.revoke"), eq(auditLog.entityId, report.id)));
    expect(audit).toEqual([{ clientId: acme.clientId }]);
  });

  it("client B reaches none of A's reports: not in its list, a download answers like a missing report", async () => {
    const globex = await sessionCookie(DEMO_USERS.globex.email);
    const list = (await (await call(portalReports as Handler, globex, "/api/client/reports")).json()) as { reports: { id: string }[] };
    expect(list.reports.map((r) => r.id)).toEqual([TENANTS.globex.reportId]);
    const response = await requestDownload(globex, DEMO_REPORTS[0].id, { password: DEMO_PASSWORDS.client });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "Report not found" });
  });

  it("owners see each report's download history; members see none (and no access log)", async () => {
    const memberCookie = await member();
    await requestDownload(memberCookie, DEMO_REPORTS[0].id);
    const asOwner = (await (await call(portalReports as Handler, await owner(), "/api/client/reports")).json()) as {
      reports: { id: string; downloads: { personName: string }[] | null }[];
    };
    const demo = asOwner.reports.find((r) => r.id === DEMO_REPORTS[0].id)!;
    expect(demo.downloads?.map((d) => d.personName)).toContain(DEMO_USERS.acmeMember.name);
    const asMember = (await (await call(portalReports as Handler, memberCookie, "/api/client/reports")).json()) as {
      reports: { downloads: unknown }[];
    };
    expect(asMember.reports.every((r) => r.downloads === null)).toBe(true);
    const log = await call(accessLogRoute as Handler, memberCookie, "/api/client/access-log");
    expect(log.status).toBe(403);
    expect(await log.json()).toMatchObject({ error: "Only an owner of your company can do this." });
  });
});

describe("a fresh second factor", () => {
  const SECRET = "report-vault-test-secret-0123456789";
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromUTF8(SECRET), digits: 6, period: 30 });
  let cookie = "";

  beforeAll(async () => {
    const ctx = await getAuth().$context;
    const userId = DEMO_USERS.globex.id;
    await t.db.insert(twoFactor).values({
      id: "report-vault-2fa",
      userId,
      secret: await symmetricEncrypt({ key: ctx.secretConfig, data: SECRET }),
      backupCodes: await symmetricEncrypt({ key: ctx.secretConfig, data: "[]" }),
    });
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));
    cookie = await sessionCookie(DEMO_USERS.globex.email, { secondFactor: "totp" });
  });

  const ageFactor = async (minutes: number) =>
    t.db
      .update(session)
      .set({ secondFactorAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(session.userId, DEMO_USERS.globex.id));

  it("passes within five minutes of the sign-in's code", async () => {
    expect((await requestDownload(cookie, TENANTS.globex.reportId)).status).toBe(200);
  });

  it("asks for a code after five minutes, refuses a wrong one, accepts the current one, then not again", async () => {
    await ageFactor(6);
    const asked = await requestDownload(cookie, TENANTS.globex.reportId);
    expect(asked.status).toBe(403);
    expect(await asked.json()).toMatchObject({ fieldErrors: { code: expect.stringContaining("authenticator app") } });
    const current = totp.generate();
    const wrong = current === "000000" ? "000001" : "000000";
    const refused = await requestDownload(cookie, TENANTS.globex.reportId, { code: wrong });
    expect(refused.status).toBe(400);
    const accepted = await requestDownload(cookie, TENANTS.globex.reportId, { code: current });
    expect(accepted.status).toBe(200);
    // The code is spent: the same one again is refused, but the fresh factor now passes without one.
    expect((await requestDownload(cookie, TENANTS.globex.reportId)).status).toBe(200);
  });

  it("a trusted device's pass is no fresh factor", async () => {
    const trusted = await sessionCookie(DEMO_USERS.globex.email, { secondFactor: "trusted_device" });
    expect((await requestDownload(trusted, TENANTS.globex.reportId)).status).toBe(403);
  });
});

describe("the access log", () => {
  it("lists the firm's view-as session, its report and document downloads and the exports, newest first, for owners", async () => {
    const actor = await adminActor();
    const adminCookie = await admin();
    const { cookie: view } = await startViewAsClient(t.db, { actor, clientId: acme.clientId });
    const viewing = `${adminCookie}; ${VIEW_AS_COOKIE}=${encodeURIComponent(view.value)}`;
    const viewerDownload = await requestDownload(viewing, DEMO_REPORTS[0].id);
    expect(viewerDownload.status).toBe(200);
    // The firm's look is each fetch of a link, not the asking for it.
    expect((await fetchCopy(((await viewerDownload.json()) as { downloadUrl: string }).downloadUrl)).status).toBe(200);
    const documentView = await call(adminDocument as Handler, adminCookie, `/api/admin/documents/${acme.documentId}`, {
      params: { id: acme.documentId },
    });
    expect(documentView.status).toBe(303);
    const documentUrl = new URL(documentView.headers.get("location")!);
    const documentFile = await getFile(new Request(documentUrl), { params: Promise.resolve({ id: acme.documentId }) });
    expect(documentFile.status).toBe(200);
    await documentFile.arrayBuffer();
    const exported = await call(exportClients as Handler, adminCookie, "/api/admin/exports/clients");
    await exported.text();

    const page = (await (await call(accessLogRoute as Handler, await owner(), "/api/client/access-log")).json()) as {
      rows: { action: string; who: string; item: string; viewingPortal: boolean }[];
      total: number;
    };
    expect(page.rows.slice(0, 4).map((r) => r.action)).toEqual([
      "export.clients",
      "document.download",
      "report.download",
      "client.view_as.start",
    ]);
    expect(page.rows[2]).toMatchObject({ who: DEMO_USERS.admin.name, item: `${DEMO_REPORTS[0].title} (v1)`, viewingPortal: true });
    // Client B's log has the export (it named B too) but nothing of A's.
    const globexLog = (await (
      await call(
        accessLogRoute as Handler,
        await sessionCookie(DEMO_USERS.globex.email, { secondFactor: "totp" }),
        "/api/client/access-log",
      )
    ).json()) as {
      rows: { action: string; item: string }[];
    };
    expect(globexLog.rows.map((r) => r.action)).toContain("export.clients");
    expect(JSON.stringify(globexLog)).not.toContain(DEMO_REPORTS[0].title);

    const csv = await (await call(accessLogExport as Handler, await owner(), "/api/client/access-log/export")).text();
    expect(csv).toContain('"When (UTC)","Who","What","Item","While viewing your portal"');
    expect(csv).toContain('"Downloaded a report"');
  });
});

describe("an admin's download from the engagement's report vault", () => {
  const adminDownload = async (cookie: string, reportId: string, json: unknown = {}) =>
    call(adminDownloadRoute as Handler, cookie, `/api/admin/reports/${reportId}/download`, { json, params: { id: reportId } });

  it("is stamped for the admin, recorded as the firm's and listed in the company's access log", async () => {
    const report = await publish("Admin download report", 2);
    const response = await adminDownload(await admin(), report.id);
    expect(response.status).toBe(200);
    const { downloadUrl, filename } = (await response.json()) as { downloadUrl: string; filename: string };
    expect(filename).toBe("Admin download report v1.pdf");
    const downloadId = new URL(downloadUrl).pathname.split("/").pop()!;
    const texts = await pdfPageTexts(new Uint8Array(await (await fetchCopy(downloadUrl)).arrayBuffer()));
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text).toContain(DEMO_USERS.admin.email);
      expect(text).toContain(acme.company);
      expect(text).toContain(downloadId);
    }

    const list = (await (await call(portalReports as Handler, await owner(), "/api/client/reports")).json()) as {
      reports: { id: string; downloads: { id: string; side: string }[] }[];
    };
    expect(list.reports.find((r) => r.id === report.id)!.downloads).toEqual([expect.objectContaining({ id: downloadId, side: "firm" })]);
    const log = (await (await call(accessLogRoute as Handler, await owner(), "/api/client/access-log")).json()) as {
      rows: { action: string; who: string; item: string; viewingPortal: boolean }[];
    };
    expect(log.rows[0]).toMatchObject({
      action: "report.download",
      who: DEMO_USERS.admin.name,
      item: "Admin download report (v1)",
      viewingPortal: false,
    });
  });

  it("asks an admin with two-factor for a fresh factor, and refuses a revoked or unknown report", async () => {
    const email = `vault-admin-${Date.now()}@example.test`;
    const { id } = await createCredentialUser(t.db, { email, name: "Vault Admin", role: "admin", password: "vault-admin-password-1" });
    const ctx = await getAuth().$context;
    await t.db.insert(twoFactor).values({
      id: "vault-admin-2fa",
      userId: id,
      secret: await symmetricEncrypt({ key: ctx.secretConfig, data: "vault-admin-secret-0123456789" }),
      backupCodes: await symmetricEncrypt({ key: ctx.secretConfig, data: "[]" }),
    });
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, id));
    const cookie = await sessionCookie(email, { secondFactor: "totp" });
    const report = await publish("Admin fresh factor report", 1);
    expect((await adminDownload(cookie, report.id)).status).toBe(200);
    await t.db
      .update(session)
      .set({ secondFactorAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(session.userId, id));
    const asked = await adminDownload(cookie, report.id);
    expect(asked.status).toBe(403);
    expect(await asked.json()).toMatchObject({ fieldErrors: { code: expect.stringContaining("authenticator app") } });

    expect(await revoke(await admin(), report.id)).toMatchObject({ success: true });
    expect((await adminDownload(await admin(), report.id)).status).toBe(403);
    const unknown = "00000000-0000-4000-8000-00000000dead";
    expect(await (await adminDownload(await admin(), unknown)).json()).toMatchObject({ error: "Report not found" });
  });
});
