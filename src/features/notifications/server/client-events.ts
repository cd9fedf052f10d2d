import "server-only";
import { DOCUMENT_CATEGORY_LABELS, type DocumentCategory } from "@/lib/domain/document-category";
import { PROJECT_STATUS_LABELS, type ProjectStatus } from "@/lib/domain/project-status";
import { formatCents, formatDate } from "@/lib/format";
import type { DbOrTx } from "@/server/core/db/client";
import { appLink, notifyAdmins, notifyClient, type NotificationEvent } from "./notify";
import type { NotificationContent } from "./mail-layout";

type ClientEvent = Omit<NotificationEvent, "content"> & { content: (company: string) => NotificationContent };

// The client mails of docs/PRODUCT.md#notifications. Each is keyed by its event, so calling one
// twice for the same event (a retry, a re-sync, another instance) queues nothing more.

const portal = (section: string) => appLink(`/client-portal?section=${section}`);

export async function notifyDocumentShared(
  db: DbOrTx,
  doc: { id: string; clientId: string; name: string; category: DocumentCategory },
): Promise<void> {
  await notifyClient(db, doc.clientId, {
    key: `document:${doc.id}`,
    category: "documents",
    kind: "notify_document",
    content: (company) => ({
      subject: `New document: ${doc.name}`,
      greetingName: company,
      paragraphs: [`A new document was shared with ${company} in your client portal.`],
      facts: [
        ["Document", doc.name],
        ["Category", DOCUMENT_CATEGORY_LABELS[doc.category]],
      ],
      action: { label: "Open your documents", url: portal("documents") },
    }),
  });
}

export type InvoiceFacts = {
  id: string;
  clientId: string;
  invoiceNumber: string;
  amountCents: number;
  dueDate: string | null;
  squarePaymentUrl: string | null;
  totalPaidCents?: number;
};

const payAction = (invoice: InvoiceFacts) =>
  invoice.squarePaymentUrl
    ? { label: `Pay invoice ${invoice.invoiceNumber}`, url: invoice.squarePaymentUrl }
    : { label: "Open billing", url: portal("billing") };

export async function notifyNewInvoice(db: DbOrTx, invoice: InvoiceFacts): Promise<void> {
  await notifyClient(db, invoice.clientId, newInvoiceEvent(invoice));
}

export const newInvoiceEvent = (invoice: InvoiceFacts): ClientEvent => ({
  key: `invoice-new:${invoice.id}`,
  category: "invoices",
  kind: "notify_invoice_new",
  content: (company) => ({
    subject: `New invoice ${invoice.invoiceNumber}: ${formatCents(invoice.amountCents)}${invoice.dueDate ? `, due ${formatDate(invoice.dueDate)}` : ""}`,
    greetingName: company,
    paragraphs: [`A new invoice for ${company} is ready in your client portal.`],
    facts: [
      ["Invoice", invoice.invoiceNumber],
      ["Amount", formatCents(invoice.amountCents)],
      ["Due date", invoice.dueDate ? formatDate(invoice.dueDate) : "Not set"],
    ],
    action: payAction(invoice),
  }),
});

/** Reminder `n` (1 to 3) of an overdue invoice: each number is its own event. */
export async function notifyInvoiceOverdue(db: DbOrTx, invoice: InvoiceFacts, n: number): Promise<string[]> {
  return notifyClient(db, invoice.clientId, overdueEvent(invoice, n));
}

export const overdueEvent = (invoice: InvoiceFacts, n: number): ClientEvent => ({
  key: `invoice-overdue:${invoice.id}:${n}`,
  category: "invoices",
  kind: "notify_invoice_overdue",
  content: (company) => ({
    subject: n === 1 ? `Invoice ${invoice.invoiceNumber} is overdue` : `Reminder: invoice ${invoice.invoiceNumber} is overdue`,
    greetingName: company,
    paragraphs: [
      `Invoice ${invoice.invoiceNumber} for ${company} was due on ${formatDate(invoice.dueDate)} and is not paid yet.`,
      "If you have paid it in the meantime, thank you, and please ignore this reminder.",
    ],
    facts: [
      ["Invoice", invoice.invoiceNumber],
      ["Amount", formatCents(invoice.amountCents)],
      ["Due date", formatDate(invoice.dueDate)],
    ],
    action: payAction(invoice),
  }),
});

export async function notifyInvoicePaid(db: DbOrTx, invoice: InvoiceFacts): Promise<void> {
  await notifyClient(db, invoice.clientId, {
    key: `invoice-paid:${invoice.id}`,
    category: "invoices",
    kind: "notify_invoice_paid",
    content: (company) => ({
      subject: `Receipt: invoice ${invoice.invoiceNumber} is paid`,
      greetingName: company,
      paragraphs: [`Thank you. We have received the payment of invoice ${invoice.invoiceNumber} for ${company}.`],
      facts: [
        ["Invoice", invoice.invoiceNumber],
        ["Amount paid", formatCents(invoice.totalPaidCents ?? invoice.amountCents)],
      ],
      action: { label: "Open billing", url: portal("billing") },
    }),
  });
}

export async function notifyProjectStatus(
  db: DbOrTx,
  project: { id: string; clientId: string; projectName: string; from: ProjectStatus; to: ProjectStatus; changeId: string },
): Promise<void> {
  await notifyClient(db, project.clientId, {
    // One mail per change (the audit row names it), not per status: a project can come back.
    key: `project-status:${project.id}:${project.changeId}`,
    category: "projects",
    kind: "notify_project_status",
    content: (company) => ({
      subject: `Project ${project.projectName} is now ${PROJECT_STATUS_LABELS[project.to]}`,
      greetingName: company,
      paragraphs: [
        `The status of ${company}'s project ${project.projectName} changed from ${PROJECT_STATUS_LABELS[project.from]} to ${PROJECT_STATUS_LABELS[project.to]}.`,
      ],
      action: { label: "Open your projects", url: portal("projects") },
    }),
  });
}

export { notifyAdmins };
