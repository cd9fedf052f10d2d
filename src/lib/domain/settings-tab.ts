// The portal's Settings in sections (docs/PRODUCT.md#portal-settings): one id each, kept in the URL
// as ?section=settings&tab=<id>. The server reads and renders only the section the URL names.
export const SETTINGS_TABS = [
  "profile",
  "company",
  "team",
  "security",
  "sso",
  "integrations",
  "api",
  "access-log",
  "sharing",
  "notifications",
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Each section's name in Settings' navigation. */
export const SETTINGS_TAB_LABELS: Record<SettingsTab, string> = {
  profile: "Profile",
  company: "Company",
  team: "Team",
  security: "Security",
  sso: "Single sign-on",
  integrations: "Integrations",
  api: "API and webhooks",
  "access-log": "Access log",
  sharing: "Sharing",
  notifications: "Notifications",
};

/** The company's sections: its owners' alone (a viewing admin sees them read only). */
const OWNER_TABS: ReadonlySet<SettingsTab> = new Set(["team", "sso", "integrations", "api", "access-log", "sharing"]);

/**
 * Who is looking: an owner sees every section; a member the personal ones, and Sharing too while
 * the owners let members share (and have not withheld the reports from them).
 */
export type SettingsViewer = { isOwner: boolean; memberShares?: boolean };

/** The sections this person sees, in order. */
export function settingsTabsFor({ isOwner, memberShares = false }: SettingsViewer): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => isOwner || !OWNER_TABS.has(tab) || (tab === "sharing" && memberShares));
}

/** The section the URL names; an unknown one, or one this person may not see, is the first. */
export function parseSettingsTab(value: string | null | undefined, viewer: SettingsViewer): SettingsTab {
  return settingsTabsFor(viewer).find((tab) => tab === value) ?? SETTINGS_TABS[0];
}

/** The address of a Settings section (a fragment names a card in it: `#sessions`). */
export function settingsHref(tab: SettingsTab, fragment?: string): string {
  return `/client-portal?section=settings&tab=${tab}${fragment ? `#${fragment}` : ""}`;
}
