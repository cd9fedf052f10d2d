import "server-only";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatCents, formatDate } from "@/lib/format";
import { invoiceDue } from "@/lib/invoice-due";
import { scheduleEntryLabels, scheduleEntryState } from "@/lib/schedule";
import type { AdminActor, ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { type FirmDetails, getFirmDetails } from "@/features/settings/server";
import { getAdminInvoice, getPortalInvoice, type InvoiceDetail, requireInvoice } from "./invoice-detail";

// The invoice as a PDF (docs/PRODUCT.md#invoice-page), drawn on the server from the same data as
// its page: the firm (Settings), the client, the lines of the Square order, the totals with what is
// paid and still due, and the payment schedule. Standard Helvetica: text it cannot draw prints "?".

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const RIGHT = PAGE.width - MARGIN;
const INK = rgb(0.12, 0.16, 0.27);
const MUTED = rgb(0.36, 0.4, 0.47);
const RULE = rgb(0.85, 0.87, 0.9);

// Helvetica's encoding (WinAnsi): Latin-1 and a few typographic marks; anything else becomes "?".
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const drawable = (text: string) =>
  [...text.replace(/\t/g, " ").replace(/[\r\n]+/g, " ")]
    .map((c) => {
      const code = c.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c) ? c : "?";
    })
    .join("");

type Style = { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> };

class InvoiceWriter {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** Moves down a line of `height`, starting a page when it would not fit. */
  line(height: number) {
    if (this.y - height < MARGIN) this.newPage();
    this.y -= height;
  }

  font(style: Style) {
    return style.bold ? this.bold : this.regular;
  }

  width(text: string, style: Style = {}) {
    return this.font(style).widthOfTextAtSize(drawable(text), style.size ?? 10);
  }

  at(text: string, x: number, style: Style = {}) {
    this.page.drawText(drawable(text), { x, y: this.y, size: style.size ?? 10, font: this.font(style), color: style.color ?? INK });
  }

  /** Right-aligned so that the text ends at x. */
  endAt(text: string, x: number, style: Style = {}) {
    this.at(text, x - this.width(text, style), style);
  }

  /** Words wrapped to `width`, one line each. */
  wrap(text: string, width: number, style: Style = {}): string[] {
    const lines: string[] = [];
    let current = "";
    for (const word of drawable(text).split(/\s+/).filter(Boolean)) {
      const next = current ? `${current} ${word}` : word;
      if (this.width(next, style) <= width || !current) current = next;
      else {
        lines.push(current);
        current = word;
      }
    }
    if (current) lines.push(current);
    return lines.length > 0 ? lines : [""];
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 4 }, end: { x: RIGHT, y: this.y - 4 }, thickness: 0.5, color: RULE });
  }
}

const COLUMNS = { qty: 340, unit: 430, amount: RIGHT };

/** The PDF's bytes: the same figures the invoice page shows. */
export async function renderInvoicePdf(invoice: InvoiceDetail, firm: FirmDetails): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.invoiceNumber}`);
  pdf.setAuthor(firm.name);
  const w = new InvoiceWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  const due = invoiceDue(invoice);

  // The firm and the invoice's number.
  w.line(18);
  w.at(firm.name, MARGIN, { size: 16, bold: true });
  w.endAt("INVOICE", RIGHT, { size: 16, bold: true });
  for (const part of (firm.address ?? "").split(/\r?\n/).filter((p) => p.trim() !== "")) {
    w.line(13);
    w.at(part.trim(), MARGIN, { color: MUTED });
  }
  w.line(22);
  w.at("Bill to", MARGIN, { bold: true });
  w.endAt(`Invoice ${invoice.invoiceNumber}`, RIGHT, { bold: true });
  const facts: [string, string][] = [
    ["Issued", formatDate(invoice.issuedDate)],
    ["Due", formatDate(invoice.dueDate)],
    ["Status", due.label],
  ];
  if (invoice.serviceDate) facts.push(["Service date", formatDate(invoice.serviceDate)]);
  const left = [invoice.company ?? "—", ...(invoice.projectName ? [`Project: ${invoice.projectName}`] : [])];
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
export async function portalInvoicePdf(db: DbOrTx, scope: { actor: ClientActor; invoiceId: string }): Promise<InvoicePdf> {
  const invoice = await requireInvoice(getPortalInvoice, db, scope);
  return { bytes: await renderInvoicePdf(invoice, await getFirmDetails(db)), filename: fileName(invoice) };
}

/** Any invoice as a PDF, for the firm. */
export async function adminInvoicePdf(db: DbOrTx, scope: { actor: AdminActor; invoiceId: string }): Promise<InvoicePdf> {
  const invoice = await requireInvoice(getAdminInvoice, db, scope);
  return { bytes: await renderInvoicePdf(invoice, await getFirmDetails(db)), filename: fileName(invoice) };
}
