// Outbound webhooks (docs/PRODUCT.md#api-and-webhooks): events queued with the change, delivered
// signed per Standard Webhooks (checked with the standardwebhooks library), retried after a
// failure, never twice after a success, and the endpoint disabled (owners mailed) after a day of
// failures; private and loopback receivers refused unless a test allows its own port.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/features/audit/server/schema";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/features/webhooks/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_CLIENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_WEBHOOK_ENDPOINT_ID } from "@/features/demo/server/demo-webhooks";
import {
  createWebhookEndpoint,
  drainWebhookDeliveries,
  listWebhookDeliveries,
  listWebhookEndpoints,
  queueWebhookEvent,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  setWebhookEndpointEnabled,
} from "@/features/webhooks/server";
import { clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });

type Received = { headers: http.IncomingHttpHeaders; body: string };
let server: http.Server;
let base = "";
let answer = 200;
const received: Received[] = [];
let disallow = () => {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  disallow = allowLoopbackForTests(`127.0.0.1:${port}`);
  // The demo's failing endpoint (its address never resolves) stays out of these deliveries.
  await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: DEMO_WEBHOOK_ENDPOINT_ID, enabled: false });
});
afterAll(async () => {
  disallow();
  await new Promise((resolve) => server.close(resolve));
});

const owner = () => clientActor(DEMO_USERS.acme.email);
/** Runs the queued attempts, those waiting on the retry schedule (minutes to hours) included. */
const drainEarly = () => drainWebhookDeliveries(t.db, { early: true });

async function endpointAt(path: string, events = ["finding.published" as const]) {
  return createWebhookEndpoint(t.db, { actor: await owner(), kind: "standard", url: `${base}${path}`, description: "", events });
}

function publish(findingId: string) {
  return queueWebhookEvent(t.db, {
    clientId: DEMO_CLIENTS.acme.id,
    type: "finding.published",
    data: { findingId },
    chatText: "High: Prompt injection in the support bot",
    portalPath: `/client-portal?section=findings&finding=${findingId}`,
  });
}

