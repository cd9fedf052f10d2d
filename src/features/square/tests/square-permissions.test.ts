// Square's permissions as Square enforces them (docs/PRODUCT.md#square-connection): the fake
// grants only the scopes the authorization asked for and refuses every other call with 403
// INSUFFICIENT_SCOPES. A connection made with the old, smaller scope set names which feature needs
// which permission, still syncs invoices (without their line items), and Reconnect grants the rest
// while keeping every link. Dropping any one scope from the table makes a feature fail.
import { eq, isNotNull, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as callbackRoute } from "@/app/api/oauth/square/callback/route";
import { GET } from "@/app/api/oauth/square/route";
import { GET as syncRoute } from "@/app/api/square/sync-invoices/route";
import { POST as webhookRoute } from "@/app/api/square/webhook/route";
import { auditLog } from "@/features/audit/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { paymentProviderConnections, squareCustomers } from "@/features/square/server/schema";
import { clientSubscriptions, subscriptionTiers } from "@/features/subscriptions/server/schema";
import { DEMO_SUBSCRIPTIONS, DEMO_TIERS } from "@/features/demo/server/demo-data";
import { cancelSquareSubscription, createSquareSubscription, syncSquareInvoices } from "@/features/square/server";
import { REVOKED_MESSAGE, saveConnection } from "@/features/square/server/connection";
import { SQUARE_SCOPES } from "@/features/square/server/permissions";
import { demoFixture } from "../../../../tools/fake-square/fixtures";
import { buildSquareEvent, signSquareWebhook } from "../../../../tools/fake-square/webhook";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { configureSquareEnv, setupFakeSquare, WEBHOOK_KEY } from "@tests/integration/helpers/square";

const t = setupTestDatabase({ seedDemo: true });
const sq = setupFakeSquare();

/** What the connection asked for before the permissions table. */
const OLD_SCOPES = ["INVOICES_READ", "CUSTOMERS_READ", "MERCHANT_PROFILE_READ", "SUBSCRIPTIONS_READ", "PAYMENTS_READ"];
const NOTIFICATION_URL = `${APP_ORIGIN}/api/square/webhook`;

const admin = () => sessionCookie("admin@example.com");
const oauth = (action: string, cookie: string) =>
  GET(new Request(`${APP_ORIGIN}/api/oauth/square?action=${action}`, { headers: authHeaders(cookie) }));
const sync = (cookie: string) => syncRoute(new Request(`${APP_ORIGIN}/api/square/sync-invoices`, { headers: authHeaders(cookie) }));

/** The OAuth round trip through the fake's authorize page, optionally asking for other scopes than the product does. */
async function connectThroughSquare(cookie: string, scopes?: string[]): Promise<void> {
  const start = await oauth("authorize", cookie);
  const url = new URL(start.headers.get("location")!);
  if (scopes) url.searchParams.set("scope", scopes.join(" "));
  url.searchParams.set("decision", "allow");
  const back = await fetch(url, { redirect: "manual" });
  const done = await callbackRoute(new Request(back.headers.get("location")!, { headers: authHeaders(cookie) }));
  expect(new URL(done.headers.get("location")!).searchParams.get("oauth_status")).toBe("success");
}

function deliver(body: string): Promise<Response> {
  const signature = signSquareWebhook(body, WEBHOOK_KEY, NOTIFICATION_URL);
  return webhookRoute(
    new Request(NOTIFICATION_URL, {
      method: "POST",
      headers: { "content-type": "application/json", "x-square-hmacsha256-signature": signature },
      body,
    }),
  );
}

/** Everything a reconnect must keep: customer links, invoice owners, subscriptions. */
async function links() {
  const customers = await t.db
    .select({ id: squareCustomers.squareCustomerId, clientId: squareCustomers.clientId, source: squareCustomers.linkSource })
    .from(squareCustomers)
    .orderBy(squareCustomers.squareCustomerId);
  const owned = await t.db
    .select({ id: invoices.squareInvoiceId, clientId: invoices.clientId, projectId: invoices.projectId })
    .from(invoices)
    .where(isNotNull(invoices.squareInvoiceId))
    .orderBy(invoices.squareInvoiceId);
  const subscriptions = await t.db
    .select({ id: clientSubscriptions.squareSubscriptionId, tierId: clientSubscriptions.tierId, status: clientSubscriptions.status })
    .from(clientSubscriptions)
    .where(isNotNull(clientSubscriptions.squareSubscriptionId))
    .orderBy(clientSubscriptions.squareSubscriptionId);
  return { customers, owned, subscriptions };
}

