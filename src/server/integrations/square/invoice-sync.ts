import "server-only";
import { sql } from "drizzle-orm";
import type { Square } from "square";
import type { Actor } from "../../auth/session";
import { recordAudit } from "../../audit";
import type { Db } from "../../db/client";
import { createSquareClient, SquareApiError } from "./client";
import { loadClientEmailIndex, recipientEmail } from "./client-matching";
import { requireSquareConfig } from "./config";
import { PROVIDER, usableConnection } from "./connection";
import { invoiceRecipient, mapSquareInvoice } from "./invoice-mapping";
import { MoneyRangeError } from "./money";
import { type InvoiceUpsertRow, upsertInvoices } from "./invoice-upsert";
import { fetchSquareSnapshot, type SquareSnapshot } from "./square-fetch";
import { applySubscriptionUpdates } from "./subscription-sync";

// GET /api/square/sync-invoices: read everything from Square first, then write it in ONE
// transaction. A failure while reading (Square down, a 500 on page 3) writes nothing; two syncs at
// once take turns on an advisory lock, and the unique square_invoice_id makes a second pass an
// update of the same rows, never a duplicate.

// Arbitrary constant naming the sync's transaction-scoped lock (the migration lock is 7_349_211).
const SYNC_LOCK_KEY = 7_349_212;
const UNMATCHED_LISTED = 5;

export type SyncResult = {
  success: true;
  synced: number;
  message: string;
  /** Set when invoices were left out (no client matches their customer's email). */
  warning: string | null;
  created: number;
  updated: number;
  unchanged: number;
  unmatched: number;
  drafts: number;
  subscriptionsUpdated: number;
  locations: number;
  pages: number;
};

type Prepared = { rows: InvoiceUpsertRow[]; unmatched: { invoiceNumber: string; email: string | null }[]; drafts: number };

/** Maps the snapshot to rows and decides each invoice's client; no database writes. */
export function prepareInvoiceRows(snapshot: Pick<SquareSnapshot, "invoices" | "customerEmails">, emailIndex: Map<string, string>, now: Date): Prepared {
  const prepared: Prepared = { rows: [], unmatched: [], drafts: 0 };
  for (const invoice of snapshot.invoices) {
    let mapped;
    try {
      mapped = mapSquareInvoice(invoice, now);
    } catch (error) {
      if (error instanceof MoneyRangeError) throw new SquareApiError(`Invoice ${invoice.invoiceNumber ?? invoice.id} has an amount out of range.`);
      throw error;
    }
    if (!mapped) {
      prepared.drafts += 1;
      continue;
    }
    const clientId = clientFor(invoice, snapshot.customerEmails, emailIndex);
    if (clientId.id) prepared.rows.push({ ...mapped, clientId: clientId.id });
    else prepared.unmatched.push({ invoiceNumber: mapped.invoiceNumber, email: clientId.email });
  }
  return prepared;
}

function clientFor(invoice: Square.Invoice, customerEmails: Map<string, string | null>, emailIndex: Map<string, string>) {
  const recipient = invoiceRecipient(invoice);
  const email = recipientEmail(recipient.customerId ? customerEmails.get(recipient.customerId) : null, recipient.email);
  return { id: email ? emailIndex.get(email) : undefined, email };
}

/** The invoices left out because no client matches, named by email: reported, never dropped silently. */
function unmatchedWarning(unmatched: Prepared["unmatched"]): string | null {
  if (unmatched.length === 0) return null;
  const emails = [...new Set(unmatched.map((u) => u.email ?? "no email"))];
  const listed = emails.slice(0, UNMATCHED_LISTED).join(", ");
  const more = emails.length > UNMATCHED_LISTED ? ` and ${emails.length - UNMATCHED_LISTED} more` : "";
  return `${unmatched.length} invoice${unmatched.length === 1 ? " was" : "s were"} not imported: no client matches the customer email (${listed}${more}).`;
}

export async function syncSquareInvoices(db: Db, actor: Actor | null, now = new Date()): Promise<SyncResult> {
  const config = requireSquareConfig();
  // Refreshes the access token first when fewer than 7 days remain.
  const connection = await usableConnection(db, config, now);
  const snapshot = await fetchSquareSnapshot(createSquareClient(config, connection.accessToken));
  const emailIndex = await loadClientEmailIndex(db);
  const prepared = prepareInvoiceRows(snapshot, emailIndex, now);

  const { counts, subscriptionsUpdated } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_KEY})`);
    const counts = await upsertInvoices(tx, prepared.rows);
    const subscriptionsUpdated = await applySubscriptionUpdates(tx, snapshot.subscriptions);
    await recordAudit(tx, {
      actor,
      action: "square.sync",
      entityType: "payment_provider_connection",
      entityId: PROVIDER,
      after: { synced: counts.created + counts.updated + counts.unchanged, ...counts, unmatched: prepared.unmatched.length, drafts: prepared.drafts, subscriptionsUpdated },
    });
    return { counts, subscriptionsUpdated };
  });

  const synced = counts.created + counts.updated + counts.unchanged;
  const warning = unmatchedWarning(prepared.unmatched);
  return {
    success: true,
    synced,
    message: `Synced ${synced} invoices from Square (${counts.created} new, ${counts.updated} updated).${warning ? ` ${warning}` : ""}`,
    warning,
    ...counts,
    unmatched: prepared.unmatched.length,
    drafts: prepared.drafts,
    subscriptionsUpdated,
    locations: snapshot.locationCount,
    pages: snapshot.pageCount,
  };
}
