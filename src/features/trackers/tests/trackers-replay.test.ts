// A tracker's delivery taken once (docs/PRODUCT.md#integrations): its id (GitHub's
// X-GitHub-Delivery, GitLab's Idempotency-Key, Jira's X-Atlassian-Webhook-Identifier, or the body's
// digest without one) is kept 7 days, so the same delivery again answers 200 and changes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findingRetests, findings } from "@/features/findings/server/schema/records";
import { trackerDeliveries } from "@/features/trackers/server/schema";
import { POST as githubHook } from "@/app/api/trackers/github/[id]/route";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_GITHUB_CONNECTION_ID, DEMO_GITHUB_REPO, DEMO_GITHUB_WEBHOOK_SECRET } from "@/features/demo/server/demo-tracker-constants";
import { connectTracker, handleGitHubDelivery, requestTicket } from "@/features/trackers/server";
import { DELIVERY_ID_KEEP_DAYS, deliveryKeyOf } from "@/features/trackers/server/inbound";
import { drainTrackerTickets } from "@/features/trackers/server/tickets";
import { clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { type RouteReceiver, startRouteReceiver } from "@tests/integration/helpers/route-receiver";
import { createFreshObjects, TENANTS } from "@tests/integration/helpers/tenants";
import { type FakeGitHub, signGitHubWebhook, startFakeGitHub } from "../../../../tools/fake-github/server";

const t = setupTestDatabase({ seedDemo: true });

let fake: FakeGitHub;
let receiver: RouteReceiver;
let disallow = () => {};
beforeAll(async () => {
  fake = await startFakeGitHub();
  disallow = allowLoopbackForTests(`127.0.0.1:${fake.port}`);
  receiver = await startRouteReceiver(githubHook);
});
afterAll(async () => {
  disallow();
  await receiver.close();
  await fake.close();
});

const owner = () => clientActor(DEMO_USERS.acme.email);

describe("a replayed tracker delivery", () => {
  it("is ignored: GitHub's Redeliver of a close after the issue was reopened answers 200 and asks for no retest", async () => {
    fake.addRepo({ owner: "acme", name: "replayed" });
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const token = fake.issueToken({ kind: "fine-grained", repos: ["acme/replayed"], permissions: { issues: "write" } });
    const { id, webhookSecret } = await connectTracker(t.db, {
      actor: await owner(),
      kind: "github",
      baseUrl: fake.url,
      target: "acme/replayed",
      token,
    });
    fake.addWebhook("acme/replayed", { url: `${receiver.url}/api/trackers/github/${id}`, secret: webhookSecret });
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    await fake.flushDeliveries();
    const [issue] = fake.issues("acme/replayed");
    const status = async () =>
      (await t.db.select({ status: findings.status }).from(findings).where(eq(findings.id, fresh.openFindingId)))[0]!.status;

    const [closed] = await fake.closeIssue("acme/replayed", issue!.number);
    expect(closed?.status).toBe(200);
    expect(await status()).toBe("fixed_pending_retest");
    await fake.reopenIssue("acme/replayed", issue!.number);
    expect(await status()).toBe("open");

    // The close again, byte for byte with its X-GitHub-Delivery: taken already, so nothing moves.
    const again = await fake.redeliver(closed!.guid);
    expect(again).toMatchObject({ guid: closed!.guid, redelivery: true, status: 200 });
    expect(await status()).toBe("open");
    expect(await t.db.select().from(findingRetests).where(eq(findingRetests.findingId, fresh.openFindingId))).toEqual([]);

    // The same POST straight to the route says so.
    const answer = await githubHook(
      new Request(`http://localhost/api/trackers/github/${id}`, { method: "POST", headers: closed!.sent.headers, body: closed!.sent.raw }),
      { params: Promise.resolve({ id }) },
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ success: true, applied: null, replayed: true });
    expect(await status()).toBe("open");

    // A forged replay (another secret) is still refused before anything is looked up.
    const forged = await githubHook(
      new Request(`http://localhost/api/trackers/github/${id}`, {
        method: "POST",
        headers: { ...closed!.sent.headers, "x-hub-signature-256": signGitHubWebhook(closed!.sent.raw, "not-the-secret") },
        body: closed!.sent.raw,
      }),
      { params: Promise.resolve({ id }) },
    );
    expect(forged.status).toBe(401);

    // Each delivery id is kept once per connection.
    const kept = await t.db.select().from(trackerDeliveries).where(eq(trackerDeliveries.connectionId, id));
    expect(kept.map((row) => row.deliveryId)).toContain(`id:${closed!.guid}`);
    expect(new Set(kept.map((row) => row.deliveryId)).size).toBe(kept.length);
  });

  it("knows a delivery without an id by its body (an older Jira Data Center), and takes an id again after 7 days", async () => {
    const rawBody = JSON.stringify({ action: "labeled", issue: { number: 1 }, repository: { full_name: DEMO_GITHUB_REPO } });
    const delivery = (deliveryId: string | null) => ({
      connectionId: DEMO_GITHUB_CONNECTION_ID,
      event: "issues",
      rawBody,
      deliveryId,
      signature: signGitHubWebhook(rawBody, DEMO_GITHUB_WEBHOOK_SECRET),
    });
    expect(await handleGitHubDelivery(t.db, delivery(null))).toEqual({ applied: null, replayed: false });
    expect(await handleGitHubDelivery(t.db, delivery(null))).toEqual({ applied: null, replayed: true });
    expect(deliveryKeyOf(null, '{"timestamp":1}')).not.toBe(deliveryKeyOf(null, '{"timestamp":2}'));

    expect(await handleGitHubDelivery(t.db, delivery("aged-delivery"))).toEqual({ applied: null, replayed: false });
    expect(await handleGitHubDelivery(t.db, delivery("aged-delivery"))).toEqual({ applied: null, replayed: true });
    await t.db
      .update(trackerDeliveries)
      .set({ receivedAt: new Date(Date.now() - (DELIVERY_ID_KEEP_DAYS * 24 + 1) * 3_600_000) })
      .where(eq(trackerDeliveries.deliveryId, "id:aged-delivery"));
    expect(await handleGitHubDelivery(t.db, delivery("aged-delivery"))).toEqual({ applied: null, replayed: false });
  });
});
