// Imports of another slice's table by a slice's code that are still to move behind that slice's door
// (checked by table-owners.test.ts; the list may only shrink). Each line: "importing slice → owner.table".
export const FOREIGN_TABLE_IMPORTS: readonly string[] = [
  "audit → clients.clients",
  "audit → identity.user",
  "identity → clients.clientPeople",
  "identity → clients.clients",
  "identity → settings.APP_SETTINGS_ID",
  "identity → sso.ssoDomains",
  "identity → sso.ssoProvider",
  "identity → sso.ssoSettings",
  "inquiries → clients.clients",
  "invoices → projects.projects",
  "invoices → subscriptions.clientSubscriptions",
  "invoices → subscriptions.subscriptionTiers",
  "notifications → operations.taskRuns",
  "rates → clients.clients",
  "square → subscriptions.clientSubscriptions",
];
