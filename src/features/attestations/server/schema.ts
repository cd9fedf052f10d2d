// Attestation letters (modules/attestations): what an engagement's letter states, signed, and the
// company owner's choice whether the public page names the company.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { clients, ownedByClient } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { projects } from "@/features/projects/server/schema";
import { createdAt, updatedAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";

/**
 * One attestation letter of an engagement (a project). `facts` is exactly what `jws` signs; a
 * newer letter of the same engagement supersedes the one before in the same transaction.
 * `verifications` counts the public page's views and nothing else: no one who checked is recorded.
 */
export const attestationLetters = pgTable(
  "attestation_letters",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    // Ten characters of Crockford base32 (50 random bits), stored without the hyphen.
    code: text("code").notNull().unique(),
    facts: jsonb("facts").$type<Record<string, unknown>>().notNull(),
    jws: text("jws").notNull(),
    issuedBy: text("issued_by").references(() => user.id, { onDelete: "set null" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    supersededById: uuid("superseded_by_id"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    verifications: integer("verifications").notNull().default(0),
  },
  (t) => [
    check("attestation_letters_code_check", sql`${t.code} ~ '^[0-9A-HJKMNP-TV-Z]{10}$'`),
    check("attestation_letters_verifications_check", sql`${t.verifications} >= 0`),
    index("attestation_letters_project_idx").on(t.projectId, t.issuedAt.desc()),
    index("attestation_letters_client_idx").on(t.clientId, t.issuedAt.desc()),
  ],
);

/** A company owner's choice for its letters' public page: the company's name, or "a client of <firm>". */
export const attestationPreferences = pgTable("attestation_preferences", {
  clientId: uuid("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  anonymous: boolean("anonymous").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
