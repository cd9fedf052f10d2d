import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { MAX_SSO_SESSION_HOURS, SSO_MODES } from "@/lib/domain/sso";
import { createdAt, updatedAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";
import { sealedText } from "@/server/core/db/schema/sealed-column";

/**
 * A company's identity provider, in the shape better-auth's SSO plugin reads (its `ssoProvider`
 * model): written by our own functions only (the plugin's registration endpoints are off). The
 * configurations hold the client secret, so they are sealed at rest. `client_id` is ours: the
 * plugin's organization field stays empty (we keep one membership model, `client_people`).
 */
export const ssoProvider = pgTable(
  "sso_provider",
  {
    id: text("id").primaryKey(),
    issuer: text("issuer").notNull(),
    oidcConfig: sealedText("oidc_config", "sso-oidc-config"),
    samlConfig: sealedText("saml_config", "sso-saml-config"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    providerId: text("provider_id").notNull().unique(),
    organizationId: text("organization_id"),
    // The plugin matches an e-mail's domain against it; ours are in sso_domains.
    domain: text("domain").notNull(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("sso_provider_client_idx").on(t.clientId)],
);

/**
 * A domain a company claims for single sign-on, proved by a DNS TXT record at
 * `_sentinel-verify.<domain>`. Any company may claim a name; only one can have it verified.
 */
export const ssoDomains = pgTable(
  "sso_domains",
  {
    id: uuidPrimaryKey(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    token: text("token").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("sso_domains_lower_check", sql`${t.domain} = lower(${t.domain})`),
    uniqueIndex("sso_domains_client_domain_idx").on(t.clientId, t.domain),
    uniqueIndex("sso_domains_verified_idx")
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
    index("sso_domains_domain_idx").on(t.domain),
  ],
);

/** A company's single sign-on policy (no row: off). */
export const ssoSettings = pgTable(
  "sso_settings",
  {
    clientId: uuid("client_id")
      .primaryKey()
      .references(() => clients.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: SSO_MODES }).notNull().default("off"),
    // New people of a verified domain become members at their first sign-in.
    justInTime: boolean("just_in_time").notNull().default(false),
    sessionHours: integer("session_hours").notNull().default(12),
    // The owner's completed test sign-in through the current provider; cleared when it changes.
    testedAt: timestamp("tested_at", { withTimezone: true }),
    testedByName: text("tested_by_name"),
    // Who the identity provider said the tester was (an address of a verified domain).
    testedAs: text("tested_as"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("sso_settings_mode_check", oneOf(t.mode, SSO_MODES)),
    check("sso_settings_hours_check", sql`${t.sessionHours} between 1 and ${sql.raw(String(MAX_SSO_SESSION_HOURS))}`),
    check("sso_settings_tested_check", sql`${t.mode} = 'off' or ${t.testedAt} is not null`),
  ],
);
