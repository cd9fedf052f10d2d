import "server-only";
import { and, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { clients } from "@/server/core/db/schema";
import { uniqueViolationOf } from "@/server/core/db/unique-violation";
import { AppError } from "@/server/core/errors";

// Company names are unique ignoring case (docs/PRODUCT.md#admin-clients): admin pickers list
// clients by company, and two that differ only in case could not be told apart there.

export const COMPANY_TAKEN = "A client with this company name already exists.";
const UNIQUE_INDEX = "clients_company_lower_unique";

const companyTaken = () => new AppError("bad_request", COMPANY_TAKEN, { fieldErrors: { company: COMPANY_TAKEN } });

/** 400 when another client (not `exceptClientId`, the one renaming itself) has this name in any case. */
export async function assertCompanyNameFree(db: DbOrTx, company: string, exceptClientId?: string): Promise<void> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(sql`lower(${clients.company}) = lower(${company})`, exceptClientId ? ne(clients.id, exceptClientId) : undefined))
    .limit(1);
  if (row) throw companyTaken();
}

/**
 * Two saves racing past the check both reach the unique index, which refuses the second: that
 * refusal becomes the same 400; any other error is returned as it is.
 */
export function companyTakenInstead(error: unknown): unknown {
  return uniqueViolationOf(error) === UNIQUE_INDEX ? companyTaken() : error;
}
