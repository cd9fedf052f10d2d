import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { addMonths, monthOf } from "@/lib/retainer-period";
import { type AdminActor, assertAdmin, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { retainerMonths, retainerOverageRequests, retainers, timeEntries } from "./schema";
import { entryColumns, monthColumns, retainerColumns } from "./columns";
import { monthFigures, monthsOf, type RetainerMonth, todayUtc } from "./figures";
import { companyNameSql } from "@/features/clients/server";
import { listClientProjectRefs, projectNameSql } from "@/features/projects/server";

/** Entries shown under the burn-down; the CSV export has them all. */
export const SHOWN_ENTRIES = 200;

export type RetainerTerms = {
  id: string;
  name: string;
  monthlyMinutes: number;
  hourlyRateCents: number;
  overageRateCents: number;
  startDate: string;
  carryOverMaxMinutes: number;
  carryOverMonths: number;
  thresholds: number[];
};

export type RetainerEntry = {
  id: string;
  workDate: string;
  minutes: number;
  person: string;
  description: string;
  billable: boolean;
  overage: boolean;
  project: string;
};

export type OverageRequest = {
  id: string;
  workDate: string;
  minutes: number;
  person: string;
  description: string;
  project: string;
  status: "pending" | "approved" | "declined";
  decidedByName: string | null;
  decidedAt: string | null;
};

/** What the portal's Retainer section and the admin's Retainer card show. */
export type RetainerView = {
  retainer: RetainerTerms;
  /** The current month's figures (also the first of `months`). */
  current: RetainerMonth;
  /** Every month from the start, newest first. */
  months: RetainerMonth[];
  /** The current month's latest entries (SHOWN_ENTRIES at most). */
  entries: RetainerEntry[];
  /** Waiting requests, and those of the current month already decided. */
  requests: OverageRequest[];
};

const retainerOf = (clientId: string) => sql`(select ${retainers.id} from ${retainers} where ${retainers.clientId} = ${clientId})`;

/**
 * The retainer of a client with its figures, in four statements run side by side, whatever the
 * number of entries: terms, monthly totals, the month's latest entries, the requests.
 */
async function readRetainerView(db: DbOrTx, clientId: string, today = todayUtc()): Promise<RetainerView | null> {
  const month = monthOf(today);
  const next = addMonths(month, 1);
  // Requests stay listed with their decision through the next month: the one an owner just
  // approved (often last month's, which the firm closes after) does not vanish from the screen.
  const requestsSince = addMonths(month, -1);
  const [[retainer], totals, entries, requests] = await Promise.all([
    db.select(retainerColumns).from(retainers).where(eq(retainers.clientId, clientId)),
    db
      .select(monthColumns)
      .from(retainerMonths)
      .where(eq(retainerMonths.retainerId, retainerOf(clientId))),
    db
      .select(entryColumns)
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.retainerId, retainerOf(clientId)),
          sql`${timeEntries.workDate} >= ${month}::date and ${timeEntries.workDate} < ${next}::date`,
        ),
      )
      .orderBy(desc(timeEntries.workDate), desc(timeEntries.id))
      .limit(SHOWN_ENTRIES),
    db
      .select({
        id: retainerOverageRequests.id,
        workDate: retainerOverageRequests.workDate,
        minutes: retainerOverageRequests.minutes,
        person: retainerOverageRequests.person,
        description: retainerOverageRequests.description,
        project: projectNameSql(retainerOverageRequests.projectId),
        status: retainerOverageRequests.status,
        decidedByName: retainerOverageRequests.decidedByName,
        decidedAt: sql<string | null>`to_char(${retainerOverageRequests.decidedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      })
      .from(retainerOverageRequests)
      .where(
        and(
          eq(retainerOverageRequests.retainerId, retainerOf(clientId)),
          sql`(${retainerOverageRequests.status} = 'pending' or ${retainerOverageRequests.workDate} >= ${requestsSince}::date)`,
        ),
      )
      .orderBy(desc(retainerOverageRequests.workDate), desc(retainerOverageRequests.createdAt))
      .limit(SHOWN_ENTRIES),
  ]);
  if (!retainer) return null;
  const months = monthsOf(retainer, totals, month, today);
  const current = months.find((m) => m.month === month) ?? emptyMonth(retainer.monthlyMinutes, month);
  return { retainer, current, months: months.filter((m) => m.month <= month), entries, requests };
}

// Before its start a retainer has no month yet: the current month shows its own budget.
const emptyMonth = (monthlyMinutes: number, month: string): RetainerMonth => ({
  month,
  baseMinutes: monthlyMinutes,
  carriedInMinutes: 0,
  budgetMinutes: monthlyMinutes,
  usedMinutes: 0,
  remainingMinutes: monthlyMinutes,
  expiringMinutes: 0,
  nonBillableMinutes: 0,
  overageMinutes: 0,
  projectedMinutes: 0,
  closed: false,
  invoiceId: null,
});

/** The signed-in client's retainer, or null without one (docs/PRODUCT.md#retainer-hours). */
export async function getPortalRetainer(db: DbOrTx, { actor, today }: { actor: ClientActor; today?: string }) {
  assertClient(actor);
  return readRetainerView(db, actor.clientId, today);
}

/** Whether the signed-in client has a retainer: the portal shows the Retainer section only then. */
export async function hasRetainer(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<boolean> {
  assertClient(actor);
  const [row] = await db.select({ id: retainers.id }).from(retainers).where(eq(retainers.clientId, actor.clientId));
  return row !== undefined;
}

/** A client's retainer on its admin page, with the client's projects for the time form. */
export async function getRetainerForAdmin(db: DbOrTx, { actor, clientId }: { actor: AdminActor; clientId: string }) {
  assertAdmin(actor);
  const [view, projectOptions] = await Promise.all([readRetainerView(db, clientId), listClientProjectRefs(db, clientId)]);
  return { view, projects: projectOptions };
}

export type AdminRetainerRow = {
  clientId: string;
  company: string;
  name: string;
  usedMinutes: number;
  budgetMinutes: number;
  overageMinutes: number;
  pendingRequests: number;
  /** Used of budget this month, in percent. */
  percent: number;
};

/** "2026-10-01=1200,2026-11-01=900" (a retainer's billable minutes by month, as the list reads them) → a map. */
function billableByMonthOf(text: string | null): Map<string, number> {
  const byMonth = new Map<string, number>();
  if (!text) return byMonth;
  for (const pair of text.split(",")) byMonth.set(pair.slice(0, 10), Number(pair.slice(11)));
  return byMonth;
}

/**
 * Every client's retainer with this month's use against its budget, the most used first (over
 * budget at the top), in one statement. The budget depends on what carried over from earlier
 * months, so each retainer's billable minutes of every month through this one come too, as one
 * compact text (a JSON object per month cost more to build and read than the figures themselves:
 * bench/README.md, "Retainer hours"); this month's overage comes on its own.
 */
export async function listRetainersForAdmin(db: DbOrTx, { actor, today = todayUtc() }: { actor: AdminActor; today?: string }) {
  assertAdmin(actor);
  const month = monthOf(today);
  // Nested, so it stays qualified: drizzle leaves the columns of a one-table select unqualified, and a
  // bare "id" in the sub-selects would name the month's or the request's own id.
  const retainerId = sql`${retainers.id}`;
  const rows = await db
    .select({
      ...retainerColumns,
      company: companyNameSql(retainers.clientId),
      billable: sql<string | null>`(select string_agg(to_char(m.month, 'YYYY-MM-DD') || '=' || m.billable_minutes, ',' order by m.month)
        from retainer_months m where m.retainer_id = ${retainerId} and m.month <= ${month}::date)`,
      overageMinutes: sql<number>`coalesce((select m.overage_minutes from retainer_months m
        where m.retainer_id = ${retainerId} and m.month = ${month}::date), 0)`.mapWith(Number),
      pendingRequests: sql<number>`(select count(*)::int from retainer_overage_requests o
        where o.retainer_id = ${retainerId} and o.status = 'pending')`,
    })
    .from(retainers);
  const list: AdminRetainerRow[] = rows.map((row) => {
    const current = monthFigures(row, billableByMonthOf(row.billable), month);
    const budgetMinutes = current?.budgetMinutes ?? row.monthlyMinutes;
    const usedMinutes = current?.usedMinutes ?? 0;
    return {
      clientId: row.clientId,
      company: row.company,
      name: row.name,
      usedMinutes,
      budgetMinutes,
      overageMinutes: row.overageMinutes,
      pendingRequests: row.pendingRequests,
      percent: budgetMinutes > 0 ? Math.round(((usedMinutes + row.overageMinutes) * 100) / budgetMinutes) : 0,
    };
  });
  return list.sort((a, b) => b.percent - a.percent || a.company.localeCompare(b.company));
}
