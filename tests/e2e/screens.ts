// Every screen, by who reaches it: the lists the layout and accessibility specs walk.
import type { Locator, Page } from "@playwright/test";

export const PUBLIC_PAGES = [
  "/",
  "/privacy-policy",
  "/terms-of-service",
  "/client-portal",
  "/admin/login",
  "/forgot-password",
  "/reset-password?token=not-a-token",
  "/unsubscribe?token=not-a-token",
  "/dev/mail",
];

/** Every portal section, as the demo client (`?section=` values). */
export const PORTAL_SECTIONS = [
  "overview",
  "projects",
  "billing",
  "rates",
  "settings",
  "book-service",
  "documents",
  "messages",
  "findings",
  "retainer",
  // Acme's overdue critical finding, with its Markdown, timeline, comments and the remediation forms.
  "findings&finding=00000000-0000-4000-8000-f10000000002",
  // Acme's measured jailbreak: its rates and chart, the version run now, the reproducer and the run upload.
  "findings&finding=00000000-0000-4000-8000-f10000000011",
  // Acme's gateway project, opened from its card (docs/PRODUCT.md#portal-project-view).
  "projects&project=00000000-0000-4000-8000-c00000000001",
  // INV-1001, opened from Billing (docs/PRODUCT.md#invoice-page).
  "billing&invoice=00000000-0000-4000-8000-e00000000001",
];

/** The portal's pages beside its sections, as the demo client (an owner). */
export const PORTAL_PAGES = ["/client-portal/api-reference", "/client-portal/analytics"];

/**
 * What a person sees once a screen is there: its main heading, or for the API reference the viewer's
 * own title, which the browser renders after the page (the page's heading comes long before it).
 */
export function screenShown(page: Page, path: string): Locator {
  if (path === "/client-portal/api-reference")
    return page.getByRole("main", { name: /^API documentation for / }).getByRole("heading", { level: 1 });
  return page.getByRole("heading", { level: 1 }).first();
}

/** Every admin page, as the demo admin. */
export const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/clients",
  "/admin/client-rates",
  "/admin/projects",
  "/admin/subscriptions",
  "/admin/documents",
  "/admin/unmatched-invoices",
  "/admin/account",
  "/admin/messages",
  "/admin/engagements",
  "/admin/retainers",
  "/admin/findings",
  "/admin/analytics",
  "/admin/findings?projectId=00000000-0000-4000-8000-c00000000001",
  "/admin/findings/00000000-0000-4000-8000-f10000000002",
  // The measured jailbreak: its measurements by model version and the retest with counts.
  "/admin/findings/00000000-0000-4000-8000-f10000000011",
  "/admin/findings/templates",
  // The LLM Gateway's evidence (docs/PRODUCT.md#evidence-packs) and the firm's test plans.
  "/admin/engagements/00000000-0000-4000-8000-c00000000001/evidence",
  "/admin/test-plans",
  "/admin/findings/templates/00000000-0000-4000-8000-f30000000001",
  "/admin/invoices/00000000-0000-4000-8000-e00000000001",
  // Acme's client page (docs/PRODUCT.md#admin-client-page).
  "/admin/clients/00000000-0000-4000-8000-00000000a001",
  "/admin/inquiries",
  "/admin/bookings",
  "/admin/audit",
  "/admin/operations",
  "/admin/invoices",
  "/admin/settings",
];
