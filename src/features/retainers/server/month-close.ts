import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { addMonths, monthOf } from "@/lib/retainer-period";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { retainerMonths, timeEntries } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { type BilledHoursLine, canBillClientThroughSquare, createSquareInvoice, storeSquareInvoice } from "@/features/square/server";
import { lockRetainerOf } from "./time-entries";
import { todayUtc } from "./figures";
import { projectFacts } from "@/features/projects/server";

const monthName = (month: string) =>
  new Date(`${month}T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** The month's invoice lines: its counted time per project at the hourly rate, approved overage at its own rate. */
async function invoiceLines(
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  retainer: { id: string; hourlyRateCents: number; overageRateCents: number },
  month: string,
): Promise<BilledHoursLine[]> {
  const projects = projectFacts(tx);
  const rows = await tx
    .select({
      project: projects.projectName,
      overage: timeEntries.overage,
      minutes: sql<number>`sum(${timeEntries.minutes})::int`,
    })
    .from(timeEntries)
    .innerJoin(projects, eq(projects.projectId, timeEntries.projectId))
    .where(
      and(
        eq(timeEntries.retainerId, retainer.id),
        eq(timeEntries.billable, true),
        sql`${timeEntries.workDate} >= ${month}::date and ${timeEntries.workDate} < ${addMonths(month, 1)}::date`,
      ),
    )
    .groupBy(projects.projectName, timeEntries.overage)
    .orderBy(timeEntries.overage, asc(projects.projectName));
  return rows.map((row) =>
    row.overage
      ? { name: `Overage: ${row.project}`, minutes: row.minutes, rateCents: retainer.overageRateCents, note: "Approved overage" }
      : { name: row.project, minutes: row.minutes, rateCents: retainer.hourlyRateCents },
  );
}

/**
 * Closes a month of a client's retainer (docs/PRODUCT.md#retainer-hours): its entries become read
 * only and one invoice is created at Square for its billable time, linked to the client. Closing
 * again answers the month's invoice and creates nothing; a close whose Square call failed leaves the
 * month closed without an invoice, and closing again retries it (Square's idempotency keys are the
 * month's, so a retry bills nothing twice).
 */
export async function closeRetainerMonth(
  db: Db,
  { actor, clientId, month: yearMonth }: { actor: AdminActor; clientId: string; month: string },
) {
  assertAdmin(actor);
  const month = `${yearMonth}-01`;
  if (month > monthOf(todayUtc()))
    throw new AppError("bad_request", "A month can be closed once it has begun.", { fieldErrors: { month: "A future month" } });
  // Refused before anything changes when Square cannot bill the client yet.
  if (!(await canBillClientThroughSquare(db, { clientId })))
    throw new AppError(
      "conflict",
      "Square is not connected, or the client is linked to no Square customer: link it under Square customers first.",
    );

  const prepared = await db.transaction(async (tx) => {
    const retainer = await lockRetainerOf(tx, clientId);
    if (!retainer) throw new AppError("not_found", "This client has no retainer");
    if (month < monthOf(retainer.startDate))
      throw new AppError("bad_request", "The retainer had not started in that month.", {
        fieldErrors: { month: "Before the retainer starts" },
      });
    await tx.insert(retainerMonths).values({ retainerId: retainer.id, month }).onConflictDoNothing();
    const [row] = await tx
      .select({ closedAt: retainerMonths.closedAt, invoiceId: retainerMonths.invoiceId })
      .from(retainerMonths)
      .where(and(eq(retainerMonths.retainerId, retainer.id), eq(retainerMonths.month, month)))
      .for("update");
    if (row!.invoiceId) return { retainer, done: { invoiceId: row!.invoiceId, created: false } };
    const lines = await invoiceLines(tx, retainer, month);
    if (!row!.closedAt) {
      await tx
        .update(retainerMonths)
        .set({ closedAt: new Date(), closedBy: actor.userId })
        .where(and(eq(retainerMonths.retainerId, retainer.id), eq(retainerMonths.month, month)));
      await recordAudit(tx, {
        actor,
        action: "retainer.month_close",
        entityType: "retainer",
        entityId: retainer.id,
        clientId,
        after: { month },
      });
    }
    // A month without billable time closes without an invoice.
    return { retainer, lines, done: lines.length === 0 ? { invoiceId: null, created: false } : null };
  });
  if (prepared.done) return prepared.done;

  const { retainer } = prepared;
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const key = `retainer-${retainer.id}-${yearMonth}`;
  const published = await createSquareInvoice(db, {
    clientId,
    title: `${retainer.name}: ${monthName(month)}`,
    lines: prepared.lines!,
    dueDate: due,
    referenceId: key,
    idempotencyKeys: { order: `${key}-order`, invoice: `${key}-invoice`, publish: `${key}-publish` },
    acceptedPaymentMethods: { card: true, bankAccount: false, squareGiftCard: false, buyNowPayLater: false, cashAppPay: false },
    doing: "creating the invoice",
  });
  // Stored as the sync would store it; its "new invoice" mail follows with the next sync or webhook.
  const created = await storeSquareInvoice(db, { published, clientId, announce: false });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ invoiceId: retainerMonths.invoiceId })
      .from(retainerMonths)
      .where(and(eq(retainerMonths.retainerId, retainer.id), eq(retainerMonths.month, month)))
      .for("update");
    // A close running alongside stored the same Square invoice first.
    if (row?.invoiceId) return { invoiceId: row.invoiceId, created: false };
    await tx
      .update(retainerMonths)
      .set({ invoiceId: created.invoiceId })
      .where(and(eq(retainerMonths.retainerId, retainer.id), eq(retainerMonths.month, month)));
    await recordAudit(tx, {
      actor,
      action: "retainer.month_invoice",
      entityType: "invoice",
      entityId: created.invoiceId,
      clientId,
      after: { month, invoiceNumber: created.invoiceNumber, amountCents: created.amountCents },
    });
    return { invoiceId: created.invoiceId, created: true };
  });
}
