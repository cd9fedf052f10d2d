// What a company's access log shows (docs/PRODUCT.md#portal-access-log), on its own so that the
// writers and the hash chain (chain.ts) read it without importing each other.

/**
 * The firm's looks at a company's pages and conversations: in its access log and the audit log,
 * but not among the dashboard's Recent Activity, which an admin's own browsing would fill.
 */
export const FIRM_PAGE_LOOKS = [
  "client.page.view",
  "client.invoices.view",
  "client.documents.view",
  "client.findings.view",
  "finding.view",
  "message_thread.read",
  "authorization.view",
  "attestation_letters.view",
  "retainers.view",
  "engagements.view",
  "analytics.view",
] as const;

/** The share room's entries in the access log: the owners' changes and each recipient's acts. */
export const SHARE_ACCESS_ACTIONS = [
  "share.created",
  "share.revoked",
  "share.recipient_revoked",
  "share.extended",
  "share.link_sent",
  "share.nda_accepted",
  "share.viewed",
  "share.downloaded",
] as const;

/**
 * The firm's reads of a company's data that its owners see in their access log
 * (docs/PRODUCT.md#portal-access-log), besides the view-as-client start and end.
 */
export const FIRM_ACCESS_ACTIONS = [
  "client.view_as.start",
  "client.view_as.end",
  ...FIRM_PAGE_LOOKS,
  "document.download",
  "attachment.download",
  "evidence.download",
  "report.download",
  "export.clients",
  "export.projects",
  "export.invoices",
  "export.client_invoices",
  "export.client_statement",
  "export.findings",
  "export.report",
  "authorization.pdf.download",
  "attestation_letter.download",
  // Not the firm's access, but the owners' record all the same: a fix that did not hold, found by
  // their CI's run of a reproducer (docs/PRODUCT.md#measured-ai-findings), kept in the signed chain.
  "finding.regressed",
  // The company's own share room (docs/PRODUCT.md#sharing-with-third-parties): what its people
  // shared, and what each recipient did with it.
  ...SHARE_ACCESS_ACTIONS,
] as const;
export type FirmAccessAction = (typeof FIRM_ACCESS_ACTIONS)[number];
