// The two legal pages' addresses and titles, which their pages, the footer, the sitemap and the
// CSP's list of prerendered pages share, and the date both carry (docs/PRODUCT.md#legal-pages).
// Each page's text is in its own page.tsx.

export const LEGAL_PAGES = {
  privacy: { path: "/privacy-policy", title: "Privacy Policy" },
  terms: { path: "/terms-of-service", title: "Terms of Service" },
} as const;

export type LegalPageKey = keyof typeof LEGAL_PAGES;

export const LEGAL_UPDATED = new Date("2025-10-14T00:00:00Z");

/** "October 14, 2025": the date as the pages show it. */
export const LEGAL_UPDATED_TEXT = LEGAL_UPDATED.toLocaleDateString("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
