// Signed testing authorizations (modules/authorizations, docs/PRODUCT.md#engagement-authorization).
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { ownedByClient } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { projects } from "@/features/projects/server/schema";
import { SIGNATURE_METHODS } from "@/lib/domain/signature-method";
import { timestamps, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

/** What the client authorises: the scope document's fields (validated by the shared zod schema). */
export type AuthorizationContent = {
  inScope: string[];
  outOfScope: string[];
  windowStart: string;
  windowEnd: string;
  testers: string[];
  emergencyContacts: string[];
  price: string;
  terms: string;
  /** Fixed when the version is sent: the names the signed text shows. */
  parties?: { firm: string; client: string; engagement: string };
};

/**
 * One version of a project's authorization. A draft is edited in place; once sent (its hash
 * fixed) any change is a new version, and the older versions stay as they were signed.
 */
export const engagementAuthorizations = pgTable(
  "engagement_authorizations",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    content: jsonb("content").$type<AuthorizationContent>().notNull(),
    // SHA-256 of the canonical document text, fixed when the version is sent: what both sides sign.
    documentHash: text("document_hash"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // The sealed PDF (both signatures), in the document storage under a generated key.
    sealedKey: text("sealed_key").unique(),
    sealedAt: timestamp("sealed_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    check("engagement_authorizations_version_check", sql`${t.version} >= 1`),
    unique("engagement_authorizations_project_version_key").on(t.projectId, t.version),
    index("engagement_authorizations_client_idx").on(t.clientId),
  ],
);

export const AUTHORIZATION_SIDES = ["client", "firm"] as const;

/** A signature of one version by one side: who, how they proved it, when, from where, over which hash. */
export const engagementAuthorizationSignatures = pgTable(
  "engagement_authorization_signatures",
  {
    id: uuidPrimaryKey(),
    authorizationId: uuid("authorization_id")
      .notNull()
      .references(() => engagementAuthorizations.id, { onDelete: "cascade" }),
    side: text("side", { enum: AUTHORIZATION_SIDES }).notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    // The full name as typed, and the account's e-mail at the time.
    signerName: text("signer_name").notNull(),
    signerEmail: text("signer_email").notNull(),
    method: text("method", { enum: SIGNATURE_METHODS }).notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
    clientAddress: text("client_address").notNull(),
    documentHash: text("document_hash").notNull(),
    // The firm's row only: SHA-256 of the sealed PDF made when it counter-signed; the stored
    // bytes are served only while they still hash to it.
    sealedSha256: text("sealed_sha256"),
  },
  (t) => [
    check("engagement_authorization_signatures_side_check", oneOf(t.side, AUTHORIZATION_SIDES)),
    check("engagement_authorization_signatures_method_check", oneOf(t.method, SIGNATURE_METHODS)),
    unique("engagement_authorization_signatures_one_per_side_key").on(t.authorizationId, t.side),
  ],
);
