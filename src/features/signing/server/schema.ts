// The firm's signing keys (modules/signing): the PDF key with its certificate, and the JWS key.
import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

// pdf: an RSA key and its X.509 certificate, for the PDF signatures (PAdES) of signed documents.
// jws: an Ed25519 key, for compact JWS (attestation letters, the access log's signed heads).
export const SIGNING_KEY_PURPOSES = ["pdf", "jws"] as const;

export const SIGNING_KEY_SOURCES = ["generated", "environment"] as const;

export const signingKeys = pgTable(
  "signing_keys",
  {
    id: uuidPrimaryKey(),
    purpose: text("purpose", { enum: SIGNING_KEY_PURPOSES }).notNull(),
    // The RFC 7638 thumbprint of the public key: the JWS "kid", and how a supplied key is recognised.
    kid: text("kid").notNull().unique(),
    publicKeyPem: text("public_key_pem").notNull(),
    certificatePem: text("certificate_pem"),
    // PKCS#8 PEM sealed with a key derived from AUTH_SECRET (src/server/core/sealed-secret.ts).
    privateKeySealed: text("private_key_sealed").notNull(),
    source: text("source", { enum: SIGNING_KEY_SOURCES }).notNull(),
    createdAt: createdAt(),
    // Set when another key took over the purpose; a retired JWS key still verifies what it signed.
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [
    check("signing_keys_purpose_check", oneOf(t.purpose, SIGNING_KEY_PURPOSES)),
    check("signing_keys_source_check", oneOf(t.source, SIGNING_KEY_SOURCES)),
    // One key in use per purpose: instances starting together race on this index, and all use the winner's.
    uniqueIndex("signing_keys_one_current_idx")
      .on(t.purpose)
      .where(sql`${t.retiredAt} IS NULL`),
  ],
);
