import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "@/features/identity/server/schema";
import { CLIENT_PERSON_ROLES, CLIENT_PERSON_STATUSES } from "@/lib/domain/client-person";
import { CLIENT_STATUSES } from "@/lib/domain/client-status";
import { timestamps, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

export const clients = pgTable(
  "clients",
  {
    id: uuidPrimaryKey(),
    company: text("company").notNull(),
    contactPerson: text("contact_person").notNull(),
    // Contact address shown and edited in the portal; it decides nothing (not sign-in, not billing).
    contactEmail: text("contact_email").notNull(),
    // Billing address set by admins only (never by the client): with the sign-in address, the only
    // addresses a Square sync may match a customer against.
    billingEmail: text("billing_email"),
    phone: text("phone"),
    address: text("address"),
    // "inactive": none of its people can sign in (their sessions end); its data stays.
    status: text("status", { enum: CLIENT_STATUSES }).notNull().default("active"),
    // Set by an owner: members see neither Billing nor the invoice export (docs/PRODUCT.md#portal-team).
    billingWithheldFromMembers: boolean("billing_withheld_from_members").notNull().default(false),
    // Set by an owner: members neither see nor download the engagement reports and evidence packs,
    // nor share them (docs/PRODUCT.md#portal-team).
    reportsWithheldFromMembers: boolean("reports_withheld_from_members").notNull().default(false),
    // Set by an owner: members see neither the findings, their analytics nor their exports, and get
    // no finding mails (docs/PRODUCT.md#portal-team).
    findingsWithheldFromMembers: boolean("findings_withheld_from_members").notNull().default(false),
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

/**
 * The people of a client company, each with their own sign-in (docs/PRODUCT.md#portal-team). A
 * user belongs to at most one company (the user id is the key); the company keeps at least one
 * active owner (modules/clients, team.ts).
 */
export const clientPeople = pgTable(
  "client_people",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    role: text("role", { enum: CLIENT_PERSON_ROLES }).notNull().default("member"),
    status: text("status", { enum: CLIENT_PERSON_STATUSES }).notNull().default("invited"),
    // An admin chose this sign-in address (the company's invitation, the admin's client page), so a
    // Square sync may match a customer against it; one an owner typed decides nothing.
    addedByAdmin: boolean("added_by_admin").notNull().default(false),
    // Made a member at a first sign-in through the company's identity provider (just-in-time),
    // not invited: the owners see who joined that way (docs/PRODUCT.md#portal-team).
    joinedThroughSso: boolean("joined_through_sso").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    check("client_people_role_check", oneOf(t.role, CLIENT_PERSON_ROLES)),
    check("client_people_status_check", oneOf(t.status, CLIENT_PERSON_STATUSES)),
    index("client_people_client_idx").on(t.clientId),
  ],
);

/** `client_id uuid not null references clients(id) on delete cascade`: a row the client owns goes with it. */
export const ownedByClient = () =>
  uuid("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" });
