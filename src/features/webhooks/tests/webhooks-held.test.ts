// Events held while an endpoint is off, and secrets rotated twice (docs/PRODUCT.md#api-and-webhooks):
// nothing raised while an endpoint is off (an owner's, the firm's, a day of failures) is dropped;
// turning it on, the owner delivers what was held (sent then, with its own message id) or skips it
// (never sent, listed as skipped); a second rotation within a day keeps both earlier secrets signing.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog } from "@/features/audit/server/schema";
import { webhookDeliveries, webhookEndpoints } from "@/features/webhooks/server/schema";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_CLIENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_WEBHOOK_ENDPOINT_ID } from "@/features/demo/server/demo-webhooks";
import {
  createWebhookEndpoint,
  disableWebhookEndpointAsFirm,
  drainWebhookDeliveries,
  listWebhookDeliveries,
  listWebhookEndpoints,
  queueWebhookEvent,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  setWebhookEndpointEnabled,
} from "@/features/webhooks/server";
import { setWebhookEndpointEnabledAction } from "@/features/webhooks/actions/portal";
import { adminActor, clientActor, clientCookie } from "@tests/integration/helpers/admin-session";
import { authHeaders } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);

const t = setupTestDatabase({ seedDemo: true });

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
let server: http.Server;
let base = "";
const received: Received[] = [];
let disallow = () => {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  disallow = allowLoopbackForTests(`127.0.0.1:${port}`);
  await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: DEMO_WEBHOOK_ENDPOINT_ID, enabled: false });
});
afterAll(async () => {
  disallow();
  await new Promise((resolve) => server.close(resolve));
});

const owner = () => clientActor(DEMO_USERS.acme.email);
const sentTo = (path: string) => received.filter((r) => r.path === path).map((r) => String(r.headers["webhook-id"]));

async function endpointAt(path: string) {
  return createWebhookEndpoint(t.db, {
    actor: await owner(),
    kind: "standard",
    url: `${base}${path}`,
    description: "",
    events: ["finding.published"],
  });
}

const publish = (findingId: string) =>
  queueWebhookEvent(t.db, {
    clientId: DEMO_CLIENTS.acme.id,
    type: "finding.published",
    data: { findingId },
    chatText: "High: Prompt injection in the support bot",
    portalPath: `/client-portal?section=findings&finding=${findingId}`,
  });

const heldOf = async (id: string) => (await listWebhookEndpoints(t.db, { actor: await owner() })).find((e) => e.id === id)!.held;

