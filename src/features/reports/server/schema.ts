import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ownedByClient } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { projects } from "@/features/projects/server/schema";
import { DOWNLOAD_SIDES } from "@/lib/domain/document-category";
import { uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

/**
 * A final report of an engagement (a project), one row per version (docs/PRODUCT.md#portal-reports),
 * or a report of the company alone (no project: the quarterly remediation summary,
 * docs/PRODUCT.md#analytics). Only the newest version of a title (per engagement, or per company
 * for a company's own) that is not revoked can be downloaded; an older version is superseded the
 * moment a new one is published.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    // Null for a report of the company alone, which no engagement's deletion takes with it.
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    version: integer("version").notNull(),
    // Generated key in the storage backend; never derived from the uploaded file name.
    storageKey: text("storage_key").notNull().unique(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    check("reports_version_check", sql`${t.version} >= 1`),
    check("reports_size_check", sql`${t.fileSize} >= 0`),
    index("reports_client_published_idx").on(t.clientId, t.publishedAt.desc()),
    index("reports_project_idx").on(t.projectId, t.publishedAt.desc()),
  ],
);

/**
 * Every download of a report: its id is the download id stamped on the copy, so a leaked copy
 * names this row. Who (user id, and the name, e-mail and company stamped), as client or firm,
 * when, from where. Removed with its report.
 */
export const reportDownloads = pgTable(
  "report_downloads",
  {
    id: uuidPrimaryKey(),
    reportId: uuid("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    personName: text("person_name").notNull(),
    personEmail: text("person_email").notNull(),
    company: text("company").notNull(),
    side: text("side", { enum: DOWNLOAD_SIDES }).notNull(),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
    clientAddress: text("client_address").notNull(),
    userAgent: text("user_agent").notNull(),
  },
  (t) => [
    check("report_downloads_side_check", oneOf(t.side, DOWNLOAD_SIDES)),
    index("report_downloads_report_idx").on(t.reportId, t.downloadedAt.desc()),
  ],
);
