import "server-only";
import { DEFAULT_DUE_DAYS, type FindingEventKind, type FindingSeverity, type FindingStatus } from "@/lib/domain/finding";
import { DEMO_CLIENTS, DEMO_PROJECTS, DEMO_USERS } from "./demo-data";

// A year of Acme's findings for the analytics (docs/PRODUCT.md#analytics): every month a few are
// published and most are Verified Fixed at a pace that suits their severity (some after their due
// date), so the charts say something on the first start. Two are SLA breaches still open, one is
// an accepted risk. Deterministic: a fixed-seed generator, dates counted back from the seeding.

export const HISTORY_PROJECT = DEMO_PROJECTS.find((p) => p.projectName === "Continuous Security Testing 2026")!.id;
const id = (n: number) => `00000000-0000-4000-8000-f3${String(n).padStart(10, "0")}`;
const DAY = 86_400_000;

/** mulberry32: a tiny deterministic generator, so every seeded database holds the same history. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const TITLES: Record<FindingSeverity, string[]> = {
  critical: ["SQL injection in the order search", "Authentication bypass on the partner API", "Prompt injection reaches the refund tool"],
  high: [
    "IDOR on invoice downloads",
    "Stored XSS in support ticket comments",
    "System prompt disclosed by the assistant",
    "SSRF through the webhook tester",
  ],
  medium: [
    "Missing rate limit on password reset",
    "Session not ended on password change",
    "Verbose errors reveal stack traces",
    "Assistant repeats other users' order data",
  ],
  low: ["Clickjacking on the settings page", "Cookies without the SameSite attribute", "Outdated jQuery on the marketing site"],
  informational: ["Server banner names its version", "Security.txt missing"],
};
const AREAS = ["web app", "partner API", "mobile API", "support assistant", "admin console"];
/** Published per month, oldest month first: a realistic testing cadence. */
const PER_MONTH = [5, 4, 6, 5, 4, 5, 6, 4, 5, 5, 4, 3];
const SEVERITY_CYCLE: FindingSeverity[] = ["medium", "high", "low", "medium", "critical", "high", "medium", "low", "high", "informational"];
/** Typical days to a verified fix, and how much it varies. */
const PACE: Record<FindingSeverity, [number, number]> = {
  critical: [5, 6],
  high: [18, 22],
  medium: [45, 40],
  low: [80, 90],
  informational: [60, 60],
};

type HistoryEvent = {
  findingId: string;
  kind: FindingEventKind;
  fromStatus?: FindingStatus;
  toStatus?: FindingStatus;
  note?: string;
  actorId: string;
  actorRole: "client" | "admin";
  actorName: string;
  createdAt: Date;
};

export function demoHistoryRows(now = Date.now()) {
  const random = generator(83);
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  const isoDay = (d: Date) => d.toISOString().slice(0, 10);
  const admin = { actorId: DEMO_USERS.admin.id, actorRole: "admin" as const, actorName: DEMO_USERS.admin.name };
  const owner = { actorId: DEMO_USERS.acme.id, actorRole: "client" as const, actorName: DEMO_USERS.acme.name };
  const findings = [];
  const events: HistoryEvent[] = [];
  let n = 0;
  for (const [month, count] of PER_MONTH.entries()) {
    for (let k = 0; k < count; k++) {
      n++;
      const severity = SEVERITY_CYCLE[n % SEVERITY_CYCLE.length]!;
      const publishedDaysAgo = Math.round((PER_MONTH.length - month) * 30.4 - random() * 28);
      const [typical, spread] = PACE[severity];
      const fixDays = Math.max(1, Math.round(typical + (random() - 0.4) * spread));
      let status: FindingStatus = publishedDaysAgo - fixDays > 1 ? "verified_fixed" : random() < 0.5 ? "open" : "in_remediation";
      // The two SLA breaches still open, and the one accepted risk.
      if (n === 38 || n === 45) status = "in_remediation";
      if (n === 12) status = "risk_accepted";
      const ai = n % 3 === 0;
      const titles = TITLES[severity];
      const published = at(publishedDaysAgo);
      const due = severity === "informational" ? null : new Date(published.getTime() + DEFAULT_DUE_DAYS[severity] * DAY);
      const fixedAt = at(publishedDaysAgo - fixDays);
      const findingId = id(n);
      const changedAt =
        status === "verified_fixed" ? fixedAt : status === "risk_accepted" ? at(publishedDaysAgo - 20) : at(publishedDaysAgo - 2);
      findings.push({
        id: findingId,
        clientId: DEMO_CLIENTS.acme.id,
        projectId: HISTORY_PROJECT,
        title: `${titles[n % titles.length]} (${AREAS[n % AREAS.length]})`,
        severity,
        status,
        assets: AREAS[n % AREAS.length]!,
        description: "Found during the monthly test of the customer platform.",
        remediation: "Fix as described in the engagement's report; ask for a retest when done.",
        owaspLlm: ai ? [n % 2 === 0 ? "LLM01" : "LLM02"] : [],
        atlas: ai ? ["AML.T0051"] : [],
        publishedAt: published,
        dueOn: due ? isoDay(due) : null,
        ...(status === "risk_accepted"
          ? { riskReason: "The console is being retired this quarter.", riskExpiresOn: isoDay(at(-60)), riskAcceptedBy: DEMO_USERS.acme.id }
          : {}),
        createdAt: at(publishedDaysAgo + 1),
        updatedAt: changedAt,
      });
      events.push({ findingId, kind: "published", fromStatus: "draft", toStatus: "open", ...admin, createdAt: published });
      if (status === "verified_fixed") {
        events.push(
          {
            findingId,
            kind: "retest_requested",
            fromStatus: "open",
            toStatus: "fixed_pending_retest",
            note: "Fixed in the latest release.",
            ...owner,
            createdAt: new Date(fixedAt.getTime() - DAY / 2),
          },
          {
            findingId,
            kind: "retest_result",
            fromStatus: "fixed_pending_retest",
            toStatus: "verified_fixed",
            note: "Retested: fixed.",
            ...admin,
            createdAt: fixedAt,
          },
        );
      } else if (status === "in_remediation") {
        events.push({ findingId, kind: "status", fromStatus: "open", toStatus: "in_remediation", ...owner, createdAt: changedAt });
      } else if (status === "risk_accepted") {
        events.push({
          findingId,
          kind: "risk_accepted",
          fromStatus: "open",
          toStatus: "risk_accepted",
          note: "The console is being retired this quarter.",
          ...owner,
          createdAt: changedAt,
        });
      }
    }
  }
  return { findings, events };
}
