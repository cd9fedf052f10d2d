// The board summary (docs/PRODUCT.md#analytics) on the demo data: the firm generates Acme's last
// full quarter; the PDF, as pdftotext reads it, holds every section with its definition and the
// screen's figures for that quarter; it is Acme's report in the vault (Acme's owner downloads a
// stamped copy, recorded; Globex neither sees nor downloads it); a client cannot call the firm's
// action; a quarter not started is refused, and a quarter without findings gives a PDF that says
// so. An owner asks for the company's own (a member cannot; not twice within 10 minutes).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { ANALYTICS_DEFINITIONS } from "@/lib/domain/analytics";
import { generateBoardSummaryAction } from "@/features/analytics/actions/admin";
import { requestBoardSummaryAction } from "@/features/analytics/actions/portal";
import { NO_FINDINGS_IN_QUARTER, SUMMARY_SECTIONS, SUMMARY_TOO_SOON } from "@/features/analytics/server";
import { computeAnalyticsOver, readHistories, readModelVersions } from "@/features/analytics/server/analytics-read";
import { QUARTER_NOT_STARTED, quarterAsOf, quarterBounds, recentQuarters } from "@/features/analytics/validation";
import { auditLog } from "@/features/audit/server/schema";
import { DEMO_CLIENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { getStampedReport, listPortalReports, requestReportDownload } from "@/features/reports/server";
import { reports } from "@/features/reports/server/schema";
import { getStorage } from "@/server/core/storage/storage";
import { adminCookie, clientActor, clientCookie } from "@tests/integration/helpers/admin-session";
import { authHeaders } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const acme = DEMO_CLIENTS.acme;
const quarter = recentQuarters(new Date(), 2)[1]!;
const from = { clientAddress: "203.0.113.9", userAgent: "vitest" };

/** The text of a PDF as pdftotext reads it, every run of white space one space. */
function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "summary-"));
  writeFileSync(join(dir, "summary.pdf"), bytes);
  return execFileSync("pdftotext", ["-layout", join(dir, "summary.pdf"), "-"])
    .toString()
    .replace(/\s+/g, " ");
}
const flat = (text: string) => text.replace(/\s+/g, " ");

async function generate(input: { clientId: string; quarter: string }) {
  requestHeaders.current = authHeaders(await adminCookie());
  return generateBoardSummaryAction(input);
}

async function storedPdf(reportId: string) {
  const [row] = await t.db.select({ storageKey: reports.storageKey }).from(reports).where(eq(reports.id, reportId));
  return getStorage().get(row!.storageKey);
}

