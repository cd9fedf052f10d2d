// The analytics read (docs/PRODUCT.md#analytics) on the demo data: a company's figures count only
// its own published findings, another company or its engagement named in the address is ignored, and the
// firm's view covers every company or the one it names; a fix is timed by the timeline, and an AI
// finding's return after a model-version change is counted.
import { and, eq, isNotNull, notInArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findingEvents, findings } from "@/features/findings/server/schema/records";
import { engagementModelVersions } from "@/features/measurements/server/schema/measurements";
import { FIRM_CLOSED_FINDING_STATUSES } from "@/lib/domain/finding";
import { loadAdminAnalytics, loadClientAnalytics } from "@/features/analytics/server";
import { DEMO_CLIENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { recordQueries } from "@/server/core/db/query-counter";

const t = setupTestDatabase({ seedDemo: true });

/** Opened findings of a company in the figures: published and not closed by the firm. */
async function counted(clientId?: string) {
  const rows = await t.db
    .select({ id: findings.id })
    .from(findings)
    .where(
      and(
        clientId ? eq(findings.clientId, clientId) : undefined,
        isNotNull(findings.publishedAt),
        notInArray(findings.status, [...FIRM_CLOSED_FINDING_STATUSES]),
      ),
    );
  return rows.length;
}
const opened = (a: Awaited<ReturnType<typeof loadClientAnalytics>>) => a.flow.reduce((sum, m) => sum + m.opened, 0);

describe("analytics", () => {
  it("counts only the company's own findings, whatever the address names", async () => {
    const globex = await clientActor(DEMO_USERS.globex.email);
    const own = await loadClientAnalytics(t.db, { actor: globex, filters: { period: "24m" } });
    expect(opened(own)).toBe(await counted(DEMO_CLIENTS.globex.id));
    expect(own.engagements.every((e) => e.company === DEMO_CLIENTS.globex.company)).toBe(true);
    const naming = await loadClientAnalytics(t.db, { actor: globex, filters: { period: "24m", client: DEMO_CLIENTS.acme.id } });
    expect(opened(naming)).toBe(opened(own));
    const acmeEngagement = (
      await loadClientAnalytics(t.db, { actor: await clientActor(DEMO_USERS.acme.email), filters: { period: "24m" } })
    ).engagements[0]!;
    const other = await loadClientAnalytics(t.db, { actor: globex, filters: { period: "24m", engagement: acmeEngagement.id } });
    // Another company's engagement is not a choice: ignored, like any value that is not one.
    expect(other.filters.engagement).toBeUndefined();
    expect(opened(other)).toBe(opened(own));
  });

  it("gives Acme a year of history: fixes timed, two SLA breaches kept open, one accepted risk", async () => {
    const acme = await loadClientAnalytics(t.db, { actor: await clientActor(DEMO_USERS.acme.email), filters: { period: "12m" } });
    expect(acme.remediation.overall.count).toBeGreaterThan(20);
    expect(acme.flow.filter((m) => m.opened > 0).length).toBeGreaterThanOrEqual(10);
    expect(acme.sla.reduce((sum, s) => sum + s.breachedOpen, 0)).toBeGreaterThanOrEqual(2);
    expect(acme.flow.reduce((sum, m) => sum + m.accepted, 0)).toBeGreaterThanOrEqual(1);
  });

  it("gives the firm every company, or the one it names", async () => {
    const actor = await adminActor();
    const all = await loadAdminAnalytics(t.db, { actor, filters: { period: "24m" } });
    expect(opened(all)).toBe(await counted());
    expect(all.companies.map((c) => c.id)).toEqual(expect.arrayContaining([DEMO_CLIENTS.acme.id, DEMO_CLIENTS.globex.id]));
    const one = await loadAdminAnalytics(t.db, { actor, filters: { period: "24m", client: DEMO_CLIENTS.globex.id } });
    expect(opened(one)).toBe(await counted(DEMO_CLIENTS.globex.id));
  });

  it("keeps the firm's figures while the findings are unchanged, and counts any change at once", async () => {
    const actor = await adminActor();
    const now = new Date();
    // A view no other test asks for: its first look computes it.
    const filters = { period: "6m" } as const;
    const first = await recordQueries(() => loadAdminAnalytics(t.db, { actor, filters, now }));
    // Unchanged data: the kept figures, the histories not read again.
    const again = await recordQueries(() => loadAdminAnalytics(t.db, { actor, filters, now }));
    expect(again.result).toEqual(first.result);
    expect(first.statements.some((text) => text.includes("string_agg"))).toBe(true);
    expect(again.statements.some((text) => text.includes("string_agg"))).toBe(false);
    expect(again.queries).toBeLessThan(first.queries);

    // A finding published since: counted on the next look.
    const [project] = await t.db
      .select({ id: findings.projectId })
      .from(findings)
      .where(eq(findings.clientId, DEMO_CLIENTS.globex.id))
      .limit(1);
    const [added] = await t.db
      .insert(findings)
      .values({
        clientId: DEMO_CLIENTS.globex.id,
        projectId: project!.id,
        title: "Kept figures",
        severity: "high",
        status: "open",
        publishedAt: now,
        dueOn: "2099-01-01",
      })
      .returning({ id: findings.id });
    const published = await loadAdminAnalytics(t.db, { actor, filters, now });
    expect(opened(published)).toBe(opened(first.result) + 1);

    // A change of its severity alone (no finding more or less) moves it from one row to another.
    const pending = (a: typeof published, severity: string) => a.sla.find((row) => row.severity === severity)!.pending;
    await t.db.update(findings).set({ severity: "low" }).where(eq(findings.id, added!.id));
    const changed = await loadAdminAnalytics(t.db, { actor, filters, now });
    expect(pending(changed, "high")).toBe(pending(published, "high") - 1);
    expect(pending(changed, "low")).toBe(pending(published, "low") + 1);
    await t.db.delete(findings).where(eq(findings.id, added!.id));
    expect(opened(await loadAdminAnalytics(t.db, { actor, filters, now }))).toBe(opened(first.result));
  });

  it("counts an AI finding's return after the model version changed", async () => {
    const actor = await clientActor(DEMO_USERS.acme.email);
    const [ai] = await t.db
      .select({ id: findings.id, projectId: findings.projectId })
      .from(findings)
      .where(and(eq(findings.clientId, DEMO_CLIENTS.acme.id), isNotNull(findings.publishedAt), sql`cardinality(${findings.owaspLlm}) > 0`))
      .limit(1);
    const day = (n: number) => new Date(Date.now() - n * 86_400_000);
    await t.db.insert(engagementModelVersions).values(
      ["1", "2"].map((modelVersion, i) => ({
        projectId: ai!.projectId,
        provider: "test",
        modelId: "returns",
        modelVersion,
        recordedByName: "Test",
        createdAt: day(20 - i * 10),
      })),
    );
    await t.db
      .insert(findingEvents)
      .values({ findingId: ai!.id, kind: "regressed", actorRole: "admin", actorName: "Test", createdAt: day(5) });
    const a = await loadClientAnalytics(t.db, { actor, filters: { period: "12m" } });
    expect(a.ai.changes.find((c) => c.target === "test/returns")).toMatchObject({ fromVersion: "1", toVersion: "2", regressions: 1 });
  });

  // Last: it touches Acme's fixed findings.
  it("times a fix by the timeline's Verified Fixed, not by the finding's last change", async () => {
    const actor = await clientActor(DEMO_USERS.acme.email);
    const now = new Date();
    const before = await loadClientAnalytics(t.db, { actor, filters: { period: "24m" }, now });
    expect(before.remediation.overall.count).toBeGreaterThan(20);
    await t.db
      .update(findings)
      .set({ updatedAt: now })
      .where(and(eq(findings.clientId, DEMO_CLIENTS.acme.id), eq(findings.status, "verified_fixed")));
    const after = await loadClientAnalytics(t.db, { actor, filters: { period: "24m" }, now });
    expect(after.remediation).toEqual(before.remediation);
  });
});
