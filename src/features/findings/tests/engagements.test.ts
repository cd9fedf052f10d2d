// The admin Engagements list (docs/PRODUCT.md#admin-engagements): one row per project with findings
// or reports, its counts read from the findings of two clients, drafts counted only as drafts.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { findingImports } from "@/features/imports/server/schema/imports";
import { findingRetests, findings } from "@/features/findings/server/schema/records";
import { projects } from "@/features/projects/server/schema";
import { reports } from "@/features/reports/server/schema";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { listEngagements, projectsWithFindings } from "@/features/findings/server";
import { lastImportsOf } from "@/features/imports/server";
import { engagementReportsSql as reportsSql } from "@/features/reports/server";
import type { FindingSeverity, FindingStatus } from "@/lib/domain/finding";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });

const TAG = "Engagement list test";

async function project(clientId: string, name: string, startDate: string) {
  const [row] = await t.db
    .insert(projects)
    .values({ clientId, projectName: `${TAG}: ${name}`, startDate, targetCompletionDate: "2027-03-31" })
    .returning({ id: projects.id });
  return row!.id;
}

type Seed = { severity: FindingSeverity; status: FindingStatus; ruleId?: string; createdAt?: Date };

async function seedFindings(clientId: string, projectId: string, rows: Seed[]) {
  const inserted = await t.db
    .insert(findings)
    .values(
      rows.map((r, i) => ({
        clientId,
        projectId,
        title: `${TAG} finding ${i}`,
        severity: r.severity,
        status: r.status,
        ruleId: r.ruleId ?? null,
        publishedAt: r.status === "draft" ? null : new Date("2026-10-01T00:00:00Z"),
        ...(r.createdAt ? { createdAt: r.createdAt } : {}),
      })),
    )
    .returning({ id: findings.id, status: findings.status });
  return inserted;
}

