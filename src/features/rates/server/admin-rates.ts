import "server-only";
import { asc, eq } from "drizzle-orm";
import type { RateCardValues } from "@/features/rates/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { clientRates } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { getDefaultRateCards } from "@/features/settings/server";
import { rateCardColumns } from "./columns";

/** A client's rate cards ordered by service type. */
export async function listClientRatesForAdmin(db: DbOrTx, { actor, clientId }: { actor: AdminActor; clientId: string }) {
  assertAdmin(actor);
  return db
    .select(rateCardColumns)
    .from(clientRates)
    .where(eq(clientRates.clientId, clientId))
    .orderBy(asc(clientRates.serviceType), asc(clientRates.effectiveFrom));
}

/**
 * Locks the client's row for the transaction; false when there is no such client: the clients
 * module's `lockCompany`, handed in by the caller (that module reads this one).
 */
export type LockClient = (tx: DbOrTx, clientId: string) => Promise<boolean>;

/**
 * Replaces all of a client's rate cards in one transaction (the old set and the new one go to
 * the audit log), the client's row locked first (`lockClient`). Any failure rolls back and leaves
 * the previous rates in place.
 */
export async function replaceClientRates(
  db: Db,
  { actor, clientId, rates, lockClient }: { actor: AdminActor; clientId: string; rates: RateCardValues[]; lockClient: LockClient },
) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    if (!(await lockClient(tx, clientId)))
      throw new AppError("bad_request", "Client not found", { fieldErrors: { clientId: "Client not found" } });
    const before = await tx
      .select(rateCardColumns)
      .from(clientRates)
      .where(eq(clientRates.clientId, clientId))
      .orderBy(asc(clientRates.serviceType));
    await tx.delete(clientRates).where(eq(clientRates.clientId, clientId));
    const after = rates.length
      ? await tx
          .insert(clientRates)
          .values(
            rates.map((r) => ({
              clientId,
              serviceType: r.serviceType,
              hourlyRateCents: r.hourlyRate,
              monthlyRetainerCents: r.monthlyRetainer,
              discountTier: r.discountTier,
              description: r.description,
              effectiveFrom: r.effectiveFrom,
            })),
          )
          .returning(rateCardColumns)
      : [];
    await recordAudit(tx, { actor, action: "client_rates.replace", entityType: "client", entityId: clientId, before, after });
    return after;
  });
}

/**
 * A new client's first rate cards: the firm's defaults (Settings → Default contracting rates),
 * effective from today, in the caller's transaction (the client's creation).
 */
export async function startClientRates(tx: DbOrTx, { clientId }: { clientId: string }): Promise<void> {
  const defaults = await getDefaultRateCards(tx);
  if (defaults.length === 0) return;
  await tx.insert(clientRates).values(
    defaults.map((card) => ({
      clientId,
      serviceType: card.serviceType,
      hourlyRateCents: card.hourlyRateCents,
      monthlyRetainerCents: card.monthlyRetainerCents,
    })),
  );
}
