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
  "export.report": "Generated a report of your findings",
  "authorization.view": "Viewed an engagement's authorization",
  "authorization.pdf.download": "Downloaded a signed authorization",
  "attestation_letters.view": "Viewed your attestation letters",
  "attestation_letter.download": "Downloaded an attestation letter",
  "retainers.view": "Viewed your retainer",
  "engagements.view": "Viewed your engagements",
  "analytics.view": "Viewed your remediation analytics",
  "finding.regressed": "Your CI's run found a fixed finding again (Regressed)",
  "share.created": "Shared documents",
  "share.revoked": "Revoked a share",
  "share.recipient_revoked": "Revoked a recipient's access",
  "share.extended": "Extended a share",
  "share.link_sent": "Sent a recipient a new sign-in link",
  "share.nda_accepted": "A recipient accepted the NDA",
  "share.viewed": "A recipient viewed a shared page",
  "share.downloaded": "A recipient downloaded a stamped copy",
};

/**
 * The kinds an owner filters the access log by (docs/PRODUCT.md#portal-access-log); every action of
 * the log is of exactly one (a unit test holds it to the audit module's list).
 */
export const ACCESS_LOG_KINDS = [
  { value: "views", label: "Portal views", actions: ["client.view_as.start", "client.view_as.end"] },
  {
    value: "pages",
    label: "Pages and conversations",
    actions: [
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
    ],
  },
  {
    value: "downloads",
    label: "Downloads",
    actions: [
      "document.download",
      "attachment.download",
      "evidence.download",
      "report.download",
      "authorization.pdf.download",
      "attestation_letter.download",
    ],
  },
  {
    value: "exports",
    label: "Exports",
    actions: [
      "export.clients",
      "export.projects",
      "export.invoices",
      "export.client_invoices",
      "export.client_statement",
      "export.findings",
      "export.report",
    ],
  },
  { value: "regressions", label: "Regressions", actions: ["finding.regressed"] },
  {
    value: "sharing",
    label: "Sharing",
    actions: [
      "share.created",
      "share.revoked",
      "share.recipient_revoked",
      "share.extended",
      "share.link_sent",
      "share.nda_accepted",
      "share.viewed",
      "share.downloaded",
    ],
  },
] as const;
export type AccessLogKind = (typeof ACCESS_LOG_KINDS)[number]["value"];
export const ACCESS_LOG_KIND_VALUES = ACCESS_LOG_KINDS.map((k) => k.value) as [AccessLogKind, ...AccessLogKind[]];

export function accessLogLabel(action: string): string {
  return ACCESS_LOG_LABELS[action] ?? action;
}
