import "server-only";
import { eq } from "drizzle-orm";
import type { RetainerValues } from "@/features/retainers/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { retainers } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { retainerColumns } from "./columns";
import { lockCompany } from "@/features/clients/server";

/**
 * Sets a client's retainer (docs/PRODUCT.md#retainer-hours): creates it, or changes its terms, in
 * one transaction with its audit row. New terms apply to every open month; a closed month keeps
 * its invoice.
 */
export async function saveRetainer(db: Db, { actor, values }: { actor: AdminActor; values: RetainerValues }) {
  assertAdmin(actor);
  const { clientId } = values;
  return db.transaction(async (tx) => {
    if (!(await lockCompany(tx, clientId)))
      throw new AppError("bad_request", "Client not found", { fieldErrors: { clientId: "Client not found" } });
    const [before] = await tx.select(retainerColumns).from(retainers).where(eq(retainers.clientId, clientId));
    const terms = {
      name: values.name,
      monthlyMinutes: values.hoursPerMonth,
      hourlyRateCents: values.hourlyRate,
      overageRateCents: values.overageRate,
      startDate: values.startDate,
      carryOverMaxMinutes: values.carryOverMonths > 0 ? values.carryOverHours : 0,
      carryOverMonths: values.carryOverHours > 0 ? values.carryOverMonths : 0,
      thresholds: values.thresholds,
    };
    const [after] = await tx
      .insert(retainers)
      .values({ clientId, ...terms })
      .onConflictDoUpdate({ target: retainers.clientId, set: { ...terms, updatedAt: new Date() } })
      .returning(retainerColumns);
    await recordAudit(tx, {
      actor,
      action: before ? "retainer.update" : "retainer.create",
      entityType: "retainer",
      entityId: after!.id,
      clientId,
      before: before ?? null,
      after,
    });
    return { retainerId: after!.id };
  });
}
