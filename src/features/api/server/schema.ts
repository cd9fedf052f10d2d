import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { API_SCOPES } from "@/lib/domain/api-scope";
import { createdAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";

/**
 * A company's API tokens (docs/PRODUCT.md#api-and-webhooks). The token is the company's, not the
 * person's who made it: removing that person leaves it working (the creator's name is kept). Only
 * the SHA-256 of the secret is stored; the secret is shown once.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuidPrimaryKey(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // Hex SHA-256 of the whole secret: a 256-bit random secret needs no slow hash.
    secretHash: text("secret_hash").notNull(),
    // The secret's first characters after the prefix, to tell tokens apart in lists and logs.
    hint: text("hint").notNull(),
    scopes: text("scopes").array().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedAddress: text("last_used_address"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedByName: text("revoked_by_name"),
  },
  (t) => [
    uniqueIndex("api_tokens_secret_hash_unique").on(t.secretHash),
    index("api_tokens_client_idx").on(t.clientId, t.createdAt),
    check(
      "api_tokens_scopes_check",
      sql`${t.scopes} <@ array[${sql.raw(API_SCOPES.map((s) => `'${s}'`).join(", "))}]::text[] and cardinality(${t.scopes}) > 0`,
    ),
  ],
);

/**
 * The answers of a token's writes sent with an Idempotency-Key (docs/PRODUCT.md#api-and-webhooks):
 * a retry with the same key and request gets the first answer again instead of a second change.
 * A row without `status_code` is a request still running. Kept a day (deleted as the token writes).
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    tokenId: uuid("token_id")
      .notNull()
      .references(() => apiTokens.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    // SHA-256 of the method, path and body: the same key with another request is refused.
    fingerprint: text("fingerprint").notNull(),
    statusCode: integer("status_code"),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.key] }), index("api_idempotency_keys_created_idx").on(t.createdAt)],
);
