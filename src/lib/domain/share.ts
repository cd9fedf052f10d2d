// Sharing with third parties (docs/PRODUCT.md#sharing-with-third-parties): what can be shared, how,
// under which NDA, and what a recipient did.

/**
 * The kinds of item a share holds. Each kind has one resolver in the sharing module
 * (server/item-kinds.ts): a new kind is a value here, its resolver there, and a migration (the CHECK).
 */
export const SHARE_ITEM_KINDS = ["report", "letter", "evidence_pack", "retest_summary"] as const;
export type ShareItemKind = (typeof SHARE_ITEM_KINDS)[number];
export const SHARE_ITEM_KIND_LABELS: Record<ShareItemKind, string> = {
  report: "Report",
  letter: "Attestation letter",
  evidence_pack: "Evidence pack",
  retest_summary: "Retest summary",
};
/** The kinds as the share form groups them. */
export const SHARE_ITEM_KIND_GROUP_LABELS: Record<ShareItemKind, string> = {
  report: "Reports",
  letter: "Attestation letters",
  evidence_pack: "Evidence packs",
  retest_summary: "Retest summaries",
};

/** View-only (pages as images, no file leaves the server) or download (a stamped copy). */
export const SHARE_MODES = ["view", "download"] as const;
export type ShareMode = (typeof SHARE_MODES)[number];
export const SHARE_MODE_LABELS: Record<ShareMode, string> = { view: "View only", download: "View and download" };

/** No NDA, the firm's standard clickwrap NDA, or the company's own text. */
export const SHARE_NDA_KINDS = ["none", "standard", "own"] as const;
export type ShareNdaKind = (typeof SHARE_NDA_KINDS)[number];
export const SHARE_NDA_KIND_LABELS: Record<ShareNdaKind, string> = {
  none: "No NDA",
  standard: "The firm's standard NDA",
  own: "Our own NDA text",
};

/** What a recipient did with an item: opened a page of it, or downloaded a stamped copy. */
export const SHARE_EVENT_KINDS = ["view", "download"] as const;
export type ShareEventKind = (typeof SHARE_EVENT_KINDS)[number];

/** An expiry's bounds in days, and the default. */
export const SHARE_EXPIRY_DAYS = { min: 7, max: 365, default: 30 } as const;
