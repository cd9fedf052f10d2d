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

/** Who downloaded a document: someone of the client's company, or of the firm (an admin). */
export const DOWNLOAD_SIDES = ["client", "firm"] as const;
export type DownloadSide = (typeof DOWNLOAD_SIDES)[number];

/** How many downloads of one document a list shows (the newest); the admin's count says how many in all. */
export const DOWNLOADS_SHOWN = 20;
