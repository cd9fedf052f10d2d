import "server-only";
import { and, eq, isNull, like, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/server/core/db/client";
import { subscriptionTiers } from "@/features/subscriptions/server/schema";
import { trackerConnections, trackerTickets } from "@/features/trackers/server/schema";
import { webhookEndpoints } from "@/features/webhooks/server/schema";
import { DEMO_SERVICE_ABSENT_URL, demoServiceUrl } from "@/server/core/demo-services";
import { setDemoSquareConnection } from "@/features/square/server";
import { moveOidcProvider } from "@/features/sso/server";
import { deliverPendingNow, newSealedWebhookSecret } from "@/features/webhooks/server";
import { DEMO_CLIENTS, DEMO_TIERS, DEMO_USERS } from "./demo-data";
import {
  DEMO_CHAT_ENDPOINT_ID,
  DEMO_SQUARE_ACCESS_TOKEN,
  DEMO_SQUARE_MERCHANT_ID,
  DEMO_SQUARE_REFRESH_TOKEN,
  DEMO_WEBHOOK_RECEIVER_PATH,
  demoCheckoutPath,
  demoChatSlackPath,
  demoPlanVariationOf,
} from "./demo-service-constants";
import { demoOidcEndpoints } from "./demo-sso-constants";
import { DEMO_GITHUB_CONNECTION_ID, DEMO_GITHUB_REPO, DEMO_GITHUB_TICKETS, DEMO_JIRA_CONNECTION_ID } from "./demo-tracker-constants";
import { DEMO_WEBHOOK_ENDPOINT_ID } from "./demo-webhooks";

// Each start of a demo database points its demo connections (docs/DEPLOYMENT.md#demo-services) at
// the demo services this start runs, whose ports are new each time; or, when they are off, at the
// reserved host that says so (the product then shows "Not connected (demo data)", never Connected or
// Failing). Only rows with the demo's fixed ids move, so what a person connected stays as it is.

const ACME = DEMO_CLIENTS.acme.id;
/** The addresses the demo data or an earlier start stored: only these move (a person's own address stays). */
const SEEDED_WEBHOOK_URL = "https://hooks.acme-robotics.example/security-portal";
const isDemoAddress = (url: string) => url.startsWith("http://127.0.0.1:") || url.startsWith(DEMO_SERVICE_ABSENT_URL);
const demoAddressIn = (column: PgColumn): SQL => or(like(column, "http://127.0.0.1:%"), like(column, `${DEMO_SERVICE_ABSENT_URL}%`))!;
const EVENTS = ["finding.published", "finding.status_changed", "retest.completed"];

export async function pointDemoConnections(db: Db): Promise<void> {
  const at = (kind: Parameters<typeof demoServiceUrl>[0]) => demoServiceUrl(kind);
  const github = at("github");
  const githubBase = github ?? DEMO_SERVICE_ABSENT_URL;
  await db
    .update(trackerConnections)
    .set({ baseUrl: githubBase, ...(github ? { state: "connected" as const, stateMessage: null } : {}) })
    .where(and(eq(trackerConnections.id, DEMO_GITHUB_CONNECTION_ID), demoAddressIn(trackerConnections.baseUrl)));
  for (const ticket of DEMO_GITHUB_TICKETS)
    await db
      .update(trackerTickets)
      .set({ externalUrl: `${githubBase}/${DEMO_GITHUB_REPO}/issues/${ticket.number}` })
      .where(eq(trackerTickets.id, ticket.id));
  const jira = at("jira");
  await db
    .update(trackerConnections)
    .set({ baseUrl: jira ?? DEMO_SERVICE_ABSENT_URL, ...(jira ? { state: "connected" as const, stateMessage: null } : {}) })
    .where(and(eq(trackerConnections.id, DEMO_JIRA_CONNECTION_ID), demoAddressIn(trackerConnections.baseUrl)));

  // Acme's signed webhook goes to the demo receiver; its delivery waiting for a retry is due now.
  const receiver = at("receiver");
  await db
    .update(webhookEndpoints)
    .set({
      url: `${receiver ?? DEMO_SERVICE_ABSENT_URL}${DEMO_WEBHOOK_RECEIVER_PATH}`,
      ...(receiver ? { state: "active" as const, failingSince: null, disabledReason: null } : {}),
    })
    .where(
      and(
        eq(webhookEndpoints.id, DEMO_WEBHOOK_ENDPOINT_ID),
        or(demoAddressIn(webhookEndpoints.url), eq(webhookEndpoints.url, SEEDED_WEBHOOK_URL)),
      ),
    );
  if (receiver) await deliverPendingNow(db, DEMO_WEBHOOK_ENDPOINT_ID);

  // Acme's Slack channel on the demo chat.
  const chatUrl = `${at("chat") ?? DEMO_SERVICE_ABSENT_URL}${demoChatSlackPath()}`;
  await db
    .insert(webhookEndpoints)
    .values({
      id: DEMO_CHAT_ENDPOINT_ID,
      clientId: ACME,
      kind: "slack",
      url: chatUrl,
      description: "Security channel",
      events: EVENTS,
      sealedSecret: newSealedWebhookSecret(),
      createdByName: DEMO_USERS.acme.name,
    })
    .onConflictDoUpdate({ target: webhookEndpoints.id, set: { url: chatUrl }, setWhere: demoAddressIn(webhookEndpoints.url) });

  const idp = at("idp") ?? DEMO_SERVICE_ABSENT_URL;
  await moveOidcProvider(db, ACME, { issuer: idp, ...demoOidcEndpoints(idp) }, isDemoAddress);

  // The demo plans' checkout links open the demo Square's checkout page; without it, subscribing is a request.
  const square = at("square");
  // With their plan variations at the demo Square (the ones its subscriptions use), so a plan it runs switches there too.
  for (const tier of DEMO_TIERS)
    await db
      .update(subscriptionTiers)
      .set({
        squareCheckoutUrl: square ? `${square}${demoCheckoutPath(tier.tierName)}` : null,
        squarePlanVariationId: square
          ? demoPlanVariationOf(tier.tierName)
          : sql`case when ${subscriptionTiers.squarePlanVariationId} = ${demoPlanVariationOf(tier.tierName)} then null else ${subscriptionTiers.squarePlanVariationId} end`,
      })
      .where(
        and(
          eq(subscriptionTiers.id, tier.id),
          or(isNull(subscriptionTiers.squareCheckoutUrl), demoAddressIn(subscriptionTiers.squareCheckoutUrl)),
        ),
      );
  await setDemoSquareConnection(
    db,
    square ? { merchantId: DEMO_SQUARE_MERCHANT_ID, accessToken: DEMO_SQUARE_ACCESS_TOKEN, refreshToken: DEMO_SQUARE_REFRESH_TOKEN } : null,
    DEMO_SQUARE_MERCHANT_ID,
  );
}
