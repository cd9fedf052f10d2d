import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "@/features/clients/server/schema";
import { projects } from "@/features/projects/server/schema";
import { INVOICE_STATUSES } from "@/lib/domain/invoice-status";
import { timestamps, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

/** One payment request of an invoice, amounts in cents (Square's payment_requests). */
export type ScheduleEntry = {
  requestType: string; // DEPOSIT, BALANCE or INSTALLMENT
  percentageRequested: string | null;
  dueDate: string | null; // yyyy-mm-dd
  computedAmountCents: number;
  totalCompletedAmountCents: number;
};

export type AcceptedPaymentMethods = { card: boolean; bankAccount: boolean; cashAppPay: boolean };

// Money columns are integer cents (bigint), summed in SQL.
export const invoices = pgTable(
  "invoices",
  {
    id: uuidPrimaryKey(),
    squareInvoiceId: text("square_invoice_id").unique(),
    invoiceNumber: text("invoice_number").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("pending"),
    issuedDate: date("issued_date"),
    dueDate: date("due_date"),
    paidDate: date("paid_date"),
    description: text("description"),
    squarePaymentUrl: text("square_payment_url"),
    // Set by a sync that could not read the invoice's order (the connection lacks ORDERS_READ), so
    // the page says why it shows no line items; cleared by the next sync that reads orders.
    lineItemsUnread: boolean("line_items_unread").notNull().default(false),
    paymentSchedule: jsonb("payment_schedule")
      .$type<ScheduleEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    nextPaymentAmountCents: bigint("next_payment_amount_cents", { mode: "number" }),
    nextPaymentDueDate: date("next_payment_due_date"),
    totalPaidCents: bigint("total_paid_cents", { mode: "number" }).notNull().default(0),
    serviceDate: date("service_date"),
    acceptedPaymentMethods: jsonb("accepted_payment_methods")
      .$type<AcceptedPaymentMethods>()
      .notNull()
      .default(sql`'{"card": true, "bankAccount": false, "cashAppPay": false}'::jsonb`),
    // Null only for a Square invoice whose customer is linked to no client yet (see
    // square_customers): it shows in no portal until an admin assigns the customer. Once set, a
    // sync or a webhook never changes it.
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "cascade" }),
    // Square's recipient customer, its invoice version and last update: updates apply in order.
    squareCustomerId: text("square_customer_id"),
    squareVersion: integer("square_version"),
    squareUpdatedAt: timestamp("square_updated_at", { withTimezone: true }),
    // When the client's portal first showed it (and its "new invoice" mail was queued). Null only
    // for a Square invoice not yet announced: the sync inserts it so; other rows are born announced.
    announcedAt: timestamp("announced_at", { withTimezone: true }).defaultNow(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    check("invoices_status_check", oneOf(t.status, INVOICE_STATUSES)),
    check("invoices_amount_check", sql`${t.amountCents} >= 0 and ${t.totalPaidCents} >= 0`),
    index("invoices_client_due_idx").on(t.clientId, t.dueDate.desc()),
    index("invoices_unannounced_idx")
      .on(t.id)
      .where(sql`${t.announcedAt} is null`),
    index("invoices_project_idx").on(t.projectId),
    index("invoices_status_idx").on(t.status),
    // The invoice CSV exports read newest issue date first in keyset pages (src/server/core/db/export-pages.ts).
    index("invoices_issued_idx").on(t.issuedDate, t.id),
    index("invoices_square_customer_idx").on(t.squareCustomerId),
    // Admin Invoices' "Invoice number (contains, ignoring case)" is an ILIKE '%…%': only a trigram
    // index serves it (pg_trgm; PGlite loads the extension in src/server/core/db/client.ts).
    index("invoices_number_trgm_idx").using("gin", t.invoiceNumber.op("gin_trgm_ops")),
    check("invoices_owner_check", sql`${t.clientId} is not null or ${t.squareInvoiceId} is not null`),
  ],
);

/**
 * The lines of the Square order behind an invoice (docs/PRODUCT.md#invoice-page), replaced as a
 * whole by each sync of the invoice. Quantity stays Square's decimal text ("1", "2.5"); money is
 * integer cents.
 */
export const invoiceLineItems = pgTable(
  "invoice_line_items",
  {
    id: uuidPrimaryKey(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    quantity: text("quantity").notNull(),
    unitPriceCents: bigint("unit_price_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    note: text("note"),
  },
  (t) => [
    uniqueIndex("invoice_line_items_position_idx").on(t.invoiceId, t.position),
    check("invoice_line_items_amount_check", sql`${t.unitPriceCents} >= 0 and ${t.totalCents} >= 0`),
  ],
);