describe("events raised while an endpoint is off", () => {
  it("are held, and delivered after the owner's choice to deliver them, each with its own message id", async () => {
    const { id, secret } = await endpointAt("/held");
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: false });
    const ids = [await publish("h-1"), await publish("h-2"), await publish("h-3")];
    await drainWebhookDeliveries(t.db);
    expect(sentTo("/held")).toEqual([]);
    const held = await heldOf(id);
    expect(held).toMatchObject({ count: 3 });
    expect(new Date(held!.from).getTime()).toBeLessThanOrEqual(new Date(held!.to).getTime());
    const log = await listWebhookDeliveries(t.db, { actor: await owner(), endpointId: id });
    expect(log.map((d) => d.status)).toEqual(["held", "held", "held"]);

    // Turning it on without saying what becomes of them is refused: nothing goes or is dropped unseen.
    requestHeaders.current = authHeaders(await clientCookie(DEMO_USERS.acme.email));
    expect(await setWebhookEndpointEnabledAction({ endpointId: id, enabled: true })).toEqual({
      success: false,
      error: "3 events were held while this endpoint was off: choose to deliver or skip them.",
      code: "conflict",
    });
    const [still] = await t.db.select({ state: webhookEndpoints.state }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(still?.state).toBe("disabled");

    expect(await setWebhookEndpointEnabledAction({ endpointId: id, enabled: true, held: "deliver" })).toEqual({
      success: true,
      data: { held: { count: 3, choice: "deliver" } },
    });
    expect(await drainWebhookDeliveries(t.db)).toMatchObject({ succeeded: 3, failed: 0 });
    expect(sentTo("/held").sort()).toEqual([...ids].sort());
    for (const hit of received.filter((r) => r.path === "/held"))
      expect(new Webhook(secret!).verify(hit.body, hit.headers as Record<string, string>)).toMatchObject({ type: "finding.published" });
    expect(await heldOf(id)).toBeNull();
    const [audit] = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${id} and ${auditLog.action} = 'webhook_endpoint.enabled'`);
    expect(audit?.after).toEqual({ heldEvents: 3, choice: "deliver" });
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: false });
  });

  it("are not sent after the owner's choice to skip them, and stay in the delivery log as skipped", async () => {
    const { id } = await endpointAt("/skipped");
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: false });
    const skipped = [await publish("s-1"), await publish("s-2")];
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: true, held: "skip" });
    await drainWebhookDeliveries(t.db);
    expect(sentTo("/skipped")).toEqual([]);
    const log = await listWebhookDeliveries(t.db, { actor: await owner(), endpointId: id });
    expect(log.filter((d) => skipped.includes(d.eventId)).map((d) => d.status)).toEqual(["skipped", "skipped"]);
    expect(await heldOf(id)).toBeNull();

    // What comes after is sent as usual; a skipped one can still be sent by hand.
    const next = await publish("s-3");
    await redeliverWebhook(t.db, { actor: await owner(), deliveryId: log[0]!.id });
    await drainWebhookDeliveries(t.db);
    expect(sentTo("/skipped").sort()).toEqual([next, log[0]!.eventId].sort());
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: false });
  });

  it("holds what was still waiting when the firm turns an endpoint off, for the owner to deliver", async () => {
    const { id } = await endpointAt("/firm");
    const waiting = await publish("w-1");
    await disableWebhookEndpointAsFirm(t.db, { actor: await adminActor(), endpointId: id });
    const [delivery] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, waiting!));
    expect(delivery?.status).toBe("held");
    // Off: neither sent by the drain nor by hand.
    await drainWebhookDeliveries(t.db);
    await expect(redeliverWebhook(t.db, { actor: await owner(), deliveryId: delivery!.id })).rejects.toMatchObject({ code: "conflict" });
    expect(sentTo("/firm")).toEqual([]);
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: true, held: "deliver" });
    await drainWebhookDeliveries(t.db);
    expect(sentTo("/firm")).toEqual([waiting]);
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: false });
  });
});

describe("rotating a secret twice within a day", () => {
  it("signs with the current secret and both earlier ones until each expires; a third rotation meanwhile is refused", async () => {
    const { id, secret: first } = await endpointAt("/rotated");
    const { secret: second } = await rotateWebhookSecret(t.db, { actor: await owner(), endpointId: id });
    const { secret: third } = await rotateWebhookSecret(t.db, { actor: await owner(), endpointId: id });
    const { eventId } = await sendTestWebhook(t.db, { actor: await owner(), endpointId: id });
    await drainWebhookDeliveries(t.db);
    const hit = received.find((r) => r.headers["webhook-id"] === eventId)!;
    expect(String(hit.headers["webhook-signature"]).split(" ")).toHaveLength(3);
    for (const key of [first!, second, third])
      expect(new Webhook(key).verify(hit.body, hit.headers as Record<string, string>)).toMatchObject({ type: "webhook.test" });

    await expect(rotateWebhookSecret(t.db, { actor: await owner(), endpointId: id })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("Two earlier secrets still sign"),
    });

    // The first secret's day over: it signs no more, and a new rotation keeps the other two.
    await t.db
      .update(webhookEndpoints)
      .set({ olderSecretUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, id));
    const { secret: fourth } = await rotateWebhookSecret(t.db, { actor: await owner(), endpointId: id });
    const { eventId: later } = await sendTestWebhook(t.db, { actor: await owner(), endpointId: id });
    await drainWebhookDeliveries(t.db);
    const next = received.find((r) => r.headers["webhook-id"] === later)!;
    expect(String(next.headers["webhook-signature"]).split(" ")).toHaveLength(3);
    for (const key of [second, third, fourth])
      expect(new Webhook(key).verify(next.body, next.headers as Record<string, string>)).toMatchObject({ type: "webhook.test" });
    expect(() => new Webhook(first!).verify(next.body, next.headers as Record<string, string>)).toThrow();
    await setWebhookEndpointEnabled(t.db, { actor: await owner(), endpointId: id, enabled: false });
  });
});
