import "server-only";
import { sql } from "drizzle-orm";
import type { Actor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { recordAudit } from "@/features/audit/server";
import { type SquareInvoiceRow, squareInvoices } from "@/features/invoices/server";
import { createSquareClient, describeSquareError, SquareApiError } from "./client";
import { linkedClientsOf, recordSeenCustomers, type SeenCustomer, settleCustomerLinks } from "./customer-links";
import { requireSquareConfig } from "./config";
import { lackingFor, PROVIDER, readGrantedScopes, requirePermissionsFor, storeGrantedScopes, usableConnection } from "./connection";
import { missingPermissionMessage } from "./permissions";
import { invoiceRecipient, mapSquareInvoice } from "./invoice-mapping";
import { MoneyRangeError } from "./money";
import { announceNewInvoices, sendPaidReceipts } from "./invoice-events";
import { type InvoiceLines, mapOrderLines } from "./order-lines";
import { fetchSquareSnapshot, type SquareSnapshot } from "./square-fetch";
import { applySubscriptionUpdates } from "./subscription-sync";
import { withSquareSyncLock } from "./sync-lock";

// GET /api/square/sync-invoices: read everything from Square first, then write it in ONE
// transaction. Invoices go to the client their Square customer is linked to (customer-links.ts);
// an invoice of an unlinked customer is stored without a client and waits for an admin. A failure
// while reading (Square down, a 500 on page 3) writes nothing; two syncs at once take turns on an
// advisory lock, and the unique square_invoice_id makes a second pass an update of the same rows,
// never a duplicate. Two requests at once do not even get that far: the second is refused while
// the first runs (sync-lock.ts).

// Arbitrary constant naming the sync's transaction-scoped lock (the migration lock is 7_349_211).
const SYNC_LOCK_KEY = 7_349_212;

export type SyncResult = {
  success: true;
  synced: number;
  message: string;
  /**
   * False when the connection lacks ORDERS_READ: invoices synced, their line items not read (the
   * stored ones kept) and reported as not available until Square is reconnected.
   */
  lineItemsAvailable: boolean;
  /** Set when invoices wait for an admin (their customer is linked to no client) or were left out. */
  warning: string | null;
  created: number;
  updated: number;
  unchanged: number;
  /** Invoices stored without a client: listed under Unmatched invoices until an admin assigns them. */
  unmatched: number;
  /** Invoices with no Square customer at all: not imported. */
  noCustomer: number;
  drafts: number;
  customersLinked: number;
  conflicts: number;
  subscriptionsUpdated: number;
  locations: number;
  pages: number;
};

type Prepared = { rows: SquareInvoiceRow[]; lines: InvoiceLines[]; customers: SeenCustomer[]; noCustomer: number; drafts: number };

/** Maps the snapshot to rows (client decided later, from the customer links); no database writes. */
export function prepareInvoiceRows(snapshot: Pick<SquareSnapshot, "invoices" | "customers" | "orders">, now: Date): Prepared {
  const prepared: Prepared = { rows: [], lines: [], customers: [], noCustomer: 0, drafts: 0 };
  for (const invoice of snapshot.invoices) {
    let mapped;
    try {
      mapped = mapSquareInvoice(invoice, now);
    } catch (error) {
      if (error instanceof MoneyRangeError)
        throw new SquareApiError(`Invoice ${invoice.invoiceNumber ?? invoice.id} has an amount out of range.`);
      throw error;
    }
    if (!mapped) {
      prepared.drafts += 1;
      continue;
    }
    const recipient = invoiceRecipient(invoice);
    if (!recipient.customerId) {
      prepared.noCustomer += 1;
      continue;
    }
    // The customer's current e-mail at Square, else the address the invoice was sent to; the name
    // the invoice was addressed to, else the customer record's (an invoice may carry none).
    const record = snapshot.customers.get(recipient.customerId);
    const email = record?.email ?? recipient.email;
    prepared.customers.push({ squareCustomerId: recipient.customerId, name: recipient.name ?? record?.name ?? null, email });
    prepared.rows.push({ ...mapped, squareCustomerId: recipient.customerId, clientId: null });
    // The order's lines when Square has the order; without it the stored lines stay as they are.
    const order = invoice.orderId ? snapshot.orders.get(invoice.orderId) : undefined;
    if (order) {
      try {
        prepared.lines.push({ squareInvoiceId: mapped.squareInvoiceId, lines: mapOrderLines(order) });
      } catch (error) {
        if (error instanceof MoneyRangeError)
          throw new SquareApiError(`Invoice ${invoice.invoiceNumber ?? invoice.id} has a line amount out of range.`);
        throw error;
      }
    }
  }
  return prepared;
}

function syncWarning(unmatched: number, noCustomer: number, linesLacking: string | null): string | null {
  const parts: string[] = [];
  if (linesLacking) parts.push(linesLacking);
  if (unmatched > 0) parts.push(`${unmatched} invoice${unmatched === 1 ? " waits" : "s wait"} for a client: see Unmatched invoices.`);
  if (noCustomer > 0)
    parts.push(
      `${noCustomer} invoice${noCustomer === 1 ? " has" : "s have"} no Square customer and ${noCustomer === 1 ? "was" : "were"} not imported.`,
    );
  return parts.length > 0 ? parts.join(" ") : null;
}

/** One sync at a time across instances: a second one at once is refused (409) with SYNC_ALREADY_RUNNING. */
export function syncSquareInvoices(db: Db, actor: Actor | null, now = new Date()): Promise<SyncResult> {
  return withSquareSyncLock(db, () => runSync(db, actor, now));
}

async function runSync(db: Db, actor: Actor | null, now: Date): Promise<SyncResult> {
  const config = requireSquareConfig();
  // Refreshes the access token first when fewer than 7 days remain.
  const connection = await usableConnection(db, config, now);
  // The token's real scopes, read on each sync (a seller may change them at Square). Square not
  // answering this one call keeps what was stored: the sync's own calls then decide.
  try {
    const granted = await readGrantedScopes(config, connection.accessToken);
    await storeGrantedScopes(db, granted);
    connection.scopes = granted.join(" ");
  } catch (error) {
    console.warn("[square] sync: token status failed; using the stored scopes:", describeSquareError(error));
  }
  requirePermissionsFor(connection, "invoiceSync");
  // Without ORDERS_READ the invoices still sync; their line items are marked not available.
  const linesLacking = lackingFor(connection, "invoiceLines");
  const snapshot = await fetchSquareSnapshot(createSquareClient(config, connection.accessToken), { orders: !linesLacking });
  const prepared = prepareInvoiceRows(snapshot, now);
  const customerIds = [...new Set(prepared.customers.map((c) => c.squareCustomerId))];

  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_KEY})`);
    await recordSeenCustomers(tx, prepared.customers);
    const links = await linkedClientsOf(tx, customerIds);
    const rows = prepared.rows.map((row) => ({ ...row, clientId: links.get(row.squareCustomerId!) ?? null }));
    const counts = await squareInvoices.upsert(tx, rows);
    await squareInvoices.replaceLines(tx, prepared.lines);
    await squareInvoices.markUnreadLines(tx, Boolean(linesLacking));
    const settled = await settleCustomerLinks(tx, actor, customerIds);
    await announceNewInvoices(tx);
    await sendPaidReceipts(tx, counts.paid);
    const unmatched = await squareInvoices.countUnowned(
      tx,
      prepared.rows.map((r) => r.squareInvoiceId),
    );
    const subscriptionsUpdated = await applySubscriptionUpdates(tx, snapshot.subscriptions);
    await recordAudit(tx, {
      actor,
      action: "square.sync",
      entityType: "payment_provider_connection",
      entityId: PROVIDER,
      after: {
        synced: counts.created + counts.updated + counts.unchanged,
        created: counts.created,
        updated: counts.updated,
        unchanged: counts.unchanged,
        unmatched,
        noCustomer: prepared.noCustomer,
        drafts: prepared.drafts,
        ...settled,
        subscriptionsUpdated,
      },
    });
    return { counts, settled, unmatched, subscriptionsUpdated };
  });

  const { counts, settled, unmatched, subscriptionsUpdated } = outcome;
  const synced = counts.created + counts.updated + counts.unchanged;
  const warning = syncWarning(unmatched, prepared.noCustomer, linesLacking ? missingPermissionMessage(linesLacking) : null);
  return {
    success: true,
    synced,
    message: `Synced ${synced} invoices from Square (${counts.created} new, ${counts.updated} updated).${warning ? ` ${warning}` : ""}`,
    warning,
    lineItemsAvailable: !linesLacking,
    created: counts.created,
    updated: counts.updated,
    unchanged: counts.unchanged,
    unmatched,
    noCustomer: prepared.noCustomer,
    drafts: prepared.drafts,
    customersLinked: settled.linked,
    conflicts: settled.conflicts,
    subscriptionsUpdated,
    locations: snapshot.locationCount,
    pages: snapshot.pageCount,
  };
}
