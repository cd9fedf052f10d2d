import "server-only";
import type { z } from "zod";
import { type apiPageQuerySchema, type apiInvoicePageSchema } from "@/features/api/validation";
import { uuidSchema } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { pageClientInvoices } from "@/features/invoices/server";
import type { ApiCaller } from "../token-auth";
import { decodeCursor, encodeCursor } from "./cursor";

/** GET /api/v1/invoices: the company's invoices, by id, a page at a time (403 while Billing is withheld from members). */
export async function apiListInvoices(
  db: DbOrTx,
  caller: ApiCaller,
  q: z.output<typeof apiPageQuerySchema>,
): Promise<z.output<typeof apiInvoicePageSchema>> {
  const after = decodeCursor(uuidSchema, q.cursor);
  const { items, next } = await pageClientInvoices(db, { actor: caller.actor, after, limit: q.limit });
  return { data: items, nextCursor: next ? encodeCursor(next) : null };
}