describe("the Engagements list", () => {
  it("counts each engagement's published findings by severity and state, its drafts, retests, last import and report versions", async () => {
    const admin = await adminActor();
    const acmeProject = await project(DEMO_CLIENTS.acme.id, "Acme red team", "2026-09-01");
    const globexProject = await project(DEMO_CLIENTS.globex.id, "Globex agent review", "2026-08-01");
    const bare = await project(DEMO_CLIENTS.acme.id, "Acme nothing yet", "2026-10-01");
    const vaultOnly = await project(DEMO_CLIENTS.globex.id, "Globex report only", "2026-07-01");

    const lastImport = new Date("2026-10-20T08:30:00Z");
    const acme = await seedFindings(DEMO_CLIENTS.acme.id, acmeProject, [
      { severity: "critical", status: "open" },
      { severity: "critical", status: "still_open" },
      { severity: "high", status: "in_remediation" },
      { severity: "medium", status: "fixed_pending_retest", ruleId: "PI001", createdAt: new Date("2026-10-02T00:00:00Z") },
      { severity: "low", status: "verified_fixed", ruleId: "LEAK02", createdAt: lastImport },
      { severity: "informational", status: "risk_accepted" },
      // Drafts: counted only as drafts, never under a severity or a state.
      { severity: "critical", status: "draft" },
      { severity: "critical", status: "draft", ruleId: "PI002", createdAt: new Date("2026-10-10T00:00:00Z") },
    ]);
    // The import history: the newest applied import is the last import (a discarded one is not).
    const importRow = (state: "applied" | "discarded", decidedAt: Date) => ({
      clientId: DEMO_CLIENTS.acme.id,
      projectId: acmeProject,
      format: "sarif" as const,
      fileName: `scan-${state}.sarif`,
      fileSize: 100,
      state,
      createdByName: "Avery Admin",
      createdAt: decidedAt,
      decidedAt,
    });
    await t.db
      .insert(findingImports)
      .values([
        importRow("applied", new Date("2026-10-02T00:00:00Z")),
        importRow("applied", lastImport),
        importRow("discarded", new Date("2026-10-25T00:00:00Z")),
      ]);
    const pending = acme.find((f) => f.status === "fixed_pending_retest")!;
    await t.db.insert(findingRetests).values({ findingId: pending.id, note: "Fixed", requestedByName: "Jordan Lee" });
    await seedFindings(DEMO_CLIENTS.globex.id, globexProject, [
      { severity: "high", status: "open" },
      { severity: "high", status: "draft" },
    ]);
    for (const version of [1, 2])
      await t.db.insert(reports).values({
        clientId: DEMO_CLIENTS.acme.id,
        projectId: acmeProject,
        title: "Red team report",
        version,
        storageKey: `test/${randomUUID()}`,
        fileSize: 100,
      });
    await t.db.insert(reports).values({
      clientId: DEMO_CLIENTS.globex.id,
      projectId: vaultOnly,
      title: "Globex report",
      version: 1,
      storageKey: `test/${randomUUID()}`,
      fileSize: 100,
    });

    const { rows, total } = await listEngagements(t.db, { actor: admin, reports: reportsSql, q: TAG });
    expect(total).toBe(3);
    // Newest start first; the project with neither findings nor reports is not an engagement.
    expect(rows.map((r) => r.id)).toEqual([acmeProject, globexProject, vaultOnly]);
    expect(rows.map((r) => r.id)).not.toContain(bare);

    const [a, g, v] = rows;
    expect(a).toMatchObject({
      company: DEMO_CLIENTS.acme.company,
      clientId: DEMO_CLIENTS.acme.id,
      startDate: "2026-09-01",
      targetCompletionDate: "2027-03-31",
      published: { critical: 2, high: 1, medium: 1, low: 1, informational: 1 },
      states: { open: 2, in_remediation: 1, fixed_pending_retest: 1, closed: 2 },
      drafts: 2,
      retestsWaiting: 1,
      reportVersions: 2,
    });
    // The last import is the imports slice's read, for the same page: the newest applied one, a discarded one aside.
    const lastImports = await lastImportsOf(t.db, { actor: admin, projectIds: rows.map((r) => r.id) });
    expect(Object.fromEntries(lastImports)).toEqual({ [acmeProject]: lastImport.toISOString() });
    expect(g).toMatchObject({
      company: DEMO_CLIENTS.globex.company,
      published: { critical: 0, high: 1, medium: 0, low: 0, informational: 0 },
      states: { open: 1, in_remediation: 0, fixed_pending_retest: 0, closed: 0 },
      drafts: 1,
      retestsWaiting: 0,
      reportVersions: 0,
    });
    expect(v).toMatchObject({ drafts: 0, reportVersions: 1, published: { critical: 0, high: 0 }, states: { open: 0 } });
  });

  it("searches by client and project name, and pages", async () => {
    const admin = await adminActor();
    const globex = await listEngagements(t.db, { actor: admin, reports: reportsSql, q: DEMO_CLIENTS.globex.company });
    expect(globex.rows.length).toBeGreaterThan(0);
    expect(globex.rows.every((r) => r.clientId === DEMO_CLIENTS.globex.id)).toBe(true);
    const all = await listEngagements(t.db, { actor: admin, reports: reportsSql });
    const paged = await listEngagements(t.db, { actor: admin, reports: reportsSql, page: 2, pageSize: 1 });
    expect(paged.total).toBe(all.total);
    expect(paged.rows).toHaveLength(1);
    expect(paged.rows[0]!.id).toBe(all.rows[1]!.id);
    expect((await listEngagements(t.db, { actor: admin, reports: reportsSql, q: "no engagement is called this" })).total).toBe(0);
  });

  it("is the firm's alone", async () => {
    const client = await clientActor();
    await expect(listEngagements(t.db, { actor: client as never, reports: reportsSql })).rejects.toMatchObject({ code: "forbidden" });
    await expect(projectsWithFindings(t.db, { actor: client as never, clientId: DEMO_CLIENTS.acme.id })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("names the client's projects that have findings, for its page's Engagement links", async () => {
    const admin = await adminActor();
    const withFindings = await project(DEMO_CLIENTS.acme.id, "Acme with one finding", "2026-06-01");
    const without = await project(DEMO_CLIENTS.acme.id, "Acme without", "2026-06-01");
    await seedFindings(DEMO_CLIENTS.acme.id, withFindings, [{ severity: "low", status: "draft" }]);
    const ids = await projectsWithFindings(t.db, { actor: admin, clientId: DEMO_CLIENTS.acme.id });
    expect(ids).toContain(withFindings);
    expect(ids).not.toContain(without);
    expect(await projectsWithFindings(t.db, { actor: admin, clientId: DEMO_CLIENTS.globex.id })).not.toContain(withFindings);
  });
});
