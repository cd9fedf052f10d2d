import "server-only";
import { sql } from "drizzle-orm";
import type { Actor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { insertAuditEntries } from "@/features/audit/server";
import { clientsMatchingEmailSql } from "@/features/clients/server";
import { squareInvoices } from "@/features/invoices/server";
import { squarePorts } from "./ports";
import { type LinkEvidence, decideCustomerLink } from "./link-decision";

// Which client a Square customer's invoices belong to (README.md, "Invoice ownership").
// The sync and the webhook call these inside their transaction: record the customers they saw,
// store invoices under the customer's linked client (or none), then settle the links once.

export type SeenCustomer = { squareCustomerId: string; name: string | null; email: string | null };

/** A set of ids as one jsonb parameter (thousands of ids would otherwise be thousands of placeholders). */
const idSet = (ids: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** Stores name and e-mail as Square has them (for display and matching); links are left alone. */
export async function recordSeenCustomers(db: DbOrTx, customers: SeenCustomer[]): Promise<void> {
  const unique = [...new Map(customers.map((c) => [c.squareCustomerId, c])).values()];
  if (unique.length === 0) return;
  const records = JSON.stringify(
    unique.map((c) => ({ id: c.squareCustomerId, name: c.name, email: c.email?.trim().toLowerCase() || null })),
  );
  await db.execute(sql`
    insert into square_customers (square_customer_id, display_name, email)
    select id, name, email from jsonb_to_recordset(${records}::jsonb) as r(id text, name text, email text)
    on conflict (square_customer_id) do update
       set display_name = coalesce(excluded.display_name, square_customers.display_name),
           email = coalesce(excluded.email, square_customers.email),
           updated_at = now()
     where (square_customers.display_name, square_customers.email)
           is distinct from (coalesce(excluded.display_name, square_customers.display_name), coalesce(excluded.email, square_customers.email))`);
}

/** The client each customer is linked to; customers linked to none are absent. */
export async function linkedClientsOf(db: DbOrTx, customerIds: string[]): Promise<Map<string, string>> {
  if (customerIds.length === 0) return new Map();
  const result = (await db.execute(sql`
    select square_customer_id as id, client_id from square_customers
     where client_id is not null and square_customer_id in ${idSet(customerIds)}`)) as unknown as {
    rows: { id: string; client_id: string }[];
  };
  return new Map(result.rows.map((r) => [r.id, r.client_id]));
}

type EvidenceRow = {
  id: string;
  client_id: string | null;
  link_source: string | null;
  ignored: boolean;
  invoice_clients: string[] | null;
  email_clients: string[] | null;
};

async function loadEvidence(db: DbOrTx, customerIds: string[]): Promise<LinkEvidence[]> {
  // Addresses an admin controls only: the sign-in e-mail of a person an admin added (set at
  // invitation, not changeable by the client; a colleague an owner invited decides nothing) and the
  // billing e-mail (admin-only). The client's contact e-mail is never read here.
  const result = (await db.execute(sql`
    select sc.square_customer_id as id, sc.client_id, sc.link_source, sc.ignored_at is not null as ignored,
           ${squareInvoices.customerClientIdsSql(sql`sc.square_customer_id`)} as invoice_clients,
           ${clientsMatchingEmailSql(sql`sc.email`)} as email_clients
      from square_customers sc
     where sc.square_customer_id in ${idSet(customerIds)}`)) as unknown as { rows: EvidenceRow[] };
  return result.rows.map((r) => ({
    squareCustomerId: r.id,
    clientId: r.client_id,
    decidedByAdmin: r.link_source === "admin",
    ignored: r.ignored,
    invoiceClientIds: r.invoice_clients ?? [],
    emailClientIds: r.email_clients ?? [],
  }));
}

export type SettleResult = { linked: number; conflicts: number; assigned: number };

/**
 * Proposes links for the customers no admin has decided on, records conflicts (never applied), and
 * gives the unassigned invoices of linked customers their client. Invoices that have a client keep it.
 */
export async function settleCustomerLinks(db: DbOrTx, actor: Actor | null, customerIds: string[]): Promise<SettleResult> {
  if (customerIds.length === 0) return { linked: 0, conflicts: 0, assigned: 0 };
  const decisions = (await loadEvidence(db, customerIds)).map((e) => ({ evidence: e, ...decideCustomerLink(e) }));

  const links = decisions
    .filter((d) => d.link)
    .map((d) => ({ id: d.evidence.squareCustomerId, client_id: d.link!.clientId, source: d.link!.source }));
  if (links.length > 0) {
    await db.execute(sql`
      update square_customers sc
         set client_id = v.client_id, link_source = v.source, linked_at = now(), linked_by_user_id = null, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as v(id text, client_id uuid, source text)
       where sc.square_customer_id = v.id and sc.client_id is null and sc.link_source is null and sc.ignored_at is null`);
    await insertAuditEntries(
      db,
      links.map((l) => ({
        actorUserId: actor?.userId ?? null,
        action: "square.customer_linked",
        entityType: "square_customer",
        entityId: l.id,
        before: null,
        after: { clientId: l.client_id, source: l.source },
      })),
    );
  }

  const conflicts = decisions.map((d) => ({ id: d.evidence.squareCustomerId, conflict: d.conflict }));
  await db.execute(sql`
    update square_customers sc set conflict = v.conflict, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(conflicts)}::jsonb) as v(id text, conflict text)
     where sc.square_customer_id = v.id and sc.conflict is distinct from v.conflict`);

  const assigned = await assignUnownedInvoices(db, customerIds);
  return { linked: links.length, conflicts: conflicts.filter((c) => c.conflict).length, assigned };
}

/**
 * Unassigned invoices and subscriptions of linked customers get the customer's client; nothing
 * else moves. A subscription active in Square for a client that already has an active one waits
 * as pending (a client has at most one active subscription).
 */
export async function assignUnownedInvoices(db: DbOrTx, customerIds: string[]): Promise<number> {
  const { subscriptions } = await squarePorts();
  const linked = sql`(select square_customer_id, client_id from square_customers
     where client_id is not null and square_customer_id in ${idSet(customerIds)})`;
  const assigned = await squareInvoices.assignToLinkedClients(db, linked);
  await subscriptions.assignToLinkedClients(db, linked);
  return assigned;
}
