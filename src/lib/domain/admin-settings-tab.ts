// The admin's Settings and Account in sections (docs/PRODUCT.md#admin-settings,
// docs/PRODUCT.md#account-security): one id each, kept in the URL as ?tab=<id>; an unknown one is the
// page's default (Settings: the first; Account: Security).
export const ADMIN_SETTINGS_TABS = ["plans", "firm", "security", "findings", "mail"] as const;
export type AdminSettingsTab = (typeof ADMIN_SETTINGS_TABS)[number];

export const ADMIN_SETTINGS_TAB_LABELS: Record<AdminSettingsTab, string> = {
  plans: "Plans and payments",
  firm: "Firm and rates",
  security: "Client security",
  findings: "Findings and reports",
  mail: "Mail",
};

export const ADMIN_ACCOUNT_TABS = ["profile", "security", "notifications"] as const;
export type AdminAccountTab = (typeof ADMIN_ACCOUNT_TABS)[number];

export const ADMIN_ACCOUNT_TAB_LABELS: Record<AdminAccountTab, string> = {
  profile: "Profile",
  security: "Security",
  notifications: "Notifications",
};

/** The tab of `tabs` the address names, else `fallback` (the first, unless a page says otherwise). */
export function parseTab<T extends string>(tabs: readonly T[], value: string | string[] | undefined, fallback: T = tabs[0]!): T {
  const wanted = Array.isArray(value) ? value[0] : value;
  return tabs.find((tab) => tab === wanted) ?? fallback;
}
