import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { DEFAULT_DOCUMENT_CATEGORY, DOCUMENT_CATEGORIES } from "../../../../lib/domain/document-category";
import { user } from "./auth";
import { ownedByClient } from "./clients";
import { oneOf } from "./one-of";
import { uuidPrimaryKey } from "./columns";

export const documents = pgTable(
  "documents",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    name: text("name").notNull(),
    category: text("category", { enum: DOCUMENT_CATEGORIES }).notNull().default(DEFAULT_DOCUMENT_CATEGORY),
    // Generated key in the storage backend; never derived from the uploaded file name.
    storageKey: text("storage_key").notNull().unique(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    mimeType: text("mime_type").notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("documents_category_check", oneOf(t.category, DOCUMENT_CATEGORIES)),
    check("documents_size_check", sql`${t.fileSize} >= 0`),
    index("documents_client_uploaded_idx").on(t.clientId, t.uploadedAt.desc()),
    index("documents_uploaded_idx").on(t.uploadedAt.desc()),
  ],
);
