import "server-only";
// The square module's public face: everything outside src/features/square/server imports from here (README.md).

export {
  getClientSquareCustomers,
  linkSquareCustomer,
  listCustomerConflicts,
  listIgnoredCustomers,
  listUnmatchedCustomers,
  setClientBillingEmail,
  setSquareCustomerIgnored,
  unlinkSquareCustomer,
  unmatchedInvoicesCount,
  type ClientSquareCustomers,
  type CustomerConflict,
  type IgnoredCustomer,
  type UnmatchedCustomer,
} from "./admin-square-customers";
export { requireSquareConfig, squareConfig, webhookNotificationUrl } from "./config";
export { hasSquareCustomerSql } from "./customer-refs";
export { disconnectSquare, getSquareStatus, type SquareStatus } from "./connection";
export { setDemoSquareConnection } from "./demo-connection";
export {
  canBillClientThroughSquare,
  createSquareInvoice,
  storeSquareInvoice,
  type BilledHoursLine,
  type BilledItemLine,
  type PublishedSquareInvoice,
  type SquareInvoiceLine,
  type SquareInvoiceRequest,
  type StoredClientInvoice,
} from "./invoice-create";
export { syncSquareInvoices } from "./invoice-sync";
export { createSquareSubscription, squareSubscriptionTarget, type SquareSubscriptionTarget } from "./subscription-create";
export { cancelSquareSubscription, swapSquareSubscriptionPlan } from "./plan-billing";
export { squareSubscriptionDashboardUrl, squareSubscriptionsDashboardUrl } from "./links";
export { handleSquareCallback } from "./oauth-callback";
export { startSquareAuthorization } from "./oauth";
export { assertSameSite, currentSessionId, squareOAuthAction } from "./request-guards";
export { handleSquareEvent, isValidSquareSignature, type SquareSubscriptionKnown } from "./webhook";
export { pruneSquareWebhookEvents } from "./webhook-retention";
export { provideSquarePorts, type SquarePorts, type SquareSubscriptionRow, type SquareSubscriptionUpdate } from "./ports";
