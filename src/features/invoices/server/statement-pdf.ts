import "server-only";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { formatCents, formatDate } from "@/lib/format";
import type { AdminActor, ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { type FirmDetails, getFirmDetails } from "@/features/settings/server";
import { MARGIN, MUTED, PdfWriter, RIGHT } from "@/server/core/pdf-writer";
import { getAdminStatement, getPortalStatement, type Statement } from "./statement";

// The statement as a PDF (docs/PRODUCT.md#statements): the firm (Settings), the company and the
// period, the four figures, then every invoice and payment of the period with the running balance.

const COLUMNS = { type: 122, invoice: 190, invoiced: 400, paid: 465, balance: RIGHT };

export async function renderStatementPdf(statement: Statement, firm: FirmDetails): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Statement ${statement.from} to ${statement.to}`);
  pdf.setAuthor(firm.name);
  const w = new PdfWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  w.firmHeader(firm, "STATEMENT");

  w.line(22);
  w.at("Statement for", MARGIN, { bold: true });
  w.endAt(`${formatDate(statement.from)} to ${formatDate(statement.to)}`, RIGHT, { bold: true });
  w.line(14);
  w.at(statement.company, MARGIN);

  // The four figures.
  const figures: [string, number, boolean][] = [
    [`Opening balance (${formatDate(statement.from)})`, statement.openingCents, false],
    ["Invoiced in the period", statement.invoicedCents, false],
    ["Paid in the period", statement.paidCents, false],
    [`Closing balance (${formatDate(statement.to)})`, statement.closingCents, true],
  ];
  w.line(10);
  for (const [label, cents, strong] of figures) {
    w.line(strong ? 18 : 15);
    w.at(label, MARGIN, { bold: strong });
    w.endAt(formatCents(cents), COLUMNS.balance, { bold: strong });
  }

  // The lines of the period.
  w.line(30);
  const head = { bold: true, size: 9, color: MUTED };
  const heading = () => {
    w.at("DATE", MARGIN, head);
    w.at("TYPE", COLUMNS.type, head);
    w.at("INVOICE", COLUMNS.invoice, head);
    w.endAt("INVOICED", COLUMNS.invoiced, head);
    w.endAt("PAID", COLUMNS.paid, head);
    w.endAt("BALANCE", COLUMNS.balance, head);
    w.rule();
  };
  heading();
  w.line(16);
  w.at(formatDate(statement.from), MARGIN);
  w.at("Opening balance", COLUMNS.type);
  w.endAt(formatCents(statement.openingCents), COLUMNS.balance);
  for (const line of statement.lines) {
    const page = w.page;
    w.line(16);
    if (w.page !== page) {
      heading();
      w.line(16);
    }
    w.at(formatDate(line.date), MARGIN);
    w.at(line.kind === "invoice" ? "Invoice" : "Payment", COLUMNS.type);
    const detail = line.description ? `${line.invoiceNumber} · ${line.description}` : line.invoiceNumber;
    w.at(w.fit(detail, COLUMNS.invoiced - COLUMNS.invoice - 70), COLUMNS.invoice);
    if (line.invoicedCents) w.endAt(formatCents(line.invoicedCents), COLUMNS.invoiced);
    if (line.paidCents) w.endAt(formatCents(line.paidCents), COLUMNS.paid);
    w.endAt(formatCents(line.balanceCents), COLUMNS.balance);
  }
  if (statement.lines.length === 0) {
    w.line(16);
    w.at("No invoices or payments in this period.", COLUMNS.type, { color: MUTED });
  }
  w.rule();
  w.line(18);
  w.at(formatDate(statement.to), MARGIN, { bold: true });
  w.at("Closing balance", COLUMNS.type, { bold: true });
  w.endAt(formatCents(statement.closingCents), COLUMNS.balance, { bold: true });
  return pdf.save();
}

export type StatementFile = { statement: Statement; bytes: Uint8Array; filename: string };

/** `statement-2026-01-01-to-2026-11-26.pdf` (or .csv). */
export const statementFileName = (statement: Pick<Statement, "from" | "to">, extension: "pdf" | "csv") =>
  `statement-${statement.from}-to-${statement.to}.${extension}`;

const asPdf = async (db: DbOrTx, statement: Statement): Promise<StatementFile> => ({
  statement,
  bytes: await renderStatementPdf(statement, await getFirmDetails(db)),
  filename: statementFileName(statement, "pdf"),
});

/** The signed-in client's statement as a PDF. */
export async function portalStatementPdf(db: DbOrTx, scope: { actor: ClientActor; from: string; to: string }) {
  return asPdf(db, await getPortalStatement(db, scope));
}

/** A company's statement as a PDF, for the firm. */
export async function adminStatementPdf(db: DbOrTx, scope: { actor: AdminActor; clientId: string; from: string; to: string }) {
  return asPdf(db, await getAdminStatement(db, scope));
}
