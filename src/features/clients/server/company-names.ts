import "server-only";
import { ne, sql } from "drizzle-orm";
import unhomoglyph from "unhomoglyph";
import { hasHiddenCharacter } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { clients } from "./schema";
import { uniqueViolationOf } from "@/server/core/db/unique-violation";
import { AppError } from "@/server/core/errors";

// Company names are unique by how they look (docs/PRODUCT.md#admin-clients): admin pickers list
// clients by company, and two that differ only in case, in a look-alike letter (a Cyrillic "А"),
// in an invisible character or in the kind of space could not be told apart there.

export const COMPANY_TAKEN = "A client with this company name already exists.";
const UNIQUE_INDEX = "clients_company_lower_unique";
/** Serializes the check and the save of company names within their transaction (no index can hold a skeleton's rule). */
const NAME_LOCK_KEY = 4_300_431;

const companyTaken = () => new AppError("bad_request", COMPANY_TAKEN, { fieldErrors: { company: COMPANY_TAKEN } });

/**
 * What a name looks like, for comparing two names: NFKC (full-width letters, en-spaces and
 * ligatures to their plain forms), case folded, without invisible or text-direction characters,
 * spaces collapsed, then the Unicode confusables skeleton (UTS #39: NFD, each character to its
 * prototype from Unicode's confusables.txt, through the unhomoglyph package, NFD again).
 */
export function companySkeleton(name: string): string {
  const visible = [...name.normalize("NFKC").toLowerCase()].filter((c) => !hasHiddenCharacter(c)).join("");
  const spaced = visible.replace(/\s+/gu, " ").trim();
  return unhomoglyph(spaced.normalize("NFD")).normalize("NFD").toLowerCase();
}

/**
 * 400 when another client (not `exceptClientId`, the one renaming itself) has a name that looks the
 * same. Names are compared in the application (the skeleton needs Unicode's table), over every
 * client: creating or renaming a company is rare and the list is short. A name already stored
 * with a hidden character still matches by its skeleton, so none needs a migration. Called in the
 * saving transaction, it holds a lock until the commit, so two look-alike saves at once cannot both
 * pass (the case-insensitive unique index remains the last word for case alone).
 */
export async function assertCompanyNameFree(db: DbOrTx, company: string, exceptClientId?: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${NAME_LOCK_KEY})`);
  const wanted = companySkeleton(company);
  const others = await db
    .select({ company: clients.company })
    .from(clients)
    .where(exceptClientId ? ne(clients.id, exceptClientId) : undefined);
  if (others.some((other) => companySkeleton(other.company) === wanted)) throw companyTaken();
}

/**
 * Two saves racing past the check both reach the unique index, which refuses the second: that
 * refusal becomes the same 400; any other error is returned as it is.
 */
export function companyTakenInstead(error: unknown): unknown {
  return uniqueViolationOf(error) === UNIQUE_INDEX ? companyTaken() : error;
}
