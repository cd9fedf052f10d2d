// Which OAuth scopes each of the fake's /v2 endpoints requires, from Square's API reference; a
// token without them gets Square's 403 INSUFFICIENT_SCOPES. Kept apart from the product's own
// table (src/features/square/server/permissions.ts) on purpose: the fake holds the product to
// Square's rules, it does not take them from the product.
import type http from "node:http";
import { squareError } from "./http";

const INVOICE_WRITE = ["ORDERS_WRITE", "INVOICES_WRITE"];

const RULES: { method: string; path: RegExp; scopes: string[] }[] = [
  { method: "GET", path: /^\/v2\/locations$/, scopes: ["MERCHANT_PROFILE_READ"] },
  { method: "GET", path: /^\/v2\/invoices$/, scopes: ["INVOICES_READ"] },
  { method: "POST", path: /^\/v2\/invoices\/search$/, scopes: ["INVOICES_READ"] },
  { method: "GET", path: /^\/v2\/invoices\/[^/]+$/, scopes: ["INVOICES_READ"] },
  { method: "POST", path: /^\/v2\/invoices$/, scopes: INVOICE_WRITE },
  { method: "PUT", path: /^\/v2\/invoices\/[^/]+$/, scopes: INVOICE_WRITE },
  { method: "POST", path: /^\/v2\/invoices\/[^/]+\/publish$/, scopes: INVOICE_WRITE },
  { method: "POST", path: /^\/v2\/orders\/batch-retrieve$/, scopes: ["ORDERS_READ"] },
  { method: "GET", path: /^\/v2\/orders\/[^/]+$/, scopes: ["ORDERS_READ"] },
  { method: "POST", path: /^\/v2\/orders$/, scopes: ["ORDERS_WRITE"] },
  { method: "GET", path: /^\/v2\/customers\/[^/]+$/, scopes: ["CUSTOMERS_READ"] },
  {
    method: "POST",
    path: /^\/v2\/subscriptions$/,
    scopes: ["SUBSCRIPTIONS_WRITE", "ITEMS_READ", "ORDERS_WRITE", "INVOICES_WRITE", "PAYMENTS_WRITE", "CUSTOMERS_READ"],
  },
  { method: "POST", path: /^\/v2\/subscriptions\/search$/, scopes: ["SUBSCRIPTIONS_READ"] },
  { method: "PUT", path: /^\/v2\/subscriptions\/[^/]+$/, scopes: ["SUBSCRIPTIONS_WRITE"] },
  { method: "POST", path: /^\/v2\/subscriptions\/[^/]+\/(cancel|swap-plan)$/, scopes: ["SUBSCRIPTIONS_WRITE"] },
];

/** Every scope an endpoint of the fake requires: what a token issued without an authorize request gets. */
export const ALL_FAKE_SCOPES: string[] = [...new Set(RULES.flatMap((r) => r.scopes))].sort();

/** The scopes this request needs that the token lacks (empty: allowed, or an endpoint without rule). */
export function lackingScopes(method: string, path: string, granted: readonly string[]): string[] {
  const rule = RULES.find((r) => r.method === method && r.path.test(path));
  return rule ? rule.scopes.filter((scope) => !granted.includes(scope)) : [];
}

/** Square's answer to a call outside the token's scopes. */
export function insufficientScopes(res: http.ServerResponse, lacking: string[]): void {
  squareError(
    res,
    403,
    "AUTHENTICATION_ERROR",
    "INSUFFICIENT_SCOPES",
    `The merchant has not given your application sufficient permissions to do this. Request the following scopes: ${lacking.join(", ")}.`,
  );
}
