// Every route handler that reads a body counts the bytes while they stream in: a body at its limit
// is read and answered as usual, one byte more is a 413 whether the length was declared or the
// body came chunked, and an endless chunked body is cut off after about the limit, with the
// stream cancelled and memory flat.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as uploadRoute } from "@/app/api/admin/documents/upload/route";
import { POST as reportDownloadRoute } from "@/app/api/admin/reports/[id]/download/route";
import { POST as authRoute } from "@/app/api/auth/[...all]/route";
import { POST as contactRoute } from "@/app/api/contact/send/route";
import { POST as webhookRoute } from "@/app/api/square/webhook/route";
import { MAX_UPLOAD_BYTES } from "@/lib/validation/uploads";
import { CONTACT_MAX_BODY_BYTES } from "@/features/inquiries/validation";
import { BODY_LIMITS } from "@/server/core/body-limit";
import { signSquareWebhook } from "../../tools/fake-square/webhook";
import { adminCookie } from "./helpers/admin-session";
import { APP_ORIGIN, authHeaders, nextTestIp } from "./helpers/auth";
import { CHUNK_BYTES, chunkedStream, lazyBody, paddedJson, postRequest } from "./helpers/body-streams";
import { setupTestDatabase } from "./helpers/db";
import { setupFakeSquare, WEBHOOK_KEY } from "./helpers/square";
import { TENANTS } from "./helpers/tenants";
import { pdfBytes } from "./helpers/upload-files";

setupTestDatabase({ seedDemo: true });
setupFakeSquare();
let cookie = "";
beforeAll(async () => {
  cookie = await adminCookie();
});
afterAll(async () => {
  await (globalThis as { __outboxKick?: Promise<unknown> }).__outboxKick;
});

type Body = Uint8Array<ArrayBuffer>;
type Target = {
  name: string;
  url: string;
  limit: number;
  tooLarge: RegExp;
  handler: (request: Request) => Promise<Response>;
  /** Headers for one request; the webhook's signature covers the exact bytes. */
  headers: (bytes: Body) => Headers;
  /** A legitimate body, padded to exactly `size` bytes when given. */
  body: (size?: number) => Body;
};

const json = (value: () => unknown) => (size?: number) =>
  size === undefined ? new TextEncoder().encode(JSON.stringify(value())) : paddedJson(value(), size);
const publicJson = () => new Headers({ "content-type": "application/json", origin: APP_ORIGIN, "x-forwarded-for": nextTestIp() });
const adminJson = () => authHeaders(cookie, { "content-type": "application/json" });

