// The analytics' maths on hand-made histories: nearest-rank percentiles, SLA met %, and the
// counting rules (accepted and withdrawn never remediated; an SLA-breached finding stays open).
import { describe, expect, it } from "vitest";
import { computeAnalytics } from "@/features/analytics/server";
import type { FindingHistory } from "@/features/analytics/server";
import { nearestRank, spreadOf } from "@/features/analytics/server/maths/percentiles";
import { versionChanges } from "@/features/analytics/server/maths/ai";
import {
  daysToRemediate,
  isAccepted,
  isCounted,
  isOpenAt,
  isRemediated,
  monthEnd,
  monthOf,
} from "@/features/analytics/server/maths/history";

const NOW = new Date("2026-11-15T12:00:00Z");
const at = (iso: string) => new Date(`${iso}T10:00:00Z`);
let n = 0;
function finding(over: Partial<FindingHistory> & { publishedAt: Date }): FindingHistory {
  n++;
  return {
    id: `f${n}`,
    clientId: "c1",
    projectId: "p1",
    severity: "high",
    status: "open",
    ai: false,
    dueOn: null,
    verifiedFixedAt: null,
    statusSince: over.publishedAt,
    regressedAt: [],
    ...over,
  };
}
const fixed = (published: string, fixedOn: string, over: Partial<FindingHistory> = {}) =>
  finding({ publishedAt: at(published), status: "verified_fixed", verifiedFixedAt: at(fixedOn), statusSince: at(fixedOn), ...over });

describe("percentiles", () => {
  it("takes the nearest rank, never interpolating", () => {
    const values = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(nearestRank(values, 50)).toBe(10);
    expect(nearestRank(values, 95)).toBe(19);
    expect(nearestRank([7], 95)).toBe(7);
    expect(nearestRank([], 50)).toBeNull();
  });

  it("gives mean, p50 and p95 to one decimal", () => {
    expect(spreadOf([1, 2, 3, 4, 100])).toEqual({ count: 5, mean: 22, p50: 3, p95: 100 });
    expect(spreadOf([])).toEqual({ count: 0, mean: null, p50: null, p95: null });
  });
});

describe("time to remediate", () => {
  it("counts only the firm's Verified Fixed, per severity and month of the fix", () => {
    const histories = [
      fixed("2026-10-01", "2026-10-11"), // 10 days, high
      fixed("2026-10-01", "2026-10-21"), // 20 days, high
      fixed("2026-09-01", "2026-11-01", { severity: "critical" }), // 61 days
      finding({ publishedAt: at("2026-10-01"), status: "fixed_pending_retest" }), // the client's fix: not remediated
      finding({ publishedAt: at("2026-10-01"), status: "risk_accepted", statusSince: at("2026-10-05") }),
      finding({ publishedAt: at("2026-10-01"), status: "withdrawn", statusSince: at("2026-10-02") }),
    ];
    const a = computeAnalytics(histories, [], { period: "3m" }, NOW);
    expect(a.remediation.overall.count).toBe(3);
    const high = a.remediation.bySeverity.find((s) => s.severity === "high")!;
    expect(high).toMatchObject({ count: 2, mean: 15, p50: 10, p95: 20 });
    expect(a.remediation.bySeverity.find((s) => s.severity === "critical")).toMatchObject({ count: 1, p95: 61 });
    expect(a.remediation.byMonth.map((m) => [m.month, m.count])).toEqual([
      ["2026-09", 0],
      ["2026-10", 2],
      ["2026-11", 1],
    ]);
  });
});

describe("SLA met %", () => {
  it("meets on or before the due day, breaches after it or when still open past it", () => {
    const histories = [
      fixed("2026-10-01", "2026-10-31", { dueOn: "2026-10-31" }), // met on the due day
      fixed("2026-10-01", "2026-11-02", { dueOn: "2026-10-31" }), // breached, fixed late
      finding({ publishedAt: at("2026-10-01"), dueOn: "2026-10-31", status: "in_remediation" }), // breached, open
      finding({ publishedAt: at("2026-11-10"), dueOn: "2026-12-10" }), // pending
      finding({ publishedAt: at("2026-10-01"), dueOn: "2026-10-31", status: "risk_accepted" }), // neither
      finding({ publishedAt: at("2026-10-01"), dueOn: "2026-10-31", status: "withdrawn" }), // neither
    ];
    const high = computeAnalytics(histories, [], { period: "3m" }, NOW).sla.find((s) => s.severity === "high")!;
    expect(high).toEqual({ severity: "high", met: 1, breached: 2, breachedOpen: 1, pending: 1, metPercent: 33.3 });
  });

  it("has no percentage when nothing is decided", () => {
    const a = computeAnalytics([finding({ publishedAt: at("2026-11-10"), dueOn: "2026-12-10" })], [], { period: "3m" }, NOW);
    expect(a.sla.find((s) => s.severity === "high")!.metPercent).toBeNull();
  });
});

