import "server-only";
import type { SQL } from "drizzle-orm";
import { storedKeysIn } from "@/server/core/storage/stored-keys";
import { eq, sql } from "drizzle-orm";
import { DEFAULT_RATE_CARDS } from "@/lib/default-rates";
import { DEFAULT_MIN_RETEST_TRIALS } from "@/lib/domain/finding-measurement";
import type { ServiceName } from "@/lib/domain/services";
import type { DefaultRatesValues } from "@/features/settings/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { APP_SETTINGS_ID, appSettings } from "./schema";
import { recordAudit } from "@/features/audit/server";
import { type FirmDetails, getFirmDetails } from "./firm-details";

// The firm's own settings (docs/PRODUCT.md#admin-settings): one row, `app_settings`, written on the
// first change; until then every value is its default.

export type DefaultRateCard = { serviceType: ServiceName; hourlyRateCents: number; monthlyRetainerCents: number | null };

export type AdminSettings = {
  defaultRates: DefaultRateCard[];
  /** False while the cards are still the standard ones in code (src/lib/default-rates.ts). */
  defaultRatesCustomized: boolean;
  requireClientTwoFactor: boolean;
  /** Trials an AI finding's retest needs, with no success, to be Verified Fixed. */
  minRetestTrials: number;
  /** The firm's name and address on its invoices and statements (the site's name while none is stored). */
  firm: FirmDetails;
};

const SETTINGS_ID = APP_SETTINGS_ID;

async function readRow(db: DbOrTx) {
  const [row] = await db
    .select({
      requireClientTwoFactor: appSettings.requireClientTwoFactor,
      defaultRates: appSettings.defaultRates,
      minRetestTrials: appSettings.minRetestTrials,
    })
    .from(appSettings)
    .where(eq(appSettings.id, SETTINGS_ID))
    .limit(1);
  return row ?? null;
}

type StoredRates = { serviceType: string; hourlyRateCents: number; monthlyRetainerCents: number | null }[] | null | undefined;

/** The stored default cards (`defaultRatesSql`), or the standard ones in code while none are saved. */
export function defaultRateCardsOf(stored: StoredRates): DefaultRateCard[] {
  return stored && stored.length > 0 ? (stored as DefaultRateCard[]) : DEFAULT_RATE_CARDS.map((card) => ({ ...card }));
}
const ratesOf = defaultRateCardsOf;

/**
 * The stored default cards as one SQL expression (null while none are saved), for a query that
 * reads them with other rows: the portal's Rates, on the request path, costs no extra round trip.
 */
export const defaultRatesSql = sql<StoredRates>`(select s.default_rates from app_settings s where s.id = ${SETTINGS_ID})`;

/** The rate cards a new client starts with, and that a client without rates of its own sees. */
export async function getDefaultRateCards(db: DbOrTx): Promise<DefaultRateCard[]> {
  return ratesOf((await readRow(db))?.defaultRates);
}

/** Everything the Settings screen shows of `app_settings`. */
export async function getAdminSettings(db: DbOrTx, { actor }: { actor: AdminActor }): Promise<AdminSettings> {
  assertAdmin(actor);
  const [row, firm] = await Promise.all([readRow(db), getFirmDetails(db)]);
  return {
    firm,
    defaultRates: ratesOf(row?.defaultRates),
    defaultRatesCustomized: Boolean(row?.defaultRates?.length),
    requireClientTwoFactor: row?.requireClientTwoFactor ?? false,
    minRetestTrials: row?.minRetestTrials ?? DEFAULT_MIN_RETEST_TRIALS,
  };
}

/** Replaces the default rate cards (audited with the old and new cards). */
export async function saveDefaultRates(db: Db, { actor, rates }: { actor: AdminActor; rates: DefaultRatesValues["rates"] }) {
  assertAdmin(actor);
  const after: DefaultRateCard[] = rates.map((r) => ({
    serviceType: r.serviceType,
    hourlyRateCents: r.hourlyRate,
    monthlyRetainerCents: r.monthlyRetainer,
  }));
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx);
    await tx.update(appSettings).set({ defaultRates: after, updatedAt: new Date() }).where(eq(appSettings.id, SETTINGS_ID));
    await recordAudit(tx, {
      actor,
      action: "settings.default_rates",
      entityType: "settings",
      entityId: null,
      before: ratesOf(before.defaultRates),
      after,
    });
    return after;
  });
}

