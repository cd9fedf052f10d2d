// What a client company's owners read in their access log (docs/PRODUCT.md#portal-access-log): the
// firm's accesses to their data, in the client's words. Keys are audit actions.

export const ACCESS_LOG_LABELS: Record<string, string> = {
  "client.view_as.start": "Started viewing your portal",
  "client.view_as.end": "Stopped viewing your portal",
  "client.page.view": "Opened your company's page",
  "client.invoices.view": "Viewed your invoices",
  "client.documents.view": "Viewed your documents",
  "client.findings.view": "Viewed your findings",
  "finding.view": "Viewed a finding",
  "message_thread.read": "Read a conversation",
  "document.download": "Downloaded a document",
  "attachment.download": "Downloaded a message attachment",
  "evidence.download": "Downloaded a finding's evidence",
  "report.download": "Downloaded a report",
  "export.clients": "Exported the client list (with your company)",
  "export.projects": "Exported projects (with yours)",
  "export.invoices": "Exported invoices (with yours)",
  "export.client_invoices": "Exported your invoices",
  "export.client_statement": "Downloaded your statement",
  "export.findings": "Exported your findings",
};

export function accessLogLabel(action: string): string {
  return ACCESS_LOG_LABELS[action] ?? action;
}
