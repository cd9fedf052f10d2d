// A message with a file (docs/PRODUCT.md#portal-messages): the thread's scope, the target project
// or client and the sender's quota are checked before the file is stored, so a refused message
// writes nothing to storage and spends none of the sender's quota; an accepted one spends one.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { POST as adminStartThread } from "@/app/api/admin/messages/threads/route";
import { POST as reply } from "@/app/api/client/messages/threads/[id]/route";
import { POST as startThread } from "@/app/api/client/messages/threads/route";
import { rateLimit } from "@/features/identity/server/schema";
import { messages } from "@/features/messages/server/schema";
import { projects } from "@/features/projects/server/schema";
import { DEMO_CLIENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { type DocumentStorage, getStorage, setStorage } from "@/server/core/storage/storage";
import { MESSAGE_RATE_LIMIT, MESSAGE_RATE_LIMITED } from "@/features/messages/server/messages-write";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { pdfBytes } from "@tests/integration/helpers/upload-files";

const t = setupTestDatabase({ seedDemo: true });

afterEach(async () => {
  setStorage(undefined);
  await t.db.delete(rateLimit);
});

/** The real storage, with a record of every object written. */
function recordingStorage(): string[] {
  const real = getStorage();
  const puts: string[] = [];
  setStorage({ ...real, put: (key, body) => (puts.push(key), real.put(key, body)) } satisfies DocumentStorage);
  return puts;
}

async function storedObjects(): Promise<number> {
  let n = 0;
  for await (const _object of getStorage().list("documents/")) n += 1;
  return n;
}

/** How many messages the user has spent in the current window (0 before the first). */
async function spent(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ count: rateLimit.count })
    .from(rateLimit)
    .where(eq(rateLimit.key, `messages:user:${userId}`));
  return row?.count ?? 0;
}

const cookieOf = (email: string) => sessionCookie(email);
const withFile = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new File([pdfBytes() as BlobPart], "findings.pdf"));
  return form;
};
type Route = typeof reply;
const post = (route: Route, url: string, cookie: string, body: FormData, id?: string) =>
  route(new Request(`${APP_ORIGIN}${url}`, { method: "POST", headers: authHeaders(cookie), body }), {
    params: Promise.resolve<Record<string, string>>(id ? { id } : {}),
  });

async function acmeThreadId(): Promise<string> {
  const acme = await cookieOf(DEMO_USERS.acme.email);
  const started = await post(
    startThread,
    "/api/client/messages/threads",
    acme,
    withFile({ subject: "Upload order", body: "First message" }),
  );
  expect(started.status).toBe(201);
  return ((await started.json()) as { threadId: string }).threadId;
}