/** Saves the firm's name and address (docs/PRODUCT.md#admin-settings), audited with the old and new values. */
export async function saveFirmDetails(db: Db, { actor, name, address }: { actor: AdminActor } & FirmDetails): Promise<FirmDetails> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    await lockedRow(tx);
    const before = await getFirmDetails(tx);
    await tx
      .update(appSettings)
      .set({ firmName: name, firmAddress: address, updatedAt: new Date() })
      .where(eq(appSettings.id, SETTINGS_ID));
    await recordAudit(tx, {
      actor,
      action: "settings.firm_details",
      entityType: "settings",
      entityId: null,
      before,
      after: { name, address },
    });
    return { name, address };
  });
}

/** Turns the firm-wide two-factor requirement for every client company on or off (audited). */
export async function setRequireClientTwoFactor(db: Db, { actor, required }: { actor: AdminActor; required: boolean }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx);
    if (before.requireClientTwoFactor === required) return { required };
    await tx.update(appSettings).set({ requireClientTwoFactor: required, updatedAt: new Date() }).where(eq(appSettings.id, SETTINGS_ID));
    await recordAudit(tx, {
      actor,
      action: "settings.client_two_factor",
      entityType: "settings",
      entityId: null,
      before: { requireClientTwoFactor: before.requireClientTwoFactor },
      after: { requireClientTwoFactor: required },
    });
    return { required };
  });
}

/** The settings row, created with its defaults if missing, locked until the transaction ends. */
async function lockedRow(tx: DbOrTx) {
  await tx.insert(appSettings).values({ id: SETTINGS_ID }).onConflictDoNothing();
  const [row] = await tx
    .select({ requireClientTwoFactor: appSettings.requireClientTwoFactor, defaultRates: appSettings.defaultRates })
    .from(appSettings)
    .where(eq(appSettings.id, SETTINGS_ID))
    .for("update");
  return row!;
}

/** The firm's own report template (docs/PRODUCT.md#admin-settings), or null while the default one is used. */
export type ReportTemplateSetting = { storageKey: string; name: string; uploadedAt: string } | null;

/** Which Word template generated reports use: the firm's upload, or null for the default. */
export async function getReportTemplateSetting(db: DbOrTx): Promise<ReportTemplateSetting> {
  const [row] = await db
    .select({ key: appSettings.reportTemplateKey, name: appSettings.reportTemplateName, at: appSettings.reportTemplateUploadedAt })
    .from(appSettings)
    .where(eq(appSettings.id, SETTINGS_ID))
    .limit(1);
  return row?.key && row.name && row.at ? { storageKey: row.key, name: row.name, uploadedAt: row.at.toISOString() } : null;
}

/**
 * Makes `template` (already checked and stored by modules/reports) the firm's report template, or
 * with null goes back to the default; audited (`settings.report_template`). Answers the storage key
 * it replaced, for the caller to remove once this has committed.
 */
export async function setReportTemplate(
  db: Db,
  { actor, template }: { actor: AdminActor; template: { storageKey: string; name: string } | null },
): Promise<{ replacedKey: string | null }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    await lockedRow(tx);
    const before = await getReportTemplateSetting(tx);
    if (!before && !template) return { replacedKey: null }; // Already the default: nothing to record.
    await tx
      .update(appSettings)
      .set({
        reportTemplateKey: template?.storageKey ?? null,
        reportTemplateName: template?.name ?? null,
        reportTemplateUploadedAt: template ? new Date() : null,
        updatedAt: new Date(),
      })
      .where(eq(appSettings.id, SETTINGS_ID));
    await recordAudit(tx, {
      actor,
      action: "settings.report_template",
      entityType: "settings",
      entityId: null,
      before: { template: before?.name ?? null },
      after: { template: template?.name ?? null },
    });
    return { replacedKey: before?.storageKey ?? null };
  });
}

/** The firm's report template keeps its stored object: the keys among `keys` it refers to, for the orphan sweep (operations). */
export const templateStoredKeys = (keys: SQL): SQL => storedKeysIn(appSettings.reportTemplateKey, keys);
