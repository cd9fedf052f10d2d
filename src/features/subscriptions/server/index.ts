import "server-only";
// The subscriptions module's public face: everything outside src/features/subscriptions/server imports from here (README.md).

export { getSubscriptionStats, getUnbilledMrr, listAdminSubscriptions, listClientSubscriptionsForAdmin } from "./admin-subscriptions";
export {
  getPortalPlanState,
  listActiveTiers,
  type BillingWaitReason,
  type PortalPlanRequest,
  type PortalSubscription,
  type PortalTier,
} from "./portal-plans";
export { listAdminPlans, moveSupportPlan, saveSupportPlan, setSupportPlanRetired, type AdminPlan } from "./admin-plans";
export { decideSubscription } from "./subscription-decisions";
export { cancelOwnSubscription, requestSubscription, switchOwnPlan } from "./subscription-requests";
export { runSubscriptionBilling } from "./subscription-billing";
export { subscriptionMetrics, type MetricRow, type SubscriptionMetrics, unbilledMrrNote } from "./plan-metrics";
export { subscriptionJobs } from "./jobs";
export { getMrrByMonth } from "./mrr-chart";
export { squareSubscriptionKnown } from "./subscription-refs";
// What Square's sync, webhook and customer screens read and write of the rows (square's port, handed over at start).
export { squareSubscriptionsPort } from "./square-port";
