import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ownedByClient } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { projects } from "@/features/projects/server/schema";
import { OVERAGE_REQUEST_STATUSES } from "@/lib/domain/retainer";
import { createdAt, timestamps, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

/** A client's retainer: at most one per client. */
export const retainers = pgTable(
  "retainers",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient().unique(),
    name: text("name").notNull(),
    monthlyMinutes: integer("monthly_minutes").notNull(),
    hourlyRateCents: bigint("hourly_rate_cents", { mode: "number" }).notNull(),
    overageRateCents: bigint("overage_rate_cents", { mode: "number" }).notNull(),
    startDate: date("start_date").notNull(),
    // Unused hours kept: at most this many minutes in all, each month's for this many months (0: none).
    carryOverMaxMinutes: integer("carry_over_max_minutes").notNull().default(0),
    carryOverMonths: integer("carry_over_months").notNull().default(0),
    // Percentages of the month's budget at which the owners are mailed, ascending.
    thresholds: integer("thresholds")
      .array()
      .notNull()
      .default(sql`'{80,100}'::integer[]`),
    ...timestamps(),
  },
  (t) => [
    check(
      "retainers_figures_check",
      sql`${t.monthlyMinutes} > 0 and ${t.monthlyMinutes} % 15 = 0 and ${t.hourlyRateCents} >= 0 and ${t.overageRateCents} >= 0
        and ${t.carryOverMaxMinutes} >= 0 and ${t.carryOverMaxMinutes} % 15 = 0 and ${t.carryOverMonths} >= 0`,
    ),
  ],
);

/** Time the firm logged against a retainer; an approved overage request becomes an entry marked overage. */
export const timeEntries = pgTable(
  "time_entries",
  {
    id: uuidPrimaryKey(),
    retainerId: uuid("retainer_id")
      .notNull()
      .references(() => retainers.id, { onDelete: "cascade" }),
    clientId: ownedByClient(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workDate: date("work_date").notNull(),
    minutes: integer("minutes").notNull(),
    person: text("person").notNull(),
    description: text("description").notNull(),
    billable: boolean("billable").notNull(),
    overage: boolean("overage").notNull().default(false),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("time_entries_minutes_check", sql`${t.minutes} > 0 and ${t.minutes} <= 1440 and ${t.minutes} % 15 = 0`),
    index("time_entries_retainer_date_idx").on(t.retainerId, t.workDate, t.id),
  ],
);

/** Billable time logged after the month's budget was used up: it counts once an owner approves it. */
export const retainerOverageRequests = pgTable(
  "retainer_overage_requests",
  {
    id: uuidPrimaryKey(),
    retainerId: uuid("retainer_id")
      .notNull()
      .references(() => retainers.id, { onDelete: "cascade" }),
    clientId: ownedByClient(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workDate: date("work_date").notNull(),
    minutes: integer("minutes").notNull(),
    person: text("person").notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: OVERAGE_REQUEST_STATUSES }).notNull().default("pending"),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    // The deciding owner's name as it was, kept when the person is gone.
    decidedByName: text("decided_by_name"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    timeEntryId: uuid("time_entry_id").references(() => timeEntries.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("retainer_overage_requests_status_check", oneOf(t.status, OVERAGE_REQUEST_STATUSES)),
    check("retainer_overage_requests_minutes_check", sql`${t.minutes} > 0 and ${t.minutes} <= 1440 and ${t.minutes} % 15 = 0`),
    index("retainer_overage_requests_retainer_idx").on(t.retainerId, t.status, t.workDate),
  ],
);

/**
 * One row per retainer and calendar month with time in it: the month's totals, kept with every
 * entry in its transaction so the burn-down and the admin list never add up the entries; the
 * thresholds already mailed; the close and its invoice.
 */
export const retainerMonths = pgTable(
  "retainer_months",
  {
    retainerId: uuid("retainer_id")
      .notNull()
      .references(() => retainers.id, { onDelete: "cascade" }),
    // The first day of the month.
    month: date("month").notNull(),
    billableMinutes: integer("billable_minutes").notNull().default(0),
    nonBillableMinutes: integer("non_billable_minutes").notNull().default(0),
    overageMinutes: integer("overage_minutes").notNull().default(0),
    notifiedThresholds: integer("notified_thresholds")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: text("closed_by").references(() => user.id, { onDelete: "set null" }),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.retainerId, t.month] }),
    check("retainer_months_first_day_check", sql`extract(day from ${t.month}) = 1`),
  ],
);