describe("the board summary", () => {
  it("prints Acme's quarter: every section, its definition and the screen's figures", async () => {
    const result = await generate({ clientId: acme.id, quarter });
    expect(result).toMatchObject({ success: true, data: { title: `Remediation summary ${quarter}`, version: 1, empty: false } });
    if (!result.success) return;
    const text = pdfText(await storedPdf(result.data.reportId));
    expect(text).toContain(acme.company);
    expect(text).toContain(`Remediation summary ${quarter}`);
    SUMMARY_SECTIONS.forEach((heading, i) => expect(text).toContain(`${i + 1}. ${heading}`));
    for (const definition of Object.values(ANALYTICS_DEFINITIONS)) expect(text).toContain(flat(definition));

    // The figures are the screen's maths over the quarter, read as at its end.
    const bounds = quarterBounds(quarter)!;
    const filters = { period: "3m" } as const;
    const figures = computeAnalyticsOver(
      await readHistories(t.db, acme.id, filters),
      await readModelVersions(t.db, acme.id, filters),
      bounds.months,
      quarterAsOf(bounds, new Date()),
    );
    expect(figures.remediation.overall.count).toBeGreaterThan(0);
    const { overall } = figures.remediation;
    expect(text).toContain(`${overall.p50} d / ${overall.p95} d`);
    expect(text).toContain(`Mean ${overall.mean} d over ${overall.count} fixes`);
    const met = figures.sla.reduce((sum, s) => sum + s.met, 0);
    const decided = figures.sla.reduce((sum, s) => sum + s.met + s.breached, 0);
    expect(text).toContain(`${met} of ${decided} decided`);
    for (const month of figures.flow) {
      const name = new Date(`${month.month}-01T00:00:00Z`).toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
      expect(text).toContain(`${name} ${month.opened} ${month.fixed} ${month.accepted} ${month.openAtEnd}`);
    }
    expect(text).toContain(`Open at quarter end ${figures.aging.reduce((sum, b) => sum + b.total, 0)}`);

    const [audit] = await t.db
      .select({ clientId: auditLog.clientId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "analytics.summary_generate"), eq(auditLog.entityId, result.data.reportId)));
    expect(audit).toMatchObject({ clientId: acme.id, after: { quarter, version: 1, empty: false } });
  });

  it("is Acme's report in the vault: its owner downloads a stamped copy, recorded; Globex neither sees nor gets it", async () => {
    const [report] = await t.db
      .select({ id: reports.id, clientId: reports.clientId, projectId: reports.projectId })
      .from(reports)
      .where(eq(reports.title, `Remediation summary ${quarter}`));
    expect(report).toMatchObject({ clientId: acme.id, projectId: null });

    const owner = await clientActor(DEMO_USERS.acme.email);
    expect((await listPortalReports(t.db, { actor: owner })).find((r) => r.id === report!.id)).toMatchObject({
      title: `Remediation summary ${quarter}`,
      engagement: null,
    });
    const globex = await clientActor(DEMO_USERS.globex.email);
    expect((await listPortalReports(t.db, { actor: globex })).some((r) => r.id === report!.id)).toBe(false);
    await expect(requestReportDownload(t.db, { actor: globex, reportId: report!.id, from })).rejects.toMatchObject({ status: 404 });

    const { downloadUrl, downloadId } = await requestReportDownload(t.db, { actor: owner, reportId: report!.id, from });
    const link = new URL(downloadUrl);
    const copy = await getStampedReport(downloadId, { expires: link.searchParams.get("expires"), sig: link.searchParams.get("sig") });
    const stamped = pdfText(copy.bytes);
    expect(stamped).toContain(DEMO_USERS.acme.email);
    expect(stamped).toContain(downloadId);
    const listed = (await listPortalReports(t.db, { actor: owner })).find((r) => r.id === report!.id)!;
    expect(listed.downloads?.map((d) => d.id)).toEqual([downloadId]);
  });

  it("publishes the next version when generated again, the one before superseded", async () => {
    const again = await generate({ clientId: acme.id, quarter });
    expect(again).toMatchObject({ success: true, data: { version: 2 } });
    const versions = await t.db
      .select({ version: reports.version, supersededAt: reports.supersededAt })
      .from(reports)
      .where(eq(reports.title, `Remediation summary ${quarter}`))
      .orderBy(reports.version);
    expect(versions.map((v) => [v.version, v.supersededAt !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it("says so when the company had no findings in the quarter", async () => {
    const result = await generate({ clientId: acme.id, quarter: "2020-Q1" });
    expect(result).toMatchObject({ success: true, data: { empty: true } });
    if (!result.success) return;
    expect(pdfText(await storedPdf(result.data.reportId))).toContain(flat(NO_FINDINGS_IN_QUARTER(acme.company, "2020-Q1")));
  });

  it("refuses a quarter not started yet, and a client calling the firm's action", async () => {
    const before = await t.db.select({ id: reports.id }).from(reports).where(eq(reports.clientId, acme.id));
    const next = `${new Date().getUTCFullYear() + 1}-Q1`;
    expect(await generate({ clientId: acme.id, quarter: next })).toMatchObject({
      success: false,
      error: QUARTER_NOT_STARTED,
      fieldErrors: { quarter: QUARTER_NOT_STARTED },
    });
    requestHeaders.current = authHeaders(await clientCookie(DEMO_USERS.acme.email));
    expect(await generateBoardSummaryAction({ clientId: acme.id, quarter })).toMatchObject({
      success: false,
      error: "Access denied. Admins only.",
    });
    expect(await t.db.select({ id: reports.id }).from(reports).where(eq(reports.clientId, acme.id))).toHaveLength(before.length);
  });

  it("lets an owner ask for the company's own, once in 10 minutes per quarter; a member cannot", async () => {
    const older = recentQuarters(new Date(), 3)[2]!;
    requestHeaders.current = authHeaders(await clientCookie(DEMO_USERS.acmeMember.email));
    expect(await requestBoardSummaryAction({ quarter: older })).toMatchObject({
      success: false,
      error: "Only an owner of your company can do this.",
    });
    requestHeaders.current = authHeaders(await clientCookie(DEMO_USERS.acme.email));
    const asked = await requestBoardSummaryAction({ quarter: older });
    expect(asked).toMatchObject({ success: true, data: { title: `Remediation summary ${older}`, version: 1, company: acme.company } });
    if (!asked.success) return;
    const [row] = await t.db
      .select({ clientId: reports.clientId, projectId: reports.projectId, publishedAt: reports.publishedAt })
      .from(reports)
      .where(eq(reports.id, asked.data.reportId));
    expect(row).toMatchObject({ clientId: acme.id, projectId: null });
    expect(pdfText(await storedPdf(asked.data.reportId))).toContain(`Remediation summary ${older}`);
    expect(await requestBoardSummaryAction({ quarter: older })).toMatchObject({
      success: false,
      error: SUMMARY_TOO_SOON(`Remediation summary ${older}`, row!.publishedAt),
    });
  });
});