/** A multipart upload of a small PDF, or of a 50 MB one with a padding field up to `size` bytes. */
function uploadBody(size?: number): Body {
  const boundary = "----body-limit";
  const encoder = new TextEncoder();
  const file = size === undefined ? pdfBytes() : new Uint8Array(MAX_UPLOAD_BYTES);
  file.set(pdfBytes());
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = encoder.encode(
    `${field("clientId", TENANTS.acme.clientId)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="limit.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const paddingFrame = encoder.encode(field("padding", ""));
  const fixed = head.byteLength + file.byteLength + tail.byteLength;
  const padding = size === undefined ? 0 : size - fixed - paddingFrame.byteLength;
  if (padding < 0) throw new Error("upload body does not fit");
  const pad = size === undefined ? new Uint8Array(0) : encoder.encode(field("padding", "p".repeat(padding)));
  const out = new Uint8Array(pad.byteLength + fixed);
  let offset = 0;
  for (const part of [pad, head, file, tail]) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

const TARGETS: Target[] = [
  {
    name: "POST /api/contact/send",
    url: "/api/contact/send",
    limit: CONTACT_MAX_BODY_BYTES,
    tooLarge: /too large: requests are limited to 32 KB/,
    handler: contactRoute,
    headers: publicJson,
    body: json(() => ({
      name: "Dana Limit",
      email: `limit.${randomUUID()}@example.test`,
      company: "Limit Co",
      serviceInterest: "General Inquiry",
      message: "A message at the size limit.",
    })),
  },
  {
    name: "POST /api/square/webhook",
    url: "/api/square/webhook",
    limit: BODY_LIMITS.webhook,
    tooLarge: /Event body is too large/,
    handler: webhookRoute,
    headers: (bytes) => {
      const signature = signSquareWebhook(new TextDecoder().decode(bytes), WEBHOOK_KEY, `${APP_ORIGIN}/api/square/webhook`);
      return new Headers({ "content-type": "application/json", "x-square-hmacsha256-signature": signature });
    },
    body: json(() => ({ event_id: randomUUID(), type: "customer.updated", merchant_id: "M-LIMIT", data: {} })),
  },
  {
    // The admin's JSON limit: the body is read before the second factor is asked, so both answers
    // are the same refusal of the missing proof.
    name: "POST /api/admin/reports/[id]/download",
    url: "/api/admin/reports/report/download",
    limit: BODY_LIMITS.adminJson,
    tooLarge: /too large/,
    handler: (request) => reportDownloadRoute(request, { params: Promise.resolve({ id: randomUUID() }) }),
    headers: adminJson,
    body: json(() => ({})),
  },
  {
    name: "POST /api/auth/sign-in/email",
    url: "/api/auth/sign-in/email",
    limit: BODY_LIMITS.auth,
    tooLarge: /too large/,
    handler: authRoute,
    headers: publicJson,
    body: json(() => ({ email: `nobody-${randomUUID()}@example.test`, password: "not-the-password" })),
  },
  {
    name: "POST /api/admin/documents/upload",
    url: "/api/admin/documents/upload",
    limit: BODY_LIMITS.upload,
    tooLarge: /File is too large. The maximum is 50MB/,
    handler: uploadRoute,
    headers: () => authHeaders(cookie, { "content-type": "multipart/form-data; boundary=----body-limit" }),
    body: uploadBody,
  },
];

async function send(target: Target, bytes: Body, mode: "declared" | "chunked"): Promise<Response> {
  const url = `${APP_ORIGIN}${target.url}`;
  const headers = target.headers(bytes);
  const request =
    mode === "declared" ? postRequest(url, headers, bytes, bytes.byteLength) : postRequest(url, headers, chunkedStream(bytes));
  return target.handler(request);
}

async function expectTooLarge(response: Response, target: Target) {
  expect(response.status).toBe(413);
  const body = (await response.json()) as { success: boolean; error: string };
  expect(body.success).toBe(false);
  expect(body.error).toMatch(target.tooLarge);
}

describe.each(TARGETS)("$name", (target) => {
  it.each(["declared", "chunked"] as const)("reads a body of exactly the limit (%s) and answers as without the padding", async (mode) => {
    const plain = await send(target, target.body(), mode);
    const padded = await send(target, target.body(target.limit), mode);
    expect(plain.status).toBeLessThan(500);
    expect(plain.status).not.toBe(413);
    expect(padded.status, await padded.clone().text()).toBe(plain.status);
  });

  it.each(["declared", "chunked"] as const)("refuses one byte over the limit (%s) with 413", async (mode) => {
    await expectTooLarge(await send(target, target.body(target.limit + 1), mode), target);
  });

  it("refuses a declared length over the limit before reading anything", async () => {
    const body = lazyBody(target.limit * 2);
    const request = postRequest(`${APP_ORIGIN}${target.url}`, target.headers(new Uint8Array(0)), body.stream, target.limit + 1);
    await expectTooLarge(await target.handler(request), target);
    expect(body.pulled).toBe(0);
    expect(body.cancelled).toBe(true);
  });
});

describe("an endless chunked body is cut off at the limit", () => {
  const endless = TARGETS.filter((t) => t.url === "/api/contact/send" || t.url === "/api/square/webhook");

  it.each(endless)("$name: 100 MB chunked gets 413 after at most limit + one chunk, stream cancelled, memory flat", async (target) => {
    // Warm the route first, so what is measured is the one request's own memory.
    await target.handler(postRequest(`${APP_ORIGIN}${target.url}`, target.headers(new Uint8Array(0)), target.body()));
    const before = process.memoryUsage();
    const body = lazyBody(100 * 1024 * 1024);
    const response = await target.handler(postRequest(`${APP_ORIGIN}${target.url}`, target.headers(new Uint8Array(0)), body.stream));
    const after = process.memoryUsage();
    await expectTooLarge(response, target);
    expect(body.pulled).toBeGreaterThan(target.limit);
    expect(body.pulled).toBeLessThanOrEqual(target.limit + CHUNK_BYTES);
    expect(body.cancelled).toBe(true);
    const mb = (n: number) => n / (1024 * 1024);
    expect(mb(after.heapUsed - before.heapUsed), "heap growth (MB)").toBeLessThan(20);
    expect(mb(after.rss - before.rss), "rss growth (MB)").toBeLessThan(20);
  });
});
