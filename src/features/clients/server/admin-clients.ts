import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "@/lib/validation/admin-fields";
import type { ClientShownStatus } from "@/lib/domain/client-status";
import { type ClientListQuery } from "@/features/clients/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { asNumber, type Paged, pageOffset, splitTotal } from "@/server/core/db/admin-sql";
import type { DbOrTx } from "@/server/core/db/client";
import { clients } from "./schema";
import { userFacts } from "@/features/identity/server";
import { invoices } from "@/features/invoices/server/schema";
import { invoiceOutstandingCents } from "@/features/invoices/server";
import { clientListSearch, firstOwnerUserId, shownClientStatus } from "./list-filters";

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
 * One page of the admin clients list with each client's balance and invoice count, in ONE
 * statement: the page of clients is chosen first (search, order, limit), then a lateral
 * aggregate sums the invoices of just those rows, and `count(*) over ()` gives the total.
 */
export async function listAdminClients(
  db: DbOrTx,
  { actor, q = "", page = 1, pageSize = ADMIN_PAGE_SIZE }: { actor: AdminActor } & Partial<ClientListQuery> & { pageSize?: number },
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

  const totals = db
    .select({
      balanceCents: sql<number>`coalesce(sum(${invoiceOutstandingCents}), 0)`.as("balance_cents"),
      invoiceCount: sql<number>`count(*)`.as("invoice_count"),
    })
    .from(invoices)
    .where(eq(invoices.clientId, pageRows.id))
    .as("totals");

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
      balanceCents: asNumber(totals.balanceCents),
      invoiceCount: asNumber(totals.invoiceCount),
    })
    .from(pageRows)
    .leftJoinLateral(totals, sql`true`)
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
