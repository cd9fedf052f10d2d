// Readable labels of audit actions, for the dashboard's Recent Activity and the audit log
// (docs/PRODUCT.md#admin-dashboard). An action without a label shows its code.

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "account.two_factor_enabled": "Turned on two-factor sign-in",
  "account.two_factor_disabled": "Turned off two-factor sign-in",
  "account.two_factor_reset": "Reset two-factor sign-in",
  "account.backup_codes_regenerated": "Made new backup codes",
  "account.backup_code_used": "Signed in with a backup code",
  "account.password_changed": "Changed password",
  "account.session_revoked": "Signed out a session",
  "account.other_sessions_revoked": "Signed out all other sessions",
  "client.two_factor_requirement": "Changed a client's two-factor requirement",
  "client.create": "Created a client",
  "client.settings.update": "Updated client settings",
  "client.billing_email": "Changed a client's billing e-mail",
  "client.view_as.start": "Started viewing a client's portal",
  "client.view_as.end": "Stopped viewing a client's portal",
  "client_rates.replace": "Updated client rates",
  "booking.approve": "Approved a booking",
  "booking.decline": "Declined a booking",
  "booking.complete": "Completed a booking",
  "document.upload": "Uploaded a document",
  "document.delete": "Deleted a document",
  "inquiry.read": "Read an inquiry",
  "inquiry.link_client": "Linked an inquiry to a client",
  "invoice.unlink": "Unlinked an invoice",
  "mail.retry": "Retried a failed e-mail",
  "message_thread.create": "Started a message thread",
  "message_thread.status": "Changed a thread's status",
  "notifications.preferences": "Changed notification preferences",
  "project.create": "Created a project",
  "project.update": "Updated a project",
  "project.status": "Changed a project's status",
  "project.link_invoices": "Linked invoices to a project",
  "square.connect": "Connected Square",
  "square.reconnect": "Reconnected Square",
  "square.disconnect": "Disconnected Square",
  "square.sync": "Synced Square invoices",
  "square.customer_linked": "Linked a Square customer",
  "square.customer_unlinked": "Unlinked a Square customer",
  "square.customer_ignored": "Ignored a Square customer",
  "square.customer_unignored": "Stopped ignoring a Square customer",
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}
