import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { DEFAULT_MIN_RETEST_TRIALS, MIN_RETEST_TRIALS_MAX } from "@/lib/domain/finding-measurement";

/** The id of app_settings' one row. */
export const APP_SETTINGS_ID = "app";

/**
 * The firm's own settings (docs/PRODUCT.md#admin-settings), one row: what is not per client.
 * `default_rates` null means the standard cards in code (src/lib/default-rates.ts).
 */
export const appSettings = pgTable(
  "app_settings",
  {
    id: text("id").primaryKey().default(APP_SETTINGS_ID),
    requireClientTwoFactor: boolean("require_client_two_factor").notNull().default(false),
    defaultRates: jsonb("default_rates").$type<{ serviceType: string; hourlyRateCents: number; monthlyRetainerCents: number | null }[]>(),
    // The firm's own Word template for generated reports (docs/PRODUCT.md#admin-settings), stored
    // like documents; null while the default one shipped with the product is used.
    reportTemplateKey: text("report_template_key"),
    reportTemplateName: text("report_template_name"),
    reportTemplateUploadedAt: timestamp("report_template_uploaded_at", { withTimezone: true }),
    // The firm as its invoices name it (docs/PRODUCT.md#invoice-page); null: the site's name, no address.
    firmName: text("firm_name"),
    firmAddress: text("firm_address"),
    // The terms every new testing authorization starts from; null: the default in code.
    authorizationTerms: text("authorization_terms"),
    // Trials an AI finding's retest needs, with no success, to be Verified Fixed (docs/PRODUCT.md#measured-ai-findings).
    minRetestTrials: integer("min_retest_trials").notNull().default(DEFAULT_MIN_RETEST_TRIALS),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("app_settings_one_row_check", sql`${t.id} = 'app'`),
    check("app_settings_min_retest_trials_check", sql`${t.minRetestTrials} between 1 and ${sql.raw(String(MIN_RETEST_TRIALS_MAX))}`),
  ],
);
