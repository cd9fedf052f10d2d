import "server-only";
import { addMonths, monthOf } from "@/lib/retainer-period";
import { DEMO_CLIENTS, DEMO_PROJECTS, DEMO_USERS } from "./demo-data";

// Acme's retainer (docs/PRODUCT.md#retainer-hours): AI Engineering Acceleration, 40 hours a month
// since two months ago. Last month used its 40 hours and one overage request still waits for an
// owner; this month's time is just under the 80% threshold. Dated from today, so it keeps its
// meaning whenever the demo is seeded.

export const DEMO_RETAINER_ID = "00000000-0000-4000-8000-0000000e0001";
export const DEMO_OVERAGE_REQUEST_ID = "00000000-0000-4000-8000-0000000e0101";
export const DEMO_RETAINER_NAME = "AI Engineering Acceleration";

const acmeProjects = DEMO_PROJECTS.filter((p) => p.clientId === DEMO_CLIENTS.acme.id);
const copilot = acmeProjects.find((p) => p.projectName === "Copilot Rollout Acceleration")!.id;
const gateway = acmeProjects.find((p) => p.projectName === "LLM Gateway Security Assessment")!.id;

/** Billable hours this month: 31.5 of 40 (78.75%). */
const THIS_MONTH = [
  { hours: 6, projectId: copilot, person: "Avery Admin", description: "Copilot rollout: evaluation harness for code suggestions" },
  { hours: 5.5, projectId: copilot, person: "Casey Park", description: "Prompt library and guardrails for the support team" },
  { hours: 8, projectId: gateway, person: "Casey Park", description: "Gateway rate limits and abuse monitoring" },
  { hours: 4.75, projectId: copilot, person: "Avery Admin", description: "Pairing sessions with Acme's platform engineers" },
  { hours: 7.25, projectId: gateway, person: "Avery Admin", description: "Retrieval pipeline hardening" },
];
/** Last month: its 40 hours, in four weeks of 10. */
const LAST_MONTH = [0, 7, 14, 21].map((day) => ({
  hours: 10,
  day,
  projectId: day < 14 ? copilot : gateway,
  person: "Casey Park",
  description: day < 14 ? "Copilot rollout: onboarding and evaluation" : "Gateway load tests and reviews",
}));

export function demoRetainerRows(now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const month = monthOf(today);
  const lastMonth = addMonths(month, -1);
  const day = (first: string, offset: number) => {
    const date = new Date(`${first}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  const elapsed = Number(today.slice(8, 10)) - 1;
  const base = { retainerId: DEMO_RETAINER_ID, clientId: DEMO_CLIENTS.acme.id, billable: true, createdBy: DEMO_USERS.admin.id };
  const entries = [
    // Spread over the days elapsed this month (all on the 1st when today is the 1st).
    ...THIS_MONTH.map(({ hours, ...e }, i) => ({
      ...base,
      ...e,
      minutes: hours * 60,
      workDate: day(month, Math.floor((elapsed * i) / THIS_MONTH.length)),
    })),
    {
      ...base,
      projectId: gateway,
      person: "Casey Park",
      description: "Internal review notes",
      minutes: 90,
      billable: false,
      workDate: day(month, 0),
    },
    ...LAST_MONTH.map(({ hours, day: offset, ...e }) => ({ ...base, ...e, minutes: hours * 60, workDate: day(lastMonth, offset) })),
  ];
  const used = (m: string) => entries.filter((e) => e.billable && e.workDate.startsWith(m.slice(0, 7))).reduce((s, e) => s + e.minutes, 0);
  const unbilled = (m: string) =>
    entries.filter((e) => !e.billable && e.workDate.startsWith(m.slice(0, 7))).reduce((s, e) => s + e.minutes, 0);
  return {
    retainer: {
      id: DEMO_RETAINER_ID,
      clientId: DEMO_CLIENTS.acme.id,
      name: DEMO_RETAINER_NAME,
      monthlyMinutes: 40 * 60,
      hourlyRateCents: 22_500,
      overageRateCents: 27_500,
      startDate: addMonths(month, -2),
      thresholds: [80, 100],
    },
    entries,
    months: [
      { retainerId: DEMO_RETAINER_ID, month: addMonths(month, -2), billableMinutes: 0, nonBillableMinutes: 0, overageMinutes: 0 },
      {
        retainerId: DEMO_RETAINER_ID,
        month: lastMonth,
        billableMinutes: used(lastMonth),
        nonBillableMinutes: unbilled(lastMonth),
        overageMinutes: 0,
        notifiedThresholds: [80, 100],
      },
      { retainerId: DEMO_RETAINER_ID, month, billableMinutes: used(month), nonBillableMinutes: unbilled(month), overageMinutes: 0 },
    ],
    overageRequest: {
      id: DEMO_OVERAGE_REQUEST_ID,
      retainerId: DEMO_RETAINER_ID,
      clientId: DEMO_CLIENTS.acme.id,
      projectId: gateway,
      workDate: day(lastMonth, 27),
      minutes: 180,
      person: "Casey Park",
      description: "Incident support after the gateway's model upgrade",
      requestedBy: DEMO_USERS.admin.id,
    },
  };
}
