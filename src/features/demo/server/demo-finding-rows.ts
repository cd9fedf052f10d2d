import "server-only";
import type { FindingEventKind, FindingStatus } from "@/lib/domain/finding";
import { TRACKER_KIND_LABELS } from "@/lib/domain/tracker";
import { DEMO_GITHUB_TICKETS } from "./demo-tracker-constants";
import { DEMO_USERS, DEMO_WRITE_TOKEN_NAME } from "./demo-data";
import { demoMeasurementRows, demoModelVersionRows } from "./demo-measurements";
import {
  ACME_ENGAGEMENT,
  DEMO_FINDINGS,
  DEMO_OWNED_FINDING_ID,
  DEMO_TICKET_CLOSED_DAYS_AGO,
  MEASURED_IDS,
  MEASURED_PUBLISHED_DAYS_AGO,
  daysFromNow as day,
  demoFindingUuid as id,
  isoDaysFromNow as isoDay,
} from "./demo-findings";

// The demo findings' rows as the seed inserts them (the findings themselves: demo-findings.ts), with
// the timeline, retests and measurements that go with them, dates counted from the seeding.

/** The ticket closed in Acme's GitHub, and the note inbound.ts writes for it. */
const CLOSED_TICKET = DEMO_GITHUB_TICKETS.find((t) => t.state === "closed")!;
const CLOSED_TICKET_NOTE = `Closed in ${TRACKER_KIND_LABELS.github} (#${CLOSED_TICKET.number}).`;

type DemoEvent = {
  findingId: string;
  kind: FindingEventKind;
  fromStatus?: FindingStatus;
  toStatus?: FindingStatus;
  note?: string;
  actorId: string | null;
  actorRole: "client" | "admin";
  actorName: string;
  createdAt: Date;
};

