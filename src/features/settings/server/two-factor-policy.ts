import "server-only";
import { sql } from "drizzle-orm";
import { APP_SETTINGS_ID } from "./schema";

/**
 * The firm-wide requirement of two-factor for clients (set on Settings, docs/PRODUCT.md#admin-settings)
 * as one SQL expression, for the membership lookup behind every client guard (the clients slice's port
 * to identity): read in the same query, so the policy costs no extra round trip.
 */
export const clientTwoFactorPolicySql = sql<boolean>`coalesce((select s.require_client_two_factor from app_settings s where s.id = ${APP_SETTINGS_ID}), false)`;
