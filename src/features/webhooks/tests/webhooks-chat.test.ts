// Slack and Teams endpoints against the fake chat (tools/fake-chat), which keeps their incoming
// webhooks' rules (docs/PRODUCT.md#api-and-webhooks): the product's real bodies are accepted (Slack's
// 200 ok, Teams' 202) and hold the event's line and the portal link only; an archived channel and
// a wrong signature fail the delivery with their status in the log; a rate limit's 429 is retried
// after its Retry-After, not before.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "@/features/webhooks/server/schema";
import { runningJobSender } from "@/server/core/jobs/send";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_CLIENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_WEBHOOK_ENDPOINT_ID } from "@/features/demo/server/demo-webhooks";
import { appLink } from "@/features/notifications/server";
import {
  createWebhookEndpoint,
  drainWebhookDeliveries,
  listWebhookDeliveries,
  queueWebhookEvent,
  setWebhookEndpointEnabled,
} from "@/features/webhooks/server";
import { clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { type FakeChat, startFakeChat } from "../../../../tools/fake-chat/server";

const t = setupTestDatabase({ seedDemo: true });

let fake: FakeChat;
/** The fake's clock runs ahead of ours by this much: a test moves it rather than waiting. */
let skew = 0;
let disallow = () => {};

const owner = () => clientActor(DEMO_USERS.acme.email);

beforeAll(async () => {
  fake = await startFakeChat({ now: () => Date.now() + skew });
  disallow = allowLoopbackForTests(`127.0.0.1:${fake.port}`);
  // The demo's failing endpoint (its address never resolves) stays out of these deliveries.
  await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: DEMO_WEBHOOK_ENDPOINT_ID, enabled: false });
});
afterAll(async () => {
  disallow();
  await fake.close();
});

/** A title with the characters Slack's link syntax needs written as entities. */
const LINE = "High: Prompt <injection> & data leak in the support bot";
const portalPath = (findingId: string) => `/client-portal?section=findings&finding=${findingId}`;

function publish(findingId: string) {
  return queueWebhookEvent(t.db, {
    clientId: DEMO_CLIENTS.acme.id,
    type: "finding.published",
    data: { findingId },
    chatText: LINE,
    portalPath: portalPath(findingId),
  });
}

async function endpoint(kind: "slack" | "teams", url: string) {
  const { id } = await createWebhookEndpoint(t.db, { actor: await owner(), kind, url, description: "", events: ["finding.published"] });
  return id;
}

async function turnOff(...ids: string[]) {
  for (const endpointId of ids) await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId, enabled: false });
}

const deliveriesOf = async (endpointId: string) => listWebhookDeliveries(t.db, { actor: await owner(), endpointId });

describe("Slack and Teams endpoints against the fake chat", () => {
  it("sends bodies both services accept, holding the event's line and the portal link only", async () => {
    const slackUrl = fake.addSlackHook();
    const teamsUrl = fake.addTeamsHook();
    const slack = await endpoint("slack", slackUrl);
    const teams = await endpoint("teams", teamsUrl);
    await publish("f-chat-1");
    expect(await drainWebhookDeliveries(t.db)).toMatchObject({ succeeded: 2, failed: 0 });
    expect(fake.refused).toEqual([]);

    const link = appLink(portalPath("f-chat-1"));
    const [toSlack] = fake.messagesTo(slackUrl);
    expect(toSlack?.body).toEqual({
      text: `High: Prompt &lt;injection&gt; &amp; data leak in the support bot <${link}|Open in the portal>`,
    });
    const [toTeams] = fake.messagesTo(teamsUrl);
    const { attachments } = toTeams!.body as { attachments: { content: { body: unknown; actions: unknown } }[] };
    expect(attachments).toHaveLength(1);
    const [attachment] = attachments;
    expect(attachment?.content.body).toEqual([{ type: "TextBlock", text: LINE, wrap: true }]);
    expect(attachment?.content.actions).toEqual([{ type: "Action.OpenUrl", title: "Open in the portal", url: link }]);

    // The log holds each service's own success: Slack's 200, Teams' 202.
    expect((await deliveriesOf(slack))[0]).toMatchObject({ status: "succeeded", attempts: [{ statusCode: 200, error: null }] });
    expect((await deliveriesOf(teams))[0]).toMatchObject({ status: "succeeded", attempts: [{ statusCode: 202, error: null }] });
    await turnOff(slack, teams);
  });

  it("fails a delivery to an archived Slack channel (410) and to a wrong Teams signature (401), logged with the status", async () => {
    const slackUrl = fake.addSlackHook();
    const slack = await endpoint("slack", slackUrl);
    fake.archiveSlackHook(slackUrl);
    const wrongSig = new URL(fake.addTeamsHook());
    wrongSig.searchParams.set("sig", "a-signature-that-is-not-the-workflows");
    const teams = await endpoint("teams", wrongSig.href);
    const refusedBefore = fake.refused.length;
    await publish("f-chat-2");
    expect(await drainWebhookDeliveries(t.db)).toMatchObject({ succeeded: 0, failed: 2 });
    expect(
      fake.refused
        .slice(refusedBefore)
        .map((r) => [r.status, r.error])
        .sort(),
    ).toEqual([
      [401, "DirectApiInvalidAuthorizationSignature"],
      [410, "channel_is_archived"],
    ]);

    for (const [id, status] of [
      [slack, 410],
      [teams, 401],
    ] as const) {
      const [delivery] = await deliveriesOf(id);
      expect(delivery).toMatchObject({ status: "pending", attempts: [{ statusCode: status, error: `Answered HTTP ${status}.` }] });
      const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      expect(row?.state).toBe("failing");
    }
    await turnOff(slack, teams);
  });

  it("retries a 429 after its Retry-After (not the 5 s of the schedule), then succeeds", async () => {
    // Slack's one message a second, no burst, and a minute to refill: two findings at once.
    const slackUrl = fake.addSlackHook({ rate: { perSecond: 1 / 60, burst: 1 } });
    const slack = await endpoint("slack", slackUrl);
    await publish("f-chat-3");
    await publish("f-chat-4");
    expect(await drainWebhookDeliveries(t.db)).toMatchObject({ succeeded: 1, failed: 1 });
    expect(fake.refused.at(-1)).toMatchObject({ status: 429, error: "rate_limited" });

    const [limited] = await t.db
      .select({ id: webhookDeliveries.id, lastAttemptAt: webhookDeliveries.lastAttemptAt })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, slack), eq(webhookDeliveries.status, "pending")));
    // The second attempt's job waits for the Retry-After.
    const [next] = await runningJobSender()!.findJobs("webhooks.deliver", { key: `${limited!.id}:2` });
    expect((next!.startAfter.getTime() - limited!.lastAttemptAt!.getTime()) / 1000).toBeGreaterThan(55);
    expect(await drainWebhookDeliveries(t.db)).toMatchObject({ succeeded: 0, failed: 0 });

    skew += 60_000;
    expect(await drainWebhookDeliveries(t.db, { early: true })).toMatchObject({ succeeded: 1, failed: 0 });
    expect(fake.messagesTo(slackUrl)).toHaveLength(2);
    const retried = (await deliveriesOf(slack)).find((d) => d.id === limited!.id);
    expect(retried).toMatchObject({ status: "succeeded" });
    expect(retried?.attempts.map((a) => a.statusCode)).toEqual([429, 200]);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, slack));
    expect(row?.state).toBe("active");
    await turnOff(slack);
  });
});
