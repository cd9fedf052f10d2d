// The client portal's sections (docs/PRODUCT.md#portal-frame-and-navigation): one id each, kept in
// the URL as ?section=<id>. The server loads and renders only the section the URL names.
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
] as const;
export type PortalSection = (typeof PORTAL_SECTIONS)[number];

export function parseSection(value: string | null | undefined): PortalSection {
  return PORTAL_SECTIONS.find((section) => section === value) ?? "overview";
}

/** Each section's heading, which is also its browser tab's title. */
export const PORTAL_SECTION_TITLES: Record<PortalSection, string> = {
  overview: "Dashboard Overview",
  projects: "My Projects",
  billing: "Billing & Invoices",
  rates: "Contracting Rates",
  settings: "Account Settings",
  "book-service": "Book New Service",
  documents: "Document Library",
  messages: "Messages",
  findings: "Findings",
  retainer: "Retainer Hours",
};
