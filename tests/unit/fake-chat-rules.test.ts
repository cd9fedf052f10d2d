// The fake Slack and Teams keep the rules of their incoming webhooks (tools/fake-chat/README.md):
// Slack's plain-text answers and errors, Teams Workflows' 202 and Logic Apps' JSON errors, the
// card check, the size limits and the per-webhook rate limits with Retry-After. Plain HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeChat, startFakeChat } from "../../tools/fake-chat/server";

let fake: FakeChat;
let skew = 0;
beforeAll(async () => {
  fake = await startFakeChat({ now: () => Date.now() + skew });
});
afterAll(() => fake.close());

function post(url: string, body: unknown, contentType = "application/json") {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": contentType },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function answer(response: Promise<Response>) {
  const r = await response;
  return { status: r.status, body: await r.text(), retryAfter: r.headers.get("retry-after"), type: r.headers.get("content-type") };
}

const card = (text = "High: Prompt injection") => ({
  type: "message",
  attachments: [
    {
      contentType: "application/vnd.microsoft.card.adaptive",
      content: {
        type: "AdaptiveCard",
        version: "1.4",
        body: [{ type: "TextBlock", text, wrap: true }],
        actions: [{ type: "Action.OpenUrl", title: "Open", url: "https://portal.example/x" }],
      },
    },
  ],
});

/** Logic Apps' error code from a JSON error body. */
const code = (body: string) => (JSON.parse(body) as { error: { code: string } }).error.code;

describe("fake chat: Slack's incoming webhooks", () => {
  it("answers 200 ok in plain text and keeps the parsed message", async () => {
    const url = fake.addSlackHook();
    expect(url).toMatch(/\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{24}$/);
    expect(await answer(post(url, { text: "hello <https://x|link>" }))).toMatchObject({
      status: 200,
      body: "ok",
      type: expect.stringMatching(/^text\/plain/),
    });
    expect(await answer(post(url, { blocks: [{ type: "section", text: { type: "mrkdwn", text: "hi" } }] }))).toMatchObject({ status: 200 });
    expect(fake.messagesTo(url).map((m) => m.body)).toEqual([
      { text: "hello <https://x|link>" },
      expect.objectContaining({ blocks: expect.any(Array) }),
    ]);
  });

  it("refuses as Slack does: method, payload, text, length", async () => {
    const url = fake.addSlackHook({ rate: { burst: 100 } });
    expect(await answer(fetch(url))).toMatchObject({ status: 405, body: "invalid_method" });
    expect(await answer(post(url, { text: "hi" }, "text/plain"))).toMatchObject({ status: 400, body: "invalid_payload" });
    expect(await answer(post(url, "{not json"))).toMatchObject({ status: 400, body: "invalid_payload" });
    expect(await answer(post(url, ["hi"]))).toMatchObject({ status: 400, body: "invalid_payload" });
    expect(await answer(post(url, { text: 42 }))).toMatchObject({ status: 400, body: "invalid_payload" });
    expect(await answer(post(url, {}))).toMatchObject({ status: 400, body: "no_text" });
    expect(await answer(post(url, { text: "  " }))).toMatchObject({ status: 400, body: "no_text" });
    expect(await answer(post(url, { blocks: [{ text: "untyped" }] }))).toMatchObject({ status: 400, body: "invalid_blocks" });
    expect(await answer(post(url, { text: "x".repeat(40_001) }))).toMatchObject({ status: 400, body: "msg_too_long" });
    expect(await answer(post(url, { text: "x".repeat(40_000) }))).toMatchObject({ status: 200, body: "ok" });
    expect(fake.messagesTo(url)).toHaveLength(1);
  });

  it("answers a wrong secret 403 invalid_token, a removed webhook 404 no_service, an archived channel 410", async () => {
    const url = fake.addSlackHook();
    expect(await answer(post(url.replace(/\/[^/]+$/, "/WrongSecret000000000000"), { text: "hi" }))).toMatchObject({
      status: 403,
      body: "invalid_token",
    });
    expect(await answer(post(`${fake.url}/services/T000/B000/x`, { text: "hi" }))).toMatchObject({ status: 404, body: "no_service" });
    fake.archiveSlackHook(url);
    expect(await answer(post(url, { text: "hi" }))).toMatchObject({ status: 410, body: "channel_is_archived" });
    fake.removeSlackHook(url);
    expect(await answer(post(url, { text: "hi" }))).toMatchObject({ status: 404, body: "no_service" });
    expect(fake.messagesTo(url)).toHaveLength(0);
    expect(fake.refused.filter((r) => r.path === new URL(url).pathname).map((r) => r.status)).toEqual([410, 404]);
  });

  it("allows a short burst, then answers 429 with Retry-After until the bucket refills", async () => {
    const url = fake.addSlackHook();
    for (let i = 0; i < 3; i++) expect((await answer(post(url, { text: `burst ${i}` }))).status).toBe(200);
    expect(await answer(post(url, { text: "one too many" }))).toMatchObject({ status: 429, body: "rate_limited", retryAfter: "1" });
    skew += 1_000;
    expect((await answer(post(url, { text: "a second later" }))).status).toBe(200);
    expect((await answer(post(url, { text: "again" }))).status).toBe(429);
  });
});

