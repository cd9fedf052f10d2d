// Which OAuth permissions (scopes) each Square call needs, as Square's API reference lists them,
// and which product feature makes which calls. The authorization URL asks for the union of the
// table, so a call added without its row asks for too little: src/features/square/tests/square-permissions.unit.test.ts
// reads the SDK calls from the code and fails on one without a row here.
// No "server-only": the table is plain data the unit test and the screens' texts read.

export type SquareScope =
  | "CUSTOMERS_READ"
  | "INVOICES_READ"
  | "INVOICES_WRITE"
  | "ITEMS_READ"
  | "MERCHANT_PROFILE_READ"
  | "ORDERS_READ"
  | "ORDERS_WRITE"
  | "PAYMENTS_WRITE"
  | "SUBSCRIPTIONS_READ"
  | "SUBSCRIPTIONS_WRITE";

/** Each SDK call the product makes (`client.<resource>.<method>`) → the scopes Square requires for it. */
export const SQUARE_CALL_SCOPES = {
  // OAuth endpoints authenticate with the application's credentials or the token itself.
  "oAuth.obtainToken": [],
  "oAuth.revokeToken": [],
  "oAuth.retrieveTokenStatus": [],
  "locations.list": ["MERCHANT_PROFILE_READ"],
  "invoices.list": ["INVOICES_READ"],
  "customers.get": ["CUSTOMERS_READ"],
  "orders.batchGet": ["ORDERS_READ"],
  "subscriptions.search": ["SUBSCRIPTIONS_READ"],
  "orders.create": ["ORDERS_WRITE"],
  "invoices.create": ["ORDERS_WRITE", "INVOICES_WRITE"],
  "invoices.publish": ["ORDERS_WRITE", "INVOICES_WRITE"],
  "subscriptions.create": ["SUBSCRIPTIONS_WRITE", "ITEMS_READ", "ORDERS_WRITE", "INVOICES_WRITE", "PAYMENTS_WRITE", "CUSTOMERS_READ"],
  "subscriptions.cancel": ["SUBSCRIPTIONS_WRITE"],
  "subscriptions.swapPlan": ["SUBSCRIPTIONS_WRITE"],
} as const satisfies Record<string, readonly SquareScope[]>;

export type SquareCall = keyof typeof SQUARE_CALL_SCOPES;

/** What a person sees the permission used for (docs/PRODUCT.md#square-connection). */
export const SQUARE_FEATURES = {
  invoiceSync: { label: "Invoice sync", calls: ["locations.list", "invoices.list", "customers.get", "subscriptions.search"] },
  invoiceLines: { label: "Invoice line items", calls: ["orders.batchGet"] },
  billing: {
    label: "Billing plans and retainer months",
    calls: ["locations.list", "orders.create", "invoices.create", "invoices.publish"],
  },
  subscribe: { label: "Subscribing through Square", calls: ["locations.list", "subscriptions.create"] },
  planChanges: {
    label: "Switching and cancelling Square plans",
    calls: ["locations.list", "subscriptions.cancel", "subscriptions.swapPlan"],
  },
} as const satisfies Record<string, { label: string; calls: readonly SquareCall[] }>;

export type SquareFeature = keyof typeof SQUARE_FEATURES;

const sorted = (scopes: Iterable<string>) => [...new Set(scopes)].sort();

/** The scopes one feature needs: the union of its calls' rows. */
export function featureScopes(feature: SquareFeature): SquareScope[] {
  return sorted(SQUARE_FEATURES[feature].calls.flatMap((call) => SQUARE_CALL_SCOPES[call])) as SquareScope[];
}

/** What the authorization URL asks for: every scope of the table. */
export const SQUARE_SCOPES: readonly SquareScope[] = sorted(
  Object.values(SQUARE_CALL_SCOPES).flatMap((scopes) => scopes as readonly SquareScope[]),
) as SquareScope[];

export type MissingPermission = { feature: SquareFeature; label: string; scopes: SquareScope[] };

/** The stored scopes (space separated) as a list; null when never read from Square. */
export function parseScopes(stored: string | null | undefined): string[] | null {
  if (stored === null || stored === undefined) return null;
  return stored.split(/\s+/).filter(Boolean);
}

/**
 * Each feature the granted scopes do not cover, with the scopes it lacks. Unknown scopes (a
 * connection whose token status was never read) report nothing: Square's answer decides then.
 */
export function missingPermissions(granted: readonly string[] | null): MissingPermission[] {
  if (!granted) return [];
  const have = new Set(granted);
  return (Object.keys(SQUARE_FEATURES) as SquareFeature[]).flatMap((feature) => {
    const scopes = featureScopes(feature).filter((scope) => !have.has(scope));
    return scopes.length > 0 ? [{ feature, label: SQUARE_FEATURES[feature].label, scopes }] : [];
  });
}

/** The message of a feature refused for lack of a permission: names the feature and the permission. */
export function missingPermissionMessage(missing: Pick<MissingPermission, "label" | "scopes">): string {
  const list = missing.scopes.join(", ");
  return `${missing.label} needs Square's ${list} permission${missing.scopes.length === 1 ? "" : "s"}, which this connection lacks. Reconnect Square in Settings to grant ${missing.scopes.length === 1 ? "it" : "them"}.`;
}
