// What a company API token may do (docs/PRODUCT.md#api-and-webhooks). A scope names a part of the
// portal and whether the token only reads it. A token reads as a member of the company would; only
// owners make tokens, so the owner-only parts a scope names (the access log, accepting a risk,
// naming a remediation owner, managing webhooks) are granted by that scope alone.

export const API_SCOPES = [
  "projects:read",
  "findings:read",
  "findings:write",
  "reports:read",
  "invoices:read",
  "access-log:read",
  "webhooks:manage",
  "shares:read",
  "shares:write",
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The scopes that act with an owner's rights in their part of the portal. */
export const OWNER_RIGHTS_SCOPES: readonly ApiScope[] = [
  "findings:write",
  "access-log:read",
  "webhooks:manage",
  "shares:read",
  "shares:write",
];

/** What each scope lets a token do, as the token form shows it. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "projects:read": "Read projects",
  "findings:read": "Read published findings, their timeline and retests",
  "findings:write":
    "Comment on findings, ask for retests, accept risks, name remediation owners, record the model versions you run and post your CI's runs",
  "reports:read": "Read reports' and attestation letters' titles, versions, states and dates (a download stays in the portal)",
  "invoices:read": "Read invoices (refused while Billing is withheld from members)",
  "access-log:read": "Read the firm's access log with its chain's signed head",
  "webhooks:manage": "List, add and remove webhook endpoints",
  "shares:read": "Read the share room: shares, recipients, NDA acceptances, views and downloads",
  "shares:write": "Revoke shares (a new share is made in the portal, after a fresh proof)",
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
