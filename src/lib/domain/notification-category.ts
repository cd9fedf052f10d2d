/**
 * What a person can be mailed about, one preference each (docs/PRODUCT.md#notifications). A new
 * category is one line here (and its label): the CHECK, the zod enum and the Settings list follow.
 */
export const NOTIFICATION_CATEGORIES = [
  "documents",
  "invoices",
  "bookings",
  "projects",
  "messages",
  "findings",
  "integrations",
  "admin_bookings",
  "admin_messages",
  "admin_failed_mail",
  "admin_findings",
  "admin_authorizations",
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export type NotificationAudience = "client" | "admin";

export const NOTIFICATION_CATEGORY_INFO: Record<
  NotificationCategory,
  { audience: NotificationAudience; label: string; description: string }
> = {
  documents: { audience: "client", label: "Documents", description: "A new document is shared with your company." },
  invoices: { audience: "client", label: "Invoices", description: "New invoices, overdue reminders and payment receipts." },
  bookings: { audience: "client", label: "Bookings", description: "Your booking requests are received, approved, declined or completed." },
  projects: { audience: "client", label: "Projects", description: "A project changes status." },
  messages: { audience: "client", label: "Messages", description: "The team writes to you in a conversation." },
  findings: {
    audience: "client",
    label: "Findings",
    description: "Findings are published, a retest has a result, or a risk acceptance is about to expire.",
  },
  integrations: {
    audience: "client",
    label: "API and webhooks",
    description: "Owners only: a webhook endpoint stops after failing for a day, or the firm revokes a token or stops an endpoint.",
  },
  admin_bookings: { audience: "admin", label: "New booking requests", description: "A client requests a service booking." },
  admin_messages: { audience: "admin", label: "Client messages", description: "A client writes in a conversation." },
  admin_failed_mail: { audience: "admin", label: "Failed mail digest", description: "Once a day, when mail could not be delivered." },
  admin_findings: { audience: "admin", label: "Retest requests", description: "A client asks for a finding to be retested." },
  admin_authorizations: {
    audience: "admin",
    label: "Signed authorizations",
    description: "A client's owner signs a testing authorization: it waits for your counter-signature.",
  },
};

export const categoriesFor = (audience: NotificationAudience): NotificationCategory[] =>
  NOTIFICATION_CATEGORIES.filter((category) => NOTIFICATION_CATEGORY_INFO[category].audience === audience);

/** "each": one mail per event; "daily": the day's events in one summary mail. */
export const NOTIFICATION_DELIVERIES = ["each", "daily"] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

export const NOTIFICATION_DELIVERY_LABELS: Record<NotificationDelivery, string> = {
  each: "One mail per event",
  daily: "A daily summary",
};
