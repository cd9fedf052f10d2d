import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clients } from "./clients";

export const BOOKING_STATUSES = ["pending", "approved", "in_progress", "completed", "declined"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const URGENCIES = ["low", "medium", "high"] as const;
export type Urgency = (typeof URGENCIES)[number];

export const serviceBookings = pgTable(
  "service_bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("pending"),
    serviceType: text("service_type").notNull(),
    preferredStartDate: date("preferred_start_date").notNull(),
    estimatedScope: text("estimated_scope"),
    projectDescription: text("project_description").notNull(),
    urgency: text("urgency", { enum: URGENCIES }).notNull().default("medium"),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check(
      "service_bookings_status_check",
      sql`${t.status} in ('pending', 'approved', 'in_progress', 'completed', 'declined')`,
    ),
    check("service_bookings_urgency_check", sql`${t.urgency} in ('low', 'medium', 'high')`),
    index("service_bookings_status_created_idx").on(t.status, t.createdAt.desc()),
    index("service_bookings_client_status_idx").on(t.clientId, t.status),
  ],
);
