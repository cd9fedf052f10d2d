import "server-only";
import { asc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "@/lib/validation/admin-fields";
import type { ClientShownStatus } from "@/lib/domain/client-status";
import { type ClientListQuery } from "@/features/clients/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { asNumber, type Paged, pageOffset, splitTotal } from "@/server/core/db/admin-sql";
import type { DbOrTx } from "@/server/core/db/client";
import { clients } from "./schema";
import { userFacts } from "@/features/identity/server";
import { clientListSearch, firstOwnerUserId, shownClientStatus } from "./list-filters";

/**
 * What the invoices add to each client of the list and of its export (the balance and the number of
 * invoices), as SQL on the row's client id: handed in by the caller (the invoices module's
 * `clientInvoiceTotalsSql`), so this module reads no invoices. Required: a list without it would
 * show every balance as 0.
 */
export type ClientTotalsSql = (clientId: SQLWrapper) => { balanceCents: SQL<number>; invoiceCount: SQL<number> };

export type AdminClientRow = {
  id: string;
  company: string;
  contactPerson: string;
  email: string;
  status: "active" | "inactive";
  /** "invited" until one of its people accepts (docs/PRODUCT.md#admin-clients). */
  shownStatus: ClientShownStatus;
  joinedDate: string;
  balanceCents: number;
  invoiceCount: number;
  /** The company requires two-factor of its users (docs/PRODUCT.md#account-security). */
  requireTwoFactor: boolean;
  /** The first owner has two-factor on (what Reset two-factor would undo). */
  twoFactorEnabled: boolean;
};

/**
 * One page of the admin clients list with each client's balance and invoice count (`totals`), in ONE
 * statement: the page of clients is chosen first (search, order, limit), then the totals are read
 * for just those rows, and `count(*) over ()` gives the total.
 */
export async function listAdminClients(
  db: DbOrTx,
  {
    actor,
    q = "",
    page = 1,
    pageSize = ADMIN_PAGE_SIZE,
    totals,
  }: { actor: AdminActor; totals: ClientTotalsSql } & Partial<ClientListQuery> & { pageSize?: number },
): Promise<Paged<AdminClientRow>> {
  assertAdmin(actor);
  const where = clientListSearch(q);
  const users = userFacts(db);

  const pageRows = db
    .select({
      id: clients.id,
      company: clients.company,
      contactPerson: clients.contactPerson,
      email: sql<string>`coalesce(${users.email}, '')`.as("email"),
      status: clients.status,
      shownStatus: shownClientStatus.as("shown_status"),
      joinedDate: clients.joinedDate,
      requireTwoFactor: clients.requireTwoFactor,
      twoFactorEnabled: sql<boolean>`coalesce(${users.twoFactorEnabled}, false)`.as("two_factor_enabled"),
      total: sql<number>`count(*) over ()`.as("total"),
    })
    .from(clients)
    .leftJoin(users, eq(users.userId, firstOwnerUserId))
    .where(where)
    .orderBy(asc(clients.company), asc(clients.id))
    .limit(pageSize)
    .offset(pageOffset(page, pageSize))
    .as("page_rows");

  const figures = totals(pageRows.id);
  const rows = await db
    .select({
      id: pageRows.id,
      company: pageRows.company,
      contactPerson: pageRows.contactPerson,
      email: pageRows.email,
      status: pageRows.status,
      shownStatus: pageRows.shownStatus,
      joinedDate: pageRows.joinedDate,
      requireTwoFactor: pageRows.requireTwoFactor,
      twoFactorEnabled: sql<boolean>`${pageRows.twoFactorEnabled}`.mapWith(Boolean),
      total: asNumber(pageRows.total),
      balanceCents: asNumber(figures.balanceCents),
      invoiceCount: asNumber(figures.invoiceCount),
    })
    .from(pageRows)
    .orderBy(asc(pageRows.company), asc(pageRows.id));

  return { ...splitTotal(rows), page, pageSize };
}

/** Active clients for selects (project form, upload form), ordered by company. */
export async function listActiveClientOptions(db: DbOrTx, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  return db
    .select({ id: clients.id, company: clients.company })
    .from(clients)
    .where(eq(clients.status, "active"))
    .orderBy(asc(clients.company), asc(clients.id));
}

/** One client's company, for the rates screen; null when the id is unknown. */
export async function getAdminClient(db: DbOrTx, { actor, clientId }: { actor: AdminActor; clientId: string }) {
  assertAdmin(actor);
  const [row] = await db
    .select({ id: clients.id, company: clients.company, status: clients.status })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row ?? null;
}