describe("delivering", () => {
  it("signs each delivery so the standardwebhooks library verifies it, with a thin payload", async () => {
    received.length = 0;
    answer = 200;
    const { id, secret } = await endpointAt("/signed");
    const messageId = await publish("f-1");
    expect(messageId).toMatch(/^msg_/);
    expect(await drainWebhookDeliveries(t.db)).toMatchObject({ succeeded: 1, failed: 0 });
    const hit = received.find((r) => r.headers["webhook-id"] === messageId)!;
    const payload = new Webhook(secret!).verify(hit.body, hit.headers as Record<string, string>) as { type: string; data: object };
    expect(payload).toMatchObject({ type: "finding.published", data: { findingId: "f-1" } });
    expect(hit.body).not.toContain("Prompt injection");
    expect(hit.headers.cookie).toBeUndefined();
    // Succeeded: a second drain sends nothing again.
    const before = received.length;
    await drainEarly();
    expect(received.length).toBe(before);
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: false });
  });

  it("retries after a 500 with the same message id, then succeeds", async () => {
    received.length = 0;
    const { id, secret } = await endpointAt("/flaky");
    answer = 500;
    const messageId = await publish("f-2");
    expect(await drainWebhookDeliveries(t.db)).toMatchObject({ succeeded: 0, failed: 1 });
    const [endpoint] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint?.state).toBe("failing");
    // Not due yet: the retry waits (5 s at first).
    expect(await drainWebhookDeliveries(t.db)).toMatchObject({ succeeded: 0, failed: 0 });
    answer = 204;
    expect(await drainEarly()).toMatchObject({ succeeded: 1 });
    const hits = received.filter((r) => r.headers["webhook-id"] === messageId);
    expect(hits).toHaveLength(2);
    expect(() => new Webhook(secret!).verify(hits[1]!.body, hits[1]!.headers as Record<string, string>)).not.toThrow();
    const [after] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(after).toMatchObject({ state: "active", failingSince: null });
    const log = await listWebhookDeliveries(t.db, { actor: await owner(), endpointId: id });
    expect(log[0]?.attempts.map((a) => a.statusCode)).toEqual([500, 204]);
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: false });
  });

  it("disables an endpoint after every attempt of a delivery failed, and mails the owners", async () => {
    answer = 503;
    const { id } = await endpointAt("/down");
    await publish("f-3");
    for (let i = 0; i < 8; i++) {
      await drainEarly();
    }
    const [endpoint] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint?.state).toBe("disabled");
    expect(endpoint?.disabledReason).toContain("failed for a day");
    const [delivery] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(delivery).toMatchObject({ status: "failed", attempts: 8, lastStatusCode: 503 });
    expect(await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id))).toHaveLength(8);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "notify_webhook_disabled"));
    expect(mails.map((m) => m.toAddress)).toEqual([DEMO_USERS.acme.email]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "webhook_endpoint.disabled"), eq(auditLog.entityId, id)));
    expect(audit).toHaveLength(1);
    // Disabled: a new event is held for it, and nothing is sent.
    expect(await publish("f-4")).toMatch(/^msg_/);
    expect(await drainEarly()).toMatchObject({ succeeded: 0, failed: 0 });

    // Turned on again (the held event skipped), a redelivery goes out with the same message id.
    answer = 200;
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: true, held: "skip" });
    await redeliverWebhook(t.db, { actor: await owner(), deliveryId: delivery!.id });
    expect(await drainWebhookDeliveries(t.db)).toMatchObject({ succeeded: 1 });
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: false });
  });

  it("signs with both secrets during a rotation, and sends a test event to one endpoint", async () => {
    received.length = 0;
    answer = 200;
    const { id, secret } = await endpointAt("/rotate");
    const { secret: next } = await rotateWebhookSecret(t.db, { actor: await owner(), endpointId: id });
    const { eventId } = await sendTestWebhook(t.db, { actor: await owner(), endpointId: id });
    await drainWebhookDeliveries(t.db);
    const hit = received.find((r) => r.headers["webhook-id"] === eventId)!;
    expect(String(hit.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const key of [secret!, next])
      expect(new Webhook(key).verify(hit.body, hit.headers as Record<string, string>)).toMatchObject({ type: "webhook.test" });
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: false });
  });
});

describe("refusals", () => {
  it("refuses a private or loopback address when added, and a name resolving to one when sending", async () => {
    for (const url of [
      "http://10.0.0.1/hook",
      "http://127.0.0.1:9/hook",
      "http://[::1]/hook",
      "http://localhost/hook",
      "http://169.254.169.254/",
    ])
      await expect(
        createWebhookEndpoint(t.db, { actor: await owner(), kind: "standard", url, description: "", events: ["finding.published"] }),
        url,
      ).rejects.toMatchObject({ code: "bad_request" });
    // A name that resolves to loopback passes the form (names are checked when sent) and is refused then.
    const { id } = await createWebhookEndpoint(t.db, {
      actor: await owner(),
      kind: "standard",
      url: "http://localtest.me/hook",
      description: "",
      events: ["finding.published"],
    });
    await publish("f-5");
    await drainWebhookDeliveries(t.db);
    const [delivery] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(delivery?.lastError).toMatch(/not an address on the public internet|request failed|No answer within/);
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: false });
  });

  it("is the owners': a member cannot list or add, another company finds nothing", async () => {
    const member = await clientActor(DEMO_USERS.acmeMember.email);
    await expect(listWebhookEndpoints(t.db, { actor: member })).rejects.toMatchObject({ code: "forbidden" });
    const { id } = await endpointAt("/owned");
    const globex = await clientActor(DEMO_USERS.globex.email);
    await expect(sendTestWebhook(t.db, { actor: globex, endpointId: id })).rejects.toMatchObject({ code: "not_found" });
    expect((await listWebhookEndpoints(t.db, { actor: globex })).some((e) => e.id === id)).toBe(false);
  });
});
