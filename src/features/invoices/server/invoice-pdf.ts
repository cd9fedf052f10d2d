import "server-only";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { formatCents, formatDate } from "@/lib/format";
import { invoiceDue } from "@/lib/invoice-due";
import { scheduleEntryLabels, scheduleEntryState } from "@/lib/schedule";
import type { AdminActor, ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { type FirmDetails, getFirmDetails } from "@/features/settings/server";
import { getAdminInvoice, getPortalInvoice, type InvoiceDetail, type InvoiceScope, requireInvoice } from "./invoice-detail";
import { MARGIN, MUTED, PdfWriter, RIGHT } from "@/server/core/pdf-writer";

// The invoice as a PDF (docs/PRODUCT.md#invoice-page), drawn on the server from the same data as
// its page: the firm (Settings), the client, the lines of the Square order, the totals with what is
// paid and still due, and the payment schedule. Standard Helvetica: text it cannot draw prints "?".

const COLUMNS = { qty: 340, unit: 430, amount: RIGHT };

/** The PDF's bytes: the same figures the invoice page shows. */
export async function renderInvoicePdf(invoice: InvoiceDetail, firm: FirmDetails): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.invoiceNumber}`);
  pdf.setAuthor(firm.name);
  const w = new PdfWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  const due = invoiceDue(invoice);

  // The firm and the invoice's number.
  w.firmHeader(firm, "INVOICE");
  w.line(22);
  w.at("Bill to", MARGIN, { bold: true });
  w.endAt(`Invoice ${invoice.invoiceNumber}`, RIGHT, { bold: true });
  const facts: [string, string][] = [
    ["Issued", formatDate(invoice.issuedDate)],
    ["Due", formatDate(invoice.dueDate)],
    ["Status", due.label],
  ];
  if (invoice.serviceDate) facts.push(["Service date", formatDate(invoice.serviceDate)]);
  const address = (invoice.clientAddress ?? "")
    .split(/\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  const left = [invoice.company ?? "—", ...address, ...(invoice.projectName ? [`Project: ${invoice.projectName}`] : [])];
  for (let i = 0; i < Math.max(left.length, facts.length); i++) {
    w.line(14);
    if (left[i]) w.at(left[i]!, MARGIN);
    const fact = facts[i];
    if (fact) w.endAt(`${fact[0]}: ${fact[1]}`, RIGHT, { color: MUTED });
  }
  if (invoice.description) {
    w.line(20);
    for (const [i, piece] of w.wrap(invoice.description, RIGHT - MARGIN).entries()) {
      if (i > 0) w.line(13);
      w.at(piece, MARGIN);
    }
  }

  // The lines of the order.
  w.line(28);
  const head = { bold: true, size: 9, color: MUTED };
  w.at("ITEM", MARGIN, head);
  w.endAt("QTY", COLUMNS.qty, head);
  w.endAt("UNIT PRICE", COLUMNS.unit, head);
  w.endAt("AMOUNT", COLUMNS.amount, head);
  w.rule();
  if (invoice.lineItems.length === 0) {
    w.line(16);
    w.at(invoice.description ?? `Invoice ${invoice.invoiceNumber}`, MARGIN);
    w.endAt(formatCents(invoice.amountCents), COLUMNS.amount);
  }
  for (const item of invoice.lineItems) {
    const names = w.wrap(item.name, COLUMNS.qty - MARGIN - 50);
    w.line(16);
    w.at(names[0]!, MARGIN);
    w.endAt(item.quantity, COLUMNS.qty);
    w.endAt(formatCents(item.unitPriceCents), COLUMNS.unit);
    w.endAt(formatCents(item.totalCents), COLUMNS.amount);
    for (const more of names.slice(1)) {
      w.line(13);
      w.at(more, MARGIN);
    }
    if (item.note)
      for (const piece of w.wrap(item.note, COLUMNS.qty - MARGIN - 50, { size: 9 })) {
        w.line(12);
        w.at(piece, MARGIN + 8, { size: 9, color: MUTED });
      }
  }
  w.rule();

  // Totals.
  const totals: [string, string, boolean][] = [
    ["Total", formatCents(due.totalCents), false],
    ["Paid", formatCents(due.paidCents), false],
    ["Amount due", formatCents(due.dueCents), true],
  ];
  for (const [label, value, strong] of totals) {
    w.line(strong ? 18 : 15);
    w.endAt(label, COLUMNS.unit, { bold: strong });
    w.endAt(value, COLUMNS.amount, { bold: strong });
  }

  // The payment schedule.
  if (invoice.paymentSchedule.length > 0) {
    w.line(30);
    w.at("Payment schedule", MARGIN, { bold: true, size: 12 });
    const labels = scheduleEntryLabels(invoice.paymentSchedule);
    const STATE = { paid: "Paid", partial: "Partial", pending: "Pending" } as const;
    invoice.paymentSchedule.forEach((entry, i) => {
      const state = scheduleEntryState(entry);
      w.line(15);
      w.at(labels[i]!, MARGIN);
      w.at(`Due ${formatDate(entry.dueDate)}`, 220, { color: MUTED });
      w.endAt(formatCents(entry.computedAmountCents), COLUMNS.unit);
      w.endAt(state === "partial" ? `Partial (${formatCents(entry.totalCompletedAmountCents)} paid)` : STATE[state], COLUMNS.amount);
    });
  }
  if (due.next) {
    w.line(24);
    w.at(`Next payment: ${formatCents(due.next.cents)}${due.next.dueDate ? ` due ${formatDate(due.next.dueDate)}` : ""}`, MARGIN, {
      bold: true,
    });
  }
  return pdf.save();
}

export type InvoicePdf = { bytes: Uint8Array; filename: string };

const fileName = (invoice: InvoiceDetail) => `invoice-${invoice.invoiceNumber.replace(/[^A-Za-z0-9._-]+/g, "-")}.pdf`;

/** The client's own invoice as a PDF; another company's is a 404. */
export async function portalInvoicePdf(db: DbOrTx, scope: { actor: ClientActor } & InvoiceScope): Promise<InvoicePdf> {
  const invoice = await requireInvoice(getPortalInvoice, db, scope);
  return { bytes: await renderInvoicePdf(invoice, await getFirmDetails(db)), filename: fileName(invoice) };
}

/** Any invoice as a PDF, for the firm. */
export async function adminInvoicePdf(db: DbOrTx, scope: { actor: AdminActor } & InvoiceScope): Promise<InvoicePdf> {
  const invoice = await requireInvoice(getAdminInvoice, db, scope);
  return { bytes: await renderInvoicePdf(invoice, await getFirmDetails(db)), filename: fileName(invoice) };
}
