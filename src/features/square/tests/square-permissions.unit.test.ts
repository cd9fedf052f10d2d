// Every Square SDK call in the code has a row in the permissions table (src/features/square/server/
// permissions.ts), and every row is a call the code makes: the authorization URL asks for the
// table's union, so a call without its row would be refused by Square with INSUFFICIENT_SCOPES.
// The files are read as text, as the route inventory reads routes.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { featureScopes, missingPermissions, SQUARE_CALL_SCOPES, SQUARE_SCOPES } from "@/features/square/server/permissions";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const RESOURCES = "oAuth|invoices|orders|subscriptions|customers|locations|merchants|payments|catalog|cards|refunds|team|webhooks|labor";
// The receiver is a Square client: a variable named …client, or createSquareClient(…) itself.
const CALL = new RegExp(`(?:\\b\\w*[cC]lient|\\))\\s*\\.(${RESOURCES})\\s*\\.\\s*(\\w+)\\s*\\(`, "g");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "tests" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** "resource.method" of each call on a Square client, in files that build or receive one (connectedLocation gives one). */
function squareCallsInCode(): Map<string, string[]> {
  const calls = new Map<string, string[]>();
  for (const file of sourceFiles(path.join(ROOT, "src"))) {
    const text = fs.readFileSync(file, "utf8");
    if (!/\bSquareClient\b|createSquareClient|connectedLocation/.test(text)) continue;
    for (const match of text.matchAll(CALL)) {
      const call = `${match[1]}.${match[2]}`;
      calls.set(call, [...(calls.get(call) ?? []), path.relative(ROOT, file)]);
    }
  }
  return calls;
}

describe("Square permissions table", () => {
  const inCode = squareCallsInCode();

  it("finds the calls it reads (the reader itself works)", () => {
    expect(inCode.has("invoices.list")).toBe(true);
    expect(inCode.has("orders.batchGet")).toBe(true);
  });

  it("has a row for every Square call in the code", () => {
    const missing = [...inCode.keys()]
      .filter((call) => !(call in SQUARE_CALL_SCOPES))
      .map((call) => `${call} (${inCode.get(call)?.join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("has no row for a call the code no longer makes", () => {
    expect(Object.keys(SQUARE_CALL_SCOPES).filter((call) => !inCode.has(call))).toEqual([]);
  });

  it("asks for the union of the rows", () => {
    expect(SQUARE_SCOPES).toEqual(
      expect.arrayContaining([
        "ORDERS_READ",
        "ORDERS_WRITE",
        "INVOICES_READ",
        "INVOICES_WRITE",
        "SUBSCRIPTIONS_WRITE",
        "ITEMS_READ",
        "PAYMENTS_WRITE",
      ]),
    );
    expect(new Set(SQUARE_SCOPES)).toEqual(new Set(Object.values(SQUARE_CALL_SCOPES).flat()));
  });

  it("names which feature needs which permission for the old scope set", () => {
    const old = ["INVOICES_READ", "CUSTOMERS_READ", "MERCHANT_PROFILE_READ", "SUBSCRIPTIONS_READ", "PAYMENTS_READ"];
    const missing = missingPermissions(old);
    expect(missing.map((m) => m.feature)).toEqual(["invoiceLines", "billing", "subscribe", "planChanges"]);
    expect(missing.find((m) => m.feature === "invoiceLines")?.scopes).toEqual(["ORDERS_READ"]);
    expect(missingPermissions(SQUARE_SCOPES)).toEqual([]);
    expect(missingPermissions(null)).toEqual([]);
    expect(featureScopes("billing")).toEqual(["INVOICES_WRITE", "MERCHANT_PROFILE_READ", "ORDERS_WRITE"]);
  });
});
