import "server-only";
import { sql } from "drizzle-orm";
import { projects } from "@/features/projects/server/schema";
import { retainerMonths, retainers, timeEntries } from "./schema";

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

/** A time entry as the portal lists it and exports it (joined to its project). */
export const entryColumns = {
  id: timeEntries.id,
  workDate: timeEntries.workDate,
  minutes: timeEntries.minutes,
  person: timeEntries.person,
  description: timeEntries.description,
  billable: timeEntries.billable,
  overage: timeEntries.overage,
  project: projects.projectName,
};