describe("counting rules", () => {
  it("keeps a breached finding open, closes accepted ones by decision and drops withdrawn ones", () => {
    const histories = [
      finding({ publishedAt: at("2026-09-05"), dueOn: "2026-09-12", severity: "critical" }), // breached, open
      finding({ publishedAt: at("2026-09-05"), status: "risk_accepted", statusSince: at("2026-10-03") }),
      finding({ publishedAt: at("2026-09-05"), status: "withdrawn", statusSince: at("2026-09-20") }),
      fixed("2026-09-05", "2026-10-20"),
    ];
    const a = computeAnalytics(histories, [], { period: "3m" }, NOW);
    expect(a.flow).toEqual([
      { month: "2026-09", opened: 3, fixed: 0, accepted: 0, openAtEnd: 3 },
      { month: "2026-10", opened: 0, fixed: 1, accepted: 1, openAtEnd: 1 },
      { month: "2026-11", opened: 0, fixed: 0, accepted: 0, openAtEnd: 1 },
    ]);
    expect(a.remediation.overall.count).toBe(1);
    // The breached critical one is open now and 71 days old.
    expect(a.aging.find((b) => b.bucket === "31-90")).toMatchObject({ total: 1, critical: 1 });
    expect(a.aging.reduce((sum, b) => sum + b.total, 0)).toBe(1);
  });

  it("counts a regressed finding open again and not remediated", () => {
    const back = finding({ publishedAt: at("2026-09-01"), status: "regressed", ai: true, regressedAt: [at("2026-10-10")] });
    const a = computeAnalytics([back], [], { period: "3m" }, NOW);
    expect(a.remediation.overall.count).toBe(0);
    expect(a.aging.reduce((sum, b) => sum + b.total, 0)).toBe(1);
  });
});

describe("AI findings", () => {
  it("counts the regressions between one version change and the next", () => {
    const histories = [
      finding({ publishedAt: at("2026-06-01"), ai: true, status: "regressed", regressedAt: [at("2026-08-10"), at("2026-10-05")] }),
      finding({ publishedAt: at("2026-06-01"), ai: false, status: "open", regressedAt: [at("2026-08-11")] }), // not AI
      finding({ publishedAt: at("2026-06-01"), ai: true, projectId: "p2", regressedAt: [at("2026-08-12")] }), // another engagement
    ];
    const v = (modelVersion: string, day: string) => ({
      projectId: "p1",
      provider: "openai",
      modelId: "gpt",
      modelVersion,
      recordedAt: at(day),
    });
    const changes = versionChanges([v("1", "2026-06-01"), v("2", "2026-08-01"), v("2", "2026-09-01"), v("3", "2026-10-01")], histories);
    expect(changes.map((c) => [c.fromVersion, c.toVersion, c.regressions])).toEqual([
      ["2", "3", 1],
      ["1", "2", 1],
    ]);
    expect(changes[0]!.target).toBe("openai/gpt");
  });

  it("times AI findings to Verified Fixed apart from the rest", () => {
    const a = computeAnalytics(
      [fixed("2026-10-01", "2026-10-05", { ai: true }), fixed("2026-10-01", "2026-10-31")],
      [],
      { period: "3m" },
      NOW,
    );
    expect(a.ai.timeToVerifiedFixed).toMatchObject({ count: 1, mean: 4 });
    expect(a.ai.findings).toBe(1);
  });
});

describe("one pass over the histories", () => {
  it("gives each month's figures as the counting rules define them, on 2,000 random histories", () => {
    const statuses = ["open", "verified_fixed", "risk_accepted", "wont_fix", "withdrawn", "regressed", "fixed_pending_retest"] as const;
    const severities = ["critical", "high", "medium", "low", "informational"] as const;
    let state = 7;
    const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const DAY = 86_400_000;
    // Published from 2024 to past NOW; closed up to 300 days later, a few before publishing.
    const histories = Array.from({ length: 2_000 }, () => {
      const publishedAt = new Date(Date.UTC(2024, 0, 1) + random() * 1_100 * DAY);
      const closedAt = new Date(publishedAt.getTime() + (random() - 0.1) * 300 * DAY);
      const status = pick(statuses);
      return finding({
        publishedAt,
        status,
        severity: pick(severities),
        verifiedFixedAt: status === "verified_fixed" ? closedAt : null,
        statusSince: closedAt,
      });
    });
    const a = computeAnalytics(histories, [], { period: "24m" }, NOW);
    const counted = histories.filter(isCounted);
    expect(a.flow).toEqual(
      a.months.map((month) => ({
        month,
        opened: counted.filter((h) => monthOf(h.publishedAt) === month).length,
        fixed: counted.filter((h) => isRemediated(h) && monthOf(h.verifiedFixedAt!) === month).length,
        accepted: counted.filter((h) => isAccepted(h) && monthOf(h.statusSince) === month).length,
        openAtEnd: counted.filter((h) => isOpenAt(h, new Date(monthEnd(month).getTime() - 1))).length,
      })),
    );
    const to = monthEnd(a.months[a.months.length - 1]!);
    expect(a.remediation.byMonth).toEqual(
      a.months.map((month) => ({
        month,
        ...spreadOf(
          histories
            .filter((h) => daysToRemediate(h) !== null && h.verifiedFixedAt! < to && monthOf(h.verifiedFixedAt!) === month)
            .map((h) => daysToRemediate(h)!),
        ),
      })),
    );
    expect(a.flow.some((m) => m.openAtEnd > 0 && m.fixed > 0 && m.accepted > 0)).toBe(true);
  });
});