/** The rows to insert, with dates counted from now, and the timeline and retests that go with them. */
export function demoFindingRows() {
  const findings = DEMO_FINDINGS.map(({ publishedDaysAgo, dueInDays, ...f }) => ({
    ...f,
    publishedAt: publishedDaysAgo === null ? null : day(-publishedDaysAgo),
    dueOn: dueInDays === null ? null : isoDay(dueInDays),
    ownerUserId: f.id === DEMO_OWNED_FINDING_ID ? DEMO_USERS.acmeMember.id : null,
    ...(f.status === "risk_accepted"
      ? {
          riskReason: "Only staff reach the console; it is replaced next quarter.",
          riskExpiresOn: isoDay(90),
          riskAcceptedBy: DEMO_USERS.acme.id,
        }
      : {}),
  }));
  const admin = { actorId: DEMO_USERS.admin.id, actorRole: "admin" as const, actorName: DEMO_USERS.admin.name };
  const owner = { actorId: DEMO_USERS.acme.id, actorRole: "client" as const, actorName: DEMO_USERS.acme.name };
  // What inbound.ts leaves when GitHub says the ticket was closed: the company's machine, no person.
  const tracker = { actorId: null, actorRole: "client" as const, actorName: TRACKER_KIND_LABELS.github };
  const events = DEMO_FINDINGS.flatMap((f): DemoEvent[] => {
    if (f.publishedDaysAgo === null)
      return [{ findingId: f.id, kind: "created" as const, toStatus: "draft" as const, ...admin, createdAt: day(-1) }];
    const published = {
      findingId: f.id,
      kind: "published" as const,
      fromStatus: "draft" as const,
      toStatus: "open" as const,
      ...admin,
      createdAt: day(-f.publishedDaysAgo),
    };
    if (MEASURED_IDS.has(f.id)) return [published];
    const at = day(-f.publishedDaysAgo + 2);
    const step = (s: Omit<DemoEvent, "findingId" | "createdAt">): DemoEvent[] => [published, { findingId: f.id, createdAt: at, ...s }];
    switch (f.status) {
      case "in_remediation":
        return [
          ...step({ kind: "status", fromStatus: "open", toStatus: "in_remediation", ...owner }),
          ...(f.id === DEMO_OWNED_FINDING_ID
            ? [
                {
                  findingId: f.id,
                  kind: "owner_assigned" as const,
                  note: `Remediation owner: ${DEMO_USERS.acmeMember.name}`,
                  ...owner,
                  createdAt: at,
                },
              ]
            : []),
        ];
      case "fixed_pending_retest":
        if (f.id === CLOSED_TICKET.findingId)
          return [
            published,
            {
              findingId: f.id,
              kind: "retest_requested",
              fromStatus: "open",
              toStatus: "fixed_pending_retest",
              note: CLOSED_TICKET_NOTE,
              ...tracker,
              createdAt: day(-DEMO_TICKET_CLOSED_DAYS_AGO),
            },
          ];
        return step({
          kind: "retest_requested",
          fromStatus: "open",
          toStatus: "fixed_pending_retest",
          note: "Limits now count per account.",
          ...owner,
        });
      case "verified_fixed":
        return [
          ...step({
            kind: "retest_requested",
            fromStatus: "open",
            toStatus: "fixed_pending_retest",
            note: "Errors are generic now.",
            ...owner,
          }),
          {
            findingId: f.id,
            kind: "retest_result",
            fromStatus: "fixed_pending_retest",
            toStatus: "verified_fixed",
            ...admin,
            createdAt: day(-f.publishedDaysAgo + 4),
          },
        ];
      case "still_open":
        return [
          ...step({
            kind: "retest_requested",
            fromStatus: "open",
            toStatus: "fixed_pending_retest",
            note: "Reads are scoped now.",
            ...owner,
          }),
          {
            findingId: f.id,
            kind: "retest_result",
            fromStatus: "fixed_pending_retest",
            toStatus: "still_open",
            note: "The export route still returns other tenants' history.",
            ...admin,
            createdAt: day(-f.publishedDaysAgo + 4),
          },
        ];
      case "risk_accepted":
        return step({
          kind: "risk_accepted",
          fromStatus: "open",
          toStatus: "risk_accepted",
          note: "Only staff reach the console; it is replaced next quarter.",
          ...owner,
        });
      case "withdrawn":
      case "false_positive":
        return step({
          kind: f.status === "withdrawn" ? "withdrawn" : "outcome",
          fromStatus: "open",
          toStatus: f.status,
          note: f.outcomeReason,
          ...admin,
        });
      default:
        return [published];
    }
  });
  const retestOf = (findingId: string, note: string, result: "verified_fixed" | "still_open" | null) => ({
    findingId,
    note,
    requestedBy: DEMO_USERS.acme.id,
    requestedByName: DEMO_USERS.acme.name,
    requestedAt: day(-10),
    ...(result ? { result, decidedBy: DEMO_USERS.admin.id, decidedAt: day(-8) } : {}),
  });
  const retests = [
    retestOf(id(4), "Limits now count per account.", null),
    retestOf(id(5), "Errors are generic now.", "verified_fixed"),
    retestOf(id(6), "Reads are scoped now.", "still_open"),
    {
      findingId: CLOSED_TICKET.findingId,
      note: CLOSED_TICKET_NOTE,
      requestedBy: null,
      requestedByName: tracker.actorName,
      requestedAt: day(-DEMO_TICKET_CLOSED_DAYS_AGO),
    },
  ];
  const comments = [
    { findingId: id(2), body: "Is the upstream key rotated already?", ...owner, createdAt: day(-11) },
    { findingId: id(2), body: "Not yet: please rotate it together with removing the route.", ...admin, createdAt: day(-10) },
    // Written by Acme's ticket-sync token through the company API (docs/PRODUCT.md#api-and-webhooks).
    {
      findingId: id(2),
      body: "Tracked in Jira as SEC-1042 (assignee: platform team).",
      actorId: null,
      actorRole: "client" as const,
      actorName: `API token "${DEMO_WRITE_TOKEN_NAME}"`,
      createdAt: day(-9),
    },
  ];
  const measured = demoMeasurementRows(MEASURED_PUBLISHED_DAYS_AGO);
  return {
    findings,
    events: [...events, ...measured.events],
    retests: [...retests, ...measured.retests],
    comments,
    measurements: measured.measurements,
    modelVersions: demoModelVersionRows(ACME_ENGAGEMENT),
  };
}
