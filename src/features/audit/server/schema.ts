// Tables the product needs beyond its core entities: inquiries, mail, provider connection, audit.
import { bigint, bigserial, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { createdAt } from "@/server/core/db/schema/columns";

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    // Who the actor was when the entry was written (a later rename changes nothing shown), hashed
    // into the access log's chain from hash version 2 (docs/PRODUCT.md#portal-access-log).
    actorName: text("actor_name"),
    actorEmail: text("actor_email"),
    // How the entry's chain hash is computed: 1 for entries written before the actor's name was
    // stored (their hash covers the user id only), 2 with the actor's name and e-mail.
    hashVersion: smallint("hash_version").notNull().default(1),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    // The client company the entry concerns (an access by the firm to its data, a change to it):
    // what the company's owners read in their access log (docs/PRODUCT.md#portal-access-log).
    // Kept (without the company) when the company is deleted, like the rest of the log.
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
    // An entry of a company's access log is a link of that company's hash chain: its place in the
    // chain (from 1) and SHA-256(previous hash + the entry as the log shows it), in hex
    // (docs/PRODUCT.md#portal-access-log). Null on entries the access log does not show.
    chainSeq: bigint("chain_seq", { mode: "number" }),
    chainHash: text("chain_hash"),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_client_created_idx").on(t.clientId, t.createdAt.desc()),
    uniqueIndex("audit_log_client_chain_idx").on(t.clientId, t.chainSeq),
  ],
);

/**
 * The end of each company's access-log chain: appending locks this row (so two instances writing
 * for the same company take turns) and reads the previous hash from it, never the chain. The
 * checkpoint is where the chain starts after retention removed its oldest entries: the last
 * removed entry's place and hash, signed so that it cannot be moved quietly.
 */
export const auditChainHeads = pgTable("audit_chain_heads", {
  clientId: uuid("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  seq: bigint("seq", { mode: "number" }).notNull(),
  hash: text("hash").notNull(),
  entryId: bigint("entry_id", { mode: "number" }),
  checkpointSeq: bigint("checkpoint_seq", { mode: "number" }).notNull().default(0),
  checkpointHash: text("checkpoint_hash").notNull(),
  checkpointJws: text("checkpoint_jws"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A company's chain head as the firm signed it (daily), the latest of which the owners' weekly digest carries. */
export const auditChainSignedHeads = pgTable(
  "audit_chain_signed_heads",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
    jws: text("jws").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_chain_signed_heads_client_idx").on(t.clientId, t.signedAt.desc())],
);
