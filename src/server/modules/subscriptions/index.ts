import "server-only";
// The subscriptions module's public face: everything outside src/server/modules/subscriptions imports from here (README.md).

export { getSubscriptionStats, listAdminSubscriptions } from "./admin-subscriptions";
export { getActiveSubscription, listActiveTiers, type PortalSubscription, type PortalTier } from "./portal-plans";
