import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { invoices } from "./schema";

/** The stored invoice of a Square invoice id (its id, number and amount), or null before it is stored. */
export async function findInvoiceBySquareId(
  db: DbOrTx,
  squareInvoiceId: string,
): Promise<{ id: string; amountCents: number; invoiceNumber: string } | null> {
  const [row] = await db
    .select({ id: invoices.id, amountCents: invoices.amountCents, invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(eq(invoices.squareInvoiceId, squareInvoiceId));
  return row ?? null;
}
