import "server-only";
import { pgTable, text } from "drizzle-orm/pg-core";
import { sealedText } from "@/server/core/db/schema/sealed-column";

/**
 * The sso_provider table as better-auth's adapter sees it: only the plugin's own columns. Ours
 * (`client_id`, required) live in the full definition (src/server/core/db/schema/sso.ts), which the
 * adapter's schema check would refuse because the plugin never writes them (it never inserts here:
 * our functions do).
 */
export const ssoProviderAsPluginSees = pgTable("sso_provider", {
  id: text("id").primaryKey(),
  issuer: text("issuer").notNull(),
  oidcConfig: sealedText("oidc_config", "sso-oidc-config"),
  samlConfig: sealedText("saml_config", "sso-saml-config"),
  userId: text("user_id"),
  providerId: text("provider_id").notNull().unique(),
  organizationId: text("organization_id"),
  domain: text("domain").notNull(),
});
