import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { invoicePayments } from "@/lib/statement";
import { type AdminActor, assertAdmin, assertBillingVisible, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { findCompany } from "@/features/clients/server";
import { invoices } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordFirmAccess } from "@/features/audit/server";
import { invoiceIsBilled, invoicePaidCents } from "./invoice-money-sql";

// A client's statement for a period (docs/PRODUCT.md#statements): the balance at its start, the
// invoices and payments in it, one line each in date order with the running balance, and the
// balance at its end. Cancelled invoices are neither billed nor owed, so they are left out; the
// closing balance of a period ending today is the client's balance due.

export type StatementLine = {
  date: string;
  kind: "invoice" | "payment";
  invoiceNumber: string;
  /** The invoice's description, or the scheduled payment it settles ("Deposit (40%)", "Payment"). */
  description: string | null;
  invoicedCents: number;
  paidCents: number;
  /** The balance after this line. */
  balanceCents: number;
};

export type Statement = {
  company: string;
  from: string;
  to: string;
  openingCents: number;
  invoicedCents: number;
  paidCents: number;
  closingCents: number;
  lines: StatementLine[];
};

export const CLIENT_NOT_FOUND = "Client not found";

type Period = { from: string; to: string };

// An invoice's date on the statement: issued, else due, else the day it was recorded (UTC).
const statementDate = sql<string>`coalesce(${invoices.issuedDate}, ${invoices.dueDate}, (${invoices.createdAt} at time zone 'UTC')::date)::text`;

/**
 * Every billed invoice of the company dated up to the period's end, with what its payments are
 * made of, in one statement; the arithmetic is exact integer cents in JavaScript, where the
 * payments' dating rule lives (src/lib/statement.ts).
 */
async function buildStatement(db: DbOrTx, clientId: string, company: string, { from, to }: Period): Promise<Statement> {
  const rows = await db
    .select({
      invoiceNumber: invoices.invoiceNumber,
      description: invoices.description,
      amountCents: invoices.amountCents,
      paidCents: sql<number>`${invoicePaidCents}::bigint`.mapWith(Number),
      date: statementDate,
      paidDate: invoices.paidDate,
      updatedDate: sql<string>`((${invoices.updatedAt} at time zone 'UTC')::date)::text`,
      paymentSchedule: invoices.paymentSchedule,
    })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), invoiceIsBilled, sql`${statementDate} <= ${to}`))
    .orderBy(statementDate, invoices.invoiceNumber);

  let openingCents = 0;
  const inPeriod: Omit<StatementLine, "balanceCents">[] = [];
  for (const row of rows) {
    if (row.date < from) openingCents += row.amountCents;
    else
      inPeriod.push({
        date: row.date,
        kind: "invoice",
        invoiceNumber: row.invoiceNumber,
        description: row.description,
        invoicedCents: row.amountCents,
        paidCents: 0,
      });
    for (const payment of invoicePayments(row)) {
      if (payment.date < from) openingCents -= payment.cents;
      else if (payment.date <= to)
        inPeriod.push({
          date: payment.date,
          kind: "payment",
          invoiceNumber: row.invoiceNumber,
          description: payment.label,
          invoicedCents: 0,
          paidCents: payment.cents,
        });
    }
  }
  // Date order; on one day the invoices before the payments, each by number (a stable statement).
  inPeriod.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.kind === b.kind ? 0 : a.kind === "invoice" ? -1 : 1) ||
      a.invoiceNumber.localeCompare(b.invoiceNumber),
  );
  let balance = openingCents;
  let invoicedCents = 0;
  let paidCents = 0;
  const lines = inPeriod.map((line) => {
    invoicedCents += line.invoicedCents;
    paidCents += line.paidCents;
    balance += line.invoicedCents - line.paidCents;
    return { ...line, balanceCents: balance };
  });
  return { company, from, to, openingCents, invoicedCents, paidCents, closingCents: balance, lines };
}

/** The firm's download of a company's statement is in the company's access log (docs/PRODUCT.md#portal-access-log). */
async function recordDownload(db: DbOrTx, actor: AdminActor | ClientActor, clientId: string, { from, to }: Period) {
  await recordFirmAccess(db, {
    actor,
    action: "export.client_statement",
    clientIds: [clientId],
    entityType: "export",
    after: { name: `Statement ${from} to ${to}` },
  });
}

/** The signed-in client's own statement (the client from the session only); refused to a member without Billing. */
export async function getPortalStatement(db: DbOrTx, { actor, from, to }: { actor: ClientActor } & Period): Promise<Statement> {
  assertClient(actor);
  assertBillingVisible(actor);
  const statement = await buildStatement(db, actor.clientId, actor.company, { from, to });
  await recordDownload(db, actor, actor.clientId, { from, to });
  return statement;
}

/** Any company's statement, for the firm; an unknown company is a 404. */
export async function getAdminStatement(
  db: DbOrTx,
  { actor, clientId, from, to }: { actor: AdminActor; clientId: string } & Period,
): Promise<Statement> {
  assertAdmin(actor);
  const client = await findCompany(db, clientId);
  if (!client) throw new AppError("not_found", CLIENT_NOT_FOUND);
  const statement = await buildStatement(db, clientId, client.company, { from, to });
  await recordDownload(db, actor, clientId, { from, to });
  return statement;
}

/** One row of the statement's CSV: the opening balance, each line, the closing balance. */
export type StatementCsvRow = {
  date: string;
  type: "Opening balance" | "Invoice" | "Payment" | "Closing balance";
  invoiceNumber: string | null;
  description: string | null;
  invoicedCents: number | null;
  paidCents: number | null;
  balanceCents: number;
};

/** The statement's CSV rows, as the one page `csvResponse` streams. */
export async function* statementCsvPages(statement: Statement): AsyncGenerator<StatementCsvRow[]> {
  const edge = (type: "Opening balance" | "Closing balance", date: string, balanceCents: number): StatementCsvRow => ({
    date,
    type,
    invoiceNumber: null,
    description: null,
    invoicedCents: null,
    paidCents: null,
    balanceCents,
  });
  yield [
    edge("Opening balance", statement.from, statement.openingCents),
    ...statement.lines.map((line): StatementCsvRow => ({
      date: line.date,
      type: line.kind === "invoice" ? "Invoice" : "Payment",
      invoiceNumber: line.invoiceNumber,
      description: line.description,
      invoicedCents: line.kind === "invoice" ? line.invoicedCents : null,
      paidCents: line.kind === "payment" ? line.paidCents : null,
      balanceCents: line.balanceCents,
    })),
    edge("Closing balance", statement.to, statement.closingCents),
  ];
}
