import "server-only";
import { sql } from "drizzle-orm";
import { retainerMonths, retainers, timeEntries } from "./schema";
import { projectNameSql } from "@/features/projects/server";

/** A retainer's terms, as both sides read them. */
export const retainerColumns = {
  id: retainers.id,
  clientId: retainers.clientId,
  name: retainers.name,
  monthlyMinutes: retainers.monthlyMinutes,
  hourlyRateCents: retainers.hourlyRateCents,
  overageRateCents: retainers.overageRateCents,
  startDate: retainers.startDate,
  carryOverMaxMinutes: retainers.carryOverMaxMinutes,
  carryOverMonths: retainers.carryOverMonths,
  thresholds: retainers.thresholds,
};

/** A month's totals, the month as "YYYY-MM-01". */
export const monthColumns = {
  month: retainerMonths.month,
  billableMinutes: retainerMonths.billableMinutes,
  nonBillableMinutes: retainerMonths.nonBillableMinutes,
  overageMinutes: retainerMonths.overageMinutes,
  closed: sql<boolean>`${retainerMonths.closedAt} is not null`,
  invoiceId: retainerMonths.invoiceId,
};

/** A time entry as the portal lists it and exports it (with its project's name). */
export const entryColumns = {
  id: timeEntries.id,
  workDate: timeEntries.workDate,
  minutes: timeEntries.minutes,
  person: timeEntries.person,
  description: timeEntries.description,
  billable: timeEntries.billable,
  overage: timeEntries.overage,
  project: projectNameSql(timeEntries.projectId),
};
