import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CLIENT_STATUSES } from "../../../../lib/domain/client-status";
import { user } from "./auth";
import { oneOf } from "./one-of";
import { timestamps, uuidPrimaryKey } from "./columns";

export const clients = pgTable(
  "clients",
  {
    id: uuidPrimaryKey(),
    // Exactly one clients row per client user.
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "restrict" }),
    company: text("company").notNull(),
    contactPerson: text("contact_person").notNull(),
    // Contact address shown and edited in the portal; it decides nothing (not sign-in, not billing).
    contactEmail: text("contact_email").notNull(),
    // Billing address set by admins only (never by the client): with the sign-in address, the only
    // addresses a Square sync may match a customer against.
    billingEmail: text("billing_email"),
    phone: text("phone"),
    address: text("address"),
    status: text("status", { enum: CLIENT_STATUSES }).notNull().default("active"),
    // Set by admins: this company's users must enrol in two-factor sign-in at their next sign-in.
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    joinedDate: date("joined_date")
      .notNull()
      .default(sql`current_date`),
    ...timestamps(),
  },
  (t) => [
    check("clients_status_check", oneOf(t.status, CLIENT_STATUSES)),
    index("clients_status_company_idx").on(t.status, t.company),
    // Admin pickers list clients by company: two that differ only in case could not be told apart.
    uniqueIndex("clients_company_lower_unique").on(sql`lower(${t.company})`),
  ],
);

/** `client_id uuid not null references clients(id) on delete cascade`: a row the client owns goes with it. */
export const ownedByClient = () =>
  uuid("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" });
