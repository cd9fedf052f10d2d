// Tables the product needs beyond its core entities: inquiries, mail, provider connection, audit.
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { clients } from "@/features/clients/server/schema";
import { createdAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";

export const contactInquiries = pgTable(
  "contact_inquiries",
  {
    id: uuidPrimaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    serviceInterest: text("service_interest").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    // The client created from this inquiry (docs/PRODUCT.md#admin-inquiries).
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_inquiries_created_idx").on(t.createdAt.desc())],
);
