import { check, date, index, pgTable, text } from "drizzle-orm/pg-core";
import { ownedByClient } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { BOOKING_STATUSES } from "@/lib/domain/booking-status";
import { BOOKING_SERVICE_TYPES } from "@/lib/domain/services";
import { DEFAULT_URGENCY, URGENCIES } from "@/lib/domain/urgency";
import { timestamps, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

export const serviceBookings = pgTable(
  "service_bookings",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("pending"),
    serviceType: text("service_type", { enum: BOOKING_SERVICE_TYPES }).notNull(),
    preferredStartDate: date("preferred_start_date").notNull(),
    estimatedScope: text("estimated_scope"),
    projectDescription: text("project_description").notNull(),
    urgency: text("urgency", { enum: URGENCIES }).notNull().default(DEFAULT_URGENCY),
    // The person of the company who asked (docs/PRODUCT.md#portal-team); null for older requests
    // and once that user is deleted with their company.
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    // Why an admin declined: shown to the client in the portal (docs/PRODUCT.md#admin-bookings).
    declineReason: text("decline_reason"),
    ...timestamps(),
  },
  (t) => [
    check("service_bookings_status_check", oneOf(t.status, BOOKING_STATUSES)),
    check("service_bookings_urgency_check", oneOf(t.urgency, URGENCIES)),
    check("service_bookings_service_type_check", oneOf(t.serviceType, BOOKING_SERVICE_TYPES)),
    index("service_bookings_status_created_idx").on(t.status, t.createdAt.desc()),
    index("service_bookings_client_status_idx").on(t.clientId, t.status),
  ],
);