async function unreadInvoices(): Promise<number> {
  const result = (await t.db.execute(sql`select count(*)::int as n from invoices where line_items_unread`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

async function lineItemCount(): Promise<number> {
  const result = (await t.db.execute(sql`
    select count(*)::int as n from invoice_line_items l join invoices i on i.id = l.invoice_id
     where i.square_invoice_id is not null`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

beforeEach(async () => {
  configureSquareEnv(sq.fake);
  sq.fake.reset(demoFixture());
  await t.db.execute(sql`delete from invoice_line_items l using invoices i where i.id = l.invoice_id and i.square_invoice_id is not null`);
  await t.db.delete(invoices).where(isNotNull(invoices.squareInvoiceId));
  await t.db.delete(squareCustomers);
  await t.db.delete(paymentProviderConnections);
});

describe("a connection made with the old scope set", () => {
  it("names which feature needs which permission, syncs invoices without line items, and Reconnect grants the rest keeping every link", async () => {
    const cookie = await admin();
    await connectThroughSquare(cookie, OLD_SCOPES);
    const [row] = await t.db.select().from(paymentProviderConnections);
    // What Square reports for the token, not what the product asks for.
    expect(row!.scopes).toBe([...OLD_SCOPES].sort().join(" "));

    const status = await (await oauth("status", cookie)).json();
    expect(status.missing_permissions).toEqual([
      { feature: "invoiceLines", label: "Invoice line items", scopes: ["ORDERS_READ"] },
      { feature: "billing", label: "Billing plans and retainer months", scopes: ["INVOICES_WRITE", "ORDERS_WRITE"] },
      {
        feature: "subscribe",
        label: "Subscribing through Square",
        scopes: ["INVOICES_WRITE", "ITEMS_READ", "ORDERS_WRITE", "PAYMENTS_WRITE", "SUBSCRIPTIONS_WRITE"],
      },
      { feature: "planChanges", label: "Switching and cancelling Square plans", scopes: ["SUBSCRIPTIONS_WRITE"] },
    ]);

    // The invoices sync; their line items are reported not available, and no order is asked for.
    const ordersBefore = sq.fake.requestCounts()["POST /v2/orders/batch-retrieve"] ?? 0;
    const response = await sync(cookie);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.synced).toBeGreaterThan(0);
    expect(body.lineItemsAvailable).toBe(false);
    expect(body.warning).toContain("Invoice line items needs Square's ORDERS_READ permission");
    expect(sq.fake.requestCounts()["POST /v2/orders/batch-retrieve"] ?? 0).toBe(ordersBefore);
    expect(await lineItemCount()).toBe(0);
    // Each synced invoice says why it shows no lines.
    expect(await unreadInvoices()).toBe(body.synced);

    // Another feature fails whole, naming the permission it lacks; nothing reaches Square.
    const cancels = sq.fake.requestCounts()["POST /v2/subscriptions/demo-sub-acme-professional/cancel"] ?? 0;
    await expect(cancelSquareSubscription(t.db, { squareSubscriptionId: "demo-sub-acme-professional" })).rejects.toThrow(
      "Switching and cancelling Square plans needs Square's SUBSCRIPTIONS_WRITE permission",
    );
    expect(sq.fake.requestCounts()["POST /v2/subscriptions/demo-sub-acme-professional/cancel"] ?? 0).toBe(cancels);

    // Reconnect: the full set, every link kept, and the sync reads the line items.
    const before = await links();
    expect(before.owned.some((i) => i.clientId !== null)).toBe(true);
    await connectThroughSquare(cookie);
    expect((await (await oauth("status", cookie)).json()).missing_permissions).toEqual([]);
    expect(await links()).toEqual(before);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "square.reconnect"))).toHaveLength(1);

    const again = await (await sync(cookie)).json();
    expect(again.lineItemsAvailable).toBe(true);
    expect(again.warning ?? "").not.toContain("ORDERS_READ");
    expect(await lineItemCount()).toBeGreaterThan(0);
    expect(await unreadInvoices()).toBe(0);
    expect(await links()).toEqual(before);
  });
});

describe("every scope of the table is needed", () => {
  it("with the table's scopes the sync reads line items and subscribing works", async () => {
    const token = sq.fake.issueToken();
    expect(sq.fake.tokenScopes(token.accessToken)).toEqual([...SQUARE_SCOPES]);
    await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
    expect((await syncSquareInvoices(t.db, null)).lineItemsAvailable).toBe(true);
    const created = await createSquareSubscription(t.db, {
      squareCustomerId: "CUSTFAKEACME01",
      planVariationId: "PLANFAKEPRO",
      idempotencyKey: "all-scopes",
    });
    expect(created.squareSubscriptionId).toMatch(/^sub-fake-/);
  });

  it.each(SQUARE_SCOPES)("without %s, the feature that needs it fails or reports it missing", async (dropped) => {
    const token = sq.fake.issueToken(
      undefined,
      SQUARE_SCOPES.filter((scope) => scope !== dropped),
    );
    await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
    const problems: string[] = [];
    try {
      const result = await syncSquareInvoices(t.db, null);
      if (result.warning) problems.push(result.warning);
    } catch (error) {
      problems.push((error as Error).message);
    }
    // Scopes unknown again: the fake itself refuses the call, not the product's own check.
    await t.db.update(paymentProviderConnections).set({ scopes: null });
    try {
      await createSquareSubscription(t.db, {
        squareCustomerId: "CUSTFAKEACME01",
        planVariationId: "PLANFAKEPRO",
        idempotencyKey: `without-${dropped}`,
      });
    } catch (error) {
      problems.push((error as Error).message);
    }
    expect(problems.join("\n")).toContain(dropped);
  });
});

describe("Square's own changes", () => {
  const PRO = DEMO_TIERS.find((tier) => tier.id === DEMO_SUBSCRIPTIONS[0]!.tierId)!;
  const OTHER = DEMO_TIERS.find((tier) => tier.id !== PRO.id)!;

  it("maps a plan swapped at Square back to the linked plan, by the sync and by the webhook", async () => {
    await t.db.update(subscriptionTiers).set({ squarePlanVariationId: "PLANFAKEPRO" }).where(eq(subscriptionTiers.id, PRO.id));
    await t.db.update(subscriptionTiers).set({ squarePlanVariationId: "PLANFAKESWAP" }).where(eq(subscriptionTiers.id, OTHER.id));
    const token = sq.fake.issueToken();
    await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
    const tierOf = async () =>
      (
        await t.db
          .select({ tierId: clientSubscriptions.tierId })
          .from(clientSubscriptions)
          .where(eq(clientSubscriptions.squareSubscriptionId, "demo-sub-acme-professional"))
      )[0]!.tierId;
    const subscription = sq.fake.subscriptions().find((s) => s.id === "demo-sub-acme-professional")!;

    // The seller swaps the plan in Square's dashboard; the next sync follows.
    subscription.plan_variation_id = "PLANFAKESWAP";
    subscription.version += 5;
    await syncSquareInvoices(t.db, null);
    expect(await tierOf()).toBe(OTHER.id);

    // Swapped back; Square's subscription.updated arrives before any sync.
    subscription.plan_variation_id = "PLANFAKEPRO";
    subscription.version += 1;
    const event = buildSquareEvent({
      merchantId: sq.fake.merchantId(),
      type: "subscription.updated",
      objectType: "subscription",
      object: subscription,
      eventId: "evt-swap-back",
    });
    expect((await deliver(JSON.stringify(event))).status).toBe(200);
    expect(await tierOf()).toBe(PRO.id);

    await t.db.update(subscriptionTiers).set({ squarePlanVariationId: null }).where(eq(subscriptionTiers.id, OTHER.id));
  });

  it("marks the connection revoked on oauth.authorization.revoked: the status says so, Square is not called, Reconnect clears it", async () => {
    const cookie = await admin();
    await connectThroughSquare(cookie);
    const body = JSON.stringify({
      merchant_id: sq.fake.merchantId(),
      type: "oauth.authorization.revoked",
      event_id: "evt-revoked-1",
      created_at: new Date().toISOString(),
      data: { type: "revocation", id: "rev-1", object: { revocation: { revoked_at: new Date().toISOString(), revoker_type: "MERCHANT" } } },
    });
    expect(await (await deliver(body)).json()).toEqual({ success: true, received: true, applied: true });
    expect((await (await oauth("status", cookie)).json()).revoked).toBe(true);
    const refused = await sync(cookie);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe(REVOKED_MESSAGE);

    await connectThroughSquare(cookie);
    expect((await (await oauth("status", cookie)).json()).revoked).toBe(false);
    expect((await sync(cookie)).status).toBe(200);
  });
});
