// Outgoing webhook signatures (src/features/webhooks/server/signing.ts): the three Standard
// Webhooks headers, one signature per secret during a rotation, each verifying with the standard's
// own library, and the same bytes as the standard's HMAC-SHA256 over "<id>.<timestamp>.<body>".
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newMessageId, newWebhookSecret, signedHeaders } from "@/features/webhooks/server/signing";

const body = JSON.stringify({ type: "finding.published", data: { id: "f1", title: "Ünïcode ✓" } });

describe("an outgoing webhook's signature", () => {
  it("verifies with Webhook.verify under each secret of a rotation, and under no other", () => {
    const [current, earlier, stranger] = [newWebhookSecret(), newWebhookSecret(), newWebhookSecret()];
    const headers = signedHeaders({ messageId: newMessageId(), timestamp: new Date(), body, secrets: [current, earlier] });
    expect(Object.keys(headers).sort()).toEqual(["webhook-id", "webhook-signature", "webhook-timestamp"]);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=* v1,[A-Za-z0-9+/]+=*$/);
    for (const secret of [current, earlier]) expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(stranger).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(`${body} `, headers)).toThrow();
  });

  it("is the standard's HMAC-SHA256 of id, timestamp and body, under the key after whsec_", () => {
    const key = Buffer.alloc(32, 7);
    const timestamp = new Date("2026-11-29T10:00:00.900Z");
    const headers = signedHeaders({ messageId: "msg_1", timestamp, body, secrets: [`whsec_${key.toString("base64")}`] });
    const expected = createHmac("sha256", key).update(`msg_1.1795946400.${body}`, "utf8").digest("base64");
    expect(headers).toEqual({ "webhook-id": "msg_1", "webhook-timestamp": "1795946400", "webhook-signature": `v1,${expected}` });
  });
});