describe("fake chat: Teams Workflows webhooks", () => {
  it("answers 202 Accepted with no body and keeps the card", async () => {
    const url = fake.addTeamsHook();
    expect(new URL(url).searchParams.get("sig")).toBeTruthy();
    expect(await answer(post(url, card()))).toMatchObject({ status: 202, body: "" });
    expect(fake.messagesTo(url).map((m) => m.body)).toEqual([card()]);
  });

  it("checks the signature and the workflow as Logic Apps does, in its JSON error shape", async () => {
    const url = fake.addTeamsHook();
    const without = new URL(url);
    without.searchParams.delete("sig");
    const missing = await answer(post(without.href, card()));
    expect(missing).toMatchObject({ status: 401, type: expect.stringMatching(/^application\/json/) });
    expect(code(missing.body)).toBe("DirectApiAuthorizationRequired");
    const wrong = new URL(url);
    wrong.searchParams.set("sig", "not-the-signature");
    const refused = await answer(post(wrong.href, card()));
    expect([refused.status, code(refused.body)]).toEqual([401, "DirectApiInvalidAuthorizationSignature"]);
    const unknown = await answer(post(url.replace(/workflows\/[a-f0-9]+/, "workflows/0123abcd"), card()));
    expect([unknown.status, code(unknown.body)]).toEqual([404, "WorkflowNotFound"]);
    const get = await answer(fetch(url));
    expect([get.status, code(get.body)]).toEqual([400, "TriggerRequestMethodNotValid"]);
    fake.removeTeamsHook(url);
    expect((await answer(post(url, card()))).status).toBe(404);
    expect(fake.messagesTo(url)).toHaveLength(0);
  });

  it("refuses what is not an Adaptive Card message (400) and a message over 28 KB (413)", async () => {
    const url = fake.addTeamsHook({ rate: { burst: 100 } });
    const refusal = async (body: unknown, contentType?: string) => {
      const r = await answer(post(url, body, contentType));
      return [r.status, code(r.body)];
    };
    expect(await refusal({ text: "a Slack message" })).toEqual([400, "TriggerInputSchemaMismatch"]);
    expect(await refusal({ ...card(), attachments: [{ contentType: "application/vnd.microsoft.card.hero", content: {} }] })).toEqual([
      400,
      "TriggerInputSchemaMismatch",
    ]);
    const old = card();
    old.attachments[0]!.content.version = "2.0";
    expect(await refusal(old)).toEqual([400, "TriggerInputSchemaMismatch"]);
    const noLink = card();
    noLink.attachments[0]!.content.actions = [{ type: "Action.OpenUrl", title: "Open", url: "/relative" }];
    expect(await refusal(noLink)).toEqual([400, "TriggerInputSchemaMismatch"]);
    expect(await refusal(JSON.stringify(card()), "text/plain")).toEqual([400, "TriggerInputSchemaMismatch"]);
    expect(await refusal("{not json")).toEqual([400, "InvalidRequestContent"]);
    expect(await refusal(card("x".repeat(28 * 1024)))).toEqual([413, "RequestEntityTooLarge"]);
    expect((await answer(post(url, card("x".repeat(27 * 1024))))).status).toBe(202);
  });

  it("answers 429 with Retry-After past its rate", async () => {
    const url = fake.addTeamsHook({ rate: { perSecond: 1 / 30, burst: 1 } });
    expect((await answer(post(url, card()))).status).toBe(202);
    const limited = await answer(post(url, card()));
    expect([limited.status, code(limited.body), limited.retryAfter]).toEqual([429, "RequestsThrottled", "30"]);
    skew += 30_000;
    expect((await answer(post(url, card()))).status).toBe(202);
  });
});
