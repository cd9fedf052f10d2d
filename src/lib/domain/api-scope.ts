// What a company API token may do (docs/PRODUCT.md#api-and-webhooks). A scope names a part of the
// portal and whether the token only reads it; a token never does more than a member of the
// company could in the portal, except the owner-only reads its scope names (the access log).

export const API_SCOPES = ["projects:read", "findings:read", "reports:read", "invoices:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** What each scope lets a token do, as the token form shows it. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "projects:read": "Read projects",
  "findings:read": "Read published findings, their timeline and retests",
  "reports:read": "Read reports' titles, versions and dates (a download stays in the portal)",
  "invoices:read": "Read invoices (refused while Billing is withheld from members)",
};

/** How long a new token lives: days, or "none" for a token that lives until revoked. */
export const API_TOKEN_LIFETIMES = ["30", "90", "365", "none"] as const;
export type ApiTokenLifetime = (typeof API_TOKEN_LIFETIMES)[number];
export const API_TOKEN_LIFETIME_LABELS: Record<ApiTokenLifetime, string> = {
  "30": "30 days",
  "90": "90 days",
  "365": "1 year",
  none: "No expiry (until revoked)",
};
/** A lifetime's days, null for none. */
export const lifetimeDays = (lifetime: ApiTokenLifetime): number | null => (lifetime === "none" ? null : Number(lifetime));

/** The start of every token's secret, so secret scanners can recognise a leaked one. */
export const API_TOKEN_PREFIX = "sai_pat_";
