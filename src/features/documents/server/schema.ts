import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ownedByClient } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { DEFAULT_DOCUMENT_CATEGORY, DOCUMENT_CATEGORIES, DOWNLOAD_SIDES } from "@/lib/domain/document-category";
import { uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

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

/**
 * Every download of a document (docs/PRODUCT.md#admin-documents): who (the user, and the name the
 * session gave then, so the record reads the same after the user is gone), as client or firm,
 * when, from which address, with which browser. Removed with its document.
 */
export const documentDownloads = pgTable(
  "document_downloads",
  {
    id: uuidPrimaryKey(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    personName: text("person_name").notNull(),
    side: text("side", { enum: DOWNLOAD_SIDES }).notNull(),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
    clientAddress: text("client_address").notNull(),
    userAgent: text("user_agent").notNull(),
  },
  (t) => [
    check("document_downloads_side_check", oneOf(t.side, DOWNLOAD_SIDES)),
    index("document_downloads_document_idx").on(t.documentId, t.downloadedAt.desc()),
  ],
);
