// Each demo start points the demo connections at the demo services it runs, or, with them off, at
// the reserved host (docs/DEPLOYMENT.md#demo-services): the connections then read "Demo service" or
// "Not connected (demo data)", the demo plans carry the demo Square's checkout links or none, and
// Acme's Square-run plan is connected to the demo Square (with its Manage link) or not at all.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentProviderConnections } from "@/features/square/server/schema";
import { trackerConnections } from "@/features/trackers/server/schema";
import { resetServerEnv } from "@/server/core/env";
import { DEMO_GITHUB_CONNECTION_ID } from "@/features/demo/server/demo-tracker-constants";
import { pointDemoConnections } from "@/features/demo/server";
import { getSquareStatus } from "@/features/square/server";
import { getPortalPlanState, listActiveTiers } from "@/features/subscriptions/server";
import { listTrackerConnections } from "@/features/trackers/server";
import { listWebhookEndpoints } from "@/features/webhooks/server";
import { clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { type FakeSquare, startFakeSquare } from "../../../../tools/fake-square/server";
import { DEMO_SQUARE_ACCESS_TOKEN, DEMO_SQUARE_REFRESH_TOKEN } from "../server/demo-service-constants";

const t = setupTestDatabase({ seedDemo: true });
const SAVED = { ...process.env };
const NAMES = ["DEMO_SERVICE_URLS", "SQUARE_APPLICATION_ID", "SQUARE_APPLICATION_SECRET", "SQUARE_BASE_URL", "SQUARE_ENVIRONMENT"];
let square: FakeSquare;

function useDemoServices(urls: Record<string, string> | null) {
  for (const name of NAMES) delete process.env[name];
  if (urls) {
    process.env.DEMO_SERVICE_URLS = JSON.stringify(urls);
    Object.assign(process.env, {
      SQUARE_APPLICATION_ID: square.applicationId,
      SQUARE_APPLICATION_SECRET: square.applicationSecret,
      SQUARE_ENVIRONMENT: "sandbox",
      SQUARE_BASE_URL: square.url,
    });
  }
  resetServerEnv();
}

beforeAll(async () => {
  square = await startFakeSquare({ knownTokens: [{ accessToken: DEMO_SQUARE_ACCESS_TOKEN, refreshToken: DEMO_SQUARE_REFRESH_TOKEN }] });
});
afterAll(async () => {
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, SAVED);
  resetServerEnv();
  await square.close();
});

describe("pointDemoConnections", () => {
  it("points the demo connections at the running demo services, each marked a demo service", async () => {
    const urls = {
      square: square.url,
      github: "http://127.0.0.1:41021",
      jira: "http://127.0.0.1:41041",
      chat: "http://127.0.0.1:41061",
      receiver: "http://127.0.0.1:41062",
      idp: "http://127.0.0.1:41051",
    };
    useDemoServices(urls);
    await pointDemoConnections(t.db);
    const acme = await clientActor();

    const [github] = (await listTrackerConnections(t.db, { actor: acme })).filter((c) => c.id === DEMO_GITHUB_CONNECTION_ID);
    expect(github).toMatchObject({ baseUrl: urls.github, state: "connected", demo: "service" });
    const endpoints = await listWebhookEndpoints(t.db, { actor: acme });
    expect(endpoints.map((e) => [e.kind, e.state, e.demo])).toEqual(
      expect.arrayContaining([
        ["standard", "active", "service"],
        ["slack", "active", "service"],
      ]),
    );

    const tiers = await listActiveTiers(t.db, { actor: acme });
    expect(tiers.find((tier) => tier.tierName === "Enterprise")).toMatchObject({
      checkoutUrl: `${square.url}/checkout/enterprise`,
      inSquare: true,
    });
    const checkout = await fetch(`${square.url}/checkout/enterprise`);
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain("Secure checkout");

    expect(await getSquareStatus(t.db, { refresh: false })).toMatchObject({ connected: true, demo: true });
    const { subscription } = await getPortalPlanState(t.db, { actor: acme });
    expect(subscription).toMatchObject({
      squareConnected: true,
      manageUrl: `${square.url}/dashboard/subscriptions/demo-sub-acme-professional`,
    });
    expect((await fetch(subscription!.manageUrl!)).status).toBe(200);

    // A second start takes other ports: the same rows follow, and no second chat endpoint appears.
    useDemoServices({ ...urls, github: "http://127.0.0.1:42021", chat: "http://127.0.0.1:42061" });
    await pointDemoConnections(t.db);
    const [moved] = await t.db.select().from(trackerConnections).where(eq(trackerConnections.id, DEMO_GITHUB_CONNECTION_ID));
    expect(moved?.baseUrl).toBe("http://127.0.0.1:42021");
    expect((await listWebhookEndpoints(t.db, { actor: acme })).filter((e) => e.kind === "slack")).toHaveLength(1);
  });

  it("with the demo services off, reads Not connected (demo data), offers no checkout link and leaves Square unconnected", async () => {
    useDemoServices(null);
    await pointDemoConnections(t.db);
    const acme = await clientActor();

    const connections = await listTrackerConnections(t.db, { actor: acme });
    expect(connections.find((c) => c.id === DEMO_GITHUB_CONNECTION_ID)?.demo).toBe("absent");
    expect((await listWebhookEndpoints(t.db, { actor: acme })).every((e) => e.demo === "absent")).toBe(true);
    expect((await listActiveTiers(t.db, { actor: acme })).every((tier) => tier.checkoutUrl === null && !tier.inSquare)).toBe(true);
    expect(await t.db.select().from(paymentProviderConnections)).toHaveLength(0);
    const { subscription } = await getPortalPlanState(t.db, { actor: acme });
    expect(subscription).toMatchObject({ managedBySquare: true, squareConnected: false, manageUrl: null });
  });
});