describe("a message's file is stored only once the message may be sent", () => {
  it("an accepted message stores its file and spends one of the sender's messages", async () => {
    const before = await storedObjects();
    const puts = recordingStorage();
    await acmeThreadId();
    expect(puts).toHaveLength(1);
    expect(await storedObjects()).toBe(before + 1);
    expect(await spent(DEMO_USERS.acme.id)).toBe(1);
  });

  it("a reply to another client's thread: 404, nothing written to storage, no quota spent", async () => {
    const threadId = await acmeThreadId();
    const globex = await cookieOf(DEMO_USERS.globex.email);
    const before = { objects: await storedObjects(), spent: await spent(DEMO_USERS.globex.id) };
    const puts = recordingStorage();
    const response = await post(reply, `/api/client/messages/threads/${threadId}`, globex, withFile({ body: "Let me in" }), threadId);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: "Conversation not found", code: "not_found" });
    expect(puts).toEqual([]);
    expect(await storedObjects()).toBe(before.objects);
    expect(await spent(DEMO_USERS.globex.id)).toBe(before.spent);
  });

  it("a new thread about another client's project: 400, nothing written to storage, no quota spent", async () => {
    const [foreign] = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, DEMO_CLIENTS.globex.id)).limit(1);
    const acme = await cookieOf(DEMO_USERS.acme.email);
    const puts = recordingStorage();
    const response = await post(
      startThread,
      "/api/client/messages/threads",
      acme,
      withFile({ subject: "Hi", body: "Hello", projectId: foreign!.id }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Unknown project", fieldErrors: { projectId: "Unknown project" } });
    expect(puts).toEqual([]);
    expect(await spent(DEMO_USERS.acme.id)).toBe(0);
  });

  it("the team starting a thread with an unknown client: 400, nothing written to storage, no quota spent", async () => {
    const admin = await cookieOf(DEMO_USERS.admin.email);
    const puts = recordingStorage();
    const response = await post(
      adminStartThread,
      "/api/admin/messages/threads",
      admin,
      withFile({ clientId: "00000000-0000-4000-8000-000000000000", subject: "Hi", body: "Hello" }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Unknown client" });
    expect(puts).toEqual([]);
    expect(await spent(DEMO_USERS.admin.id)).toBe(0);
  });

  it("over the quota: 429, nothing written to storage, the count not raised further", async () => {
    const threadId = await acmeThreadId();
    await t.db
      .update(rateLimit)
      .set({ count: MESSAGE_RATE_LIMIT.max })
      .where(eq(rateLimit.key, `messages:user:${DEMO_USERS.acme.id}`));
    const acme = await cookieOf(DEMO_USERS.acme.email);
    const puts = recordingStorage();
    const response = await post(reply, `/api/client/messages/threads/${threadId}`, acme, withFile({ body: "One more" }), threadId);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ success: false, error: MESSAGE_RATE_LIMITED, code: "rate_limited" });
    expect(puts).toEqual([]);
    expect(await spent(DEMO_USERS.acme.id)).toBe(MESSAGE_RATE_LIMIT.max);
    expect(await t.db.select({ id: messages.id }).from(messages).where(eq(messages.threadId, threadId))).toHaveLength(1);
  });
});

describe("attachments up to 50 MB, counted while they stream (docs/PRODUCT.md#portal-messages)", () => {
  /** A PDF of `size` bytes, sent in 1 MB chunks without a Content-Length, as a browser may. */
  function streamedPdfForm(size: number, fields: Record<string, string>): { body: ReadableStream<Uint8Array>; type: string } {
    const boundary = "----attachment-size-test";
    const head = new TextEncoder().encode(
      Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join("") +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
    const pdf = pdfBytes();
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) {
          controller.enqueue(head);
          controller.enqueue(pdf);
          sent = pdf.byteLength;
        } else if (sent < size) {
          const part = chunk.subarray(0, Math.min(chunk.byteLength, size - sent));
          controller.enqueue(part);
          sent += part.byteLength;
        } else {
          controller.enqueue(tail);
          controller.close();
        }
      },
    });
    return { body, type: `multipart/form-data; boundary=${boundary}` };
  }

  const send = async (size: number) => {
    const acme = await cookieOf(DEMO_USERS.acme.email);
    const { body, type } = streamedPdfForm(size, { subject: `Attachment of ${size} bytes`, body: "See the file" });
    const headers = new Headers(authHeaders(acme));
    headers.set("content-type", type);
    return startThread(
      new Request(`${APP_ORIGIN}/api/client/messages/threads`, { method: "POST", headers, body, duplex: "half" } as RequestInit),
      { params: Promise.resolve({}) },
    );
  };

  it("a 3 MB attachment is accepted and stored whole", async () => {
    const puts = recordingStorage();
    const response = await send(3 * 1024 * 1024);
    expect(response.status).toBe(201);
    expect(puts).toHaveLength(1);
    const stored = await getStorage().get(puts[0]!);
    expect(stored.byteLength).toBe(3 * 1024 * 1024);
  });

  it("a 51 MB attachment is refused with 413 and stores nothing: no file, no thread, no quota spent", async () => {
    const before = { objects: await storedObjects(), messages: (await t.db.select({ id: messages.id }).from(messages)).length };
    const puts = recordingStorage();
    const response = await send(51 * 1024 * 1024);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, code: "payload_too_large" });
    expect(await storedObjects()).toBe(before.objects);
    expect((await t.db.select({ id: messages.id }).from(messages)).length).toBe(before.messages);
    expect(await spent(DEMO_USERS.acme.id)).toBe(0);
    // Written aside while it streamed, then removed: nothing of it is left.
    for (const key of puts) expect(await getStorage().read(key)).toBeNull();
  });
});
