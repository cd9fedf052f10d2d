/** A document's category: the database CHECK, the upload form's zod enum and the labels. */
export const DOCUMENT_CATEGORIES = ["contract", "report", "deliverable", "invoice", "other"] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const DEFAULT_DOCUMENT_CATEGORY: DocumentCategory = "report";

export const DOCUMENT_CATEGORY_LABELS: Record<DocumentCategory, string> = {
  contract: "Contract",
  report: "Report",
  deliverable: "Deliverable",
  invoice: "Invoice",
  other: "Other",
};
