// Messages (docs/PRODUCT.md#portal-messages): isolation between clients, the sender's rate limit,
// the attachment rules, unread counts, the mail, and a constant query count for long threads.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as adminReply } from "@/app/api/admin/messages/threads/[id]/route";
import { GET as getAttachment } from "@/app/api/client/messages/attachments/[id]/route";
import { GET as getThread, POST as reply } from "@/app/api/client/messages/threads/[id]/route";
import { POST as startThread } from "@/app/api/client/messages/threads/route";
import { GET as getFile } from "@/app/api/files/[id]/route";
import { HIDDEN_FILE_NAME_MESSAGE } from "@/lib/validation/uploads";
import { MESSAGE_MAX_LENGTH, MESSAGE_PAGE_SIZE } from "@/features/messages/validation";
import type { AdminActor } from "@/server/core/actor";
import { countQueries } from "@/server/core/db/query-counter";
import { serviceBookings } from "@/features/bookings/server/schema";
import { messages, messageThreads } from "@/features/messages/server/schema";
import { projects } from "@/features/projects/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { listUpcomingMeetings } from "@/features/bookings/server";
import { countAdminUnreadThreads, getThreadPage, listClientThreads } from "@/features/messages/server/messages-read";
import { MESSAGE_RATE_LIMIT } from "@/features/messages/server/messages-write";
import { getOverview } from "@/features/portal/server/portal-overview";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { createTestClient, demoClientActor } from "@tests/integration/helpers/portal";
import { exeBytes, pdfBytes } from "@tests/integration/helpers/upload-files";
import { listenToEveryEvent, queuedEvents } from "@tests/integration/helpers/webhook-events";

const t = setupTestDatabase({ seedDemo: true });

const cookieOf = (email: string) => sessionCookie(email);
const form = (fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set("file", new File([file.bytes as BlobPart], file.name));
  return f;
};
const post = (handler: typeof startThread, url: string, cookie: string, body: FormData, id?: string) =>
  handler(new Request(`${APP_ORIGIN}${url}`, { method: "POST", headers: authHeaders(cookie), body }), {
    params: Promise.resolve<Record<string, string>>(id ? { id } : {}),
  });
const get = (handler: typeof getThread, url: string, cookie: string, id: string) =>
  handler(new Request(`${APP_ORIGIN}${url}`, { headers: authHeaders(cookie) }), { params: Promise.resolve({ id }) });

async function adminActor(): Promise<AdminActor> {
  const { requireAdmin } = await import("@/features/identity/server/sessions/session");
  return requireAdmin(authHeaders(await cookieOf("admin@example.com")));
}

describe("messages", () => {
  it("refuses an attachment whose name holds an invisible or text-direction character, sending nothing", async () => {
    const acme = await cookieOf("client@example.com");
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(messageThreads);
    const refused = await post(
      startThread,
      "/api/client/messages/threads",
      acme,
      form({ subject: "Hidden name", body: "See attached." }, { name: "invoice\u202Egnp.pdf", bytes: pdfBytes() }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, error: HIDDEN_FILE_NAME_MESSAGE });
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(messageThreads)).toEqual(before);
  });

  it("keeps client B out of client A's thread and its attachment (404, like a missing one), and lets A in", async () => {
    const acme = await cookieOf("client@example.com");
    const globex = await cookieOf("client2@example.com");
    const started = await post(
      startThread,
      "/api/client/messages/threads",
      acme,
      form({ subject: "Pentest findings", body: "See https://example.com/report." }, { name: "findings.pdf", bytes: pdfBytes() }),
    );
    expect(started.status).toBe(201);
    const { threadId } = (await started.json()) as { threadId: string };

    const own = await get(getThread, `/api/client/messages/threads/${threadId}`, acme, threadId);
    expect(own.status).toBe(200);
    const page = (await own.json()) as { messages: { body: string; attachments: { id: string; name: string }[] }[] };
    expect(page.messages[0]!.body).toBe("See https://example.com/report.");
    const attachment = page.messages[0]!.attachments[0]!;
    expect(attachment.name).toBe("findings.pdf");

    const missing = "00000000-0000-4000-8000-0000000000aa";
    const theirs = await get(getThread, `/api/client/messages/threads/${threadId}`, globex, threadId);
    const none = await get(getThread, `/api/client/messages/threads/${missing}`, globex, missing);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual(await none.json());
    expect((await post(reply, `/api/client/messages/threads/${threadId}`, globex, form({ body: "Let me in" }), threadId)).status).toBe(404);
    expect((await get(getAttachment, `/api/client/messages/attachments/${attachment.id}`, globex, attachment.id)).status).toBe(404);
    // B's attempt stored nothing.
    const count = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.threadId, threadId));
    expect(count[0]!.n).toBe(1);

    // A gets a signed link serving the stored bytes.
    const link = await get(getAttachment, `/api/client/messages/attachments/${attachment.id}`, acme, attachment.id);
    expect(link.status).toBe(200);
    const { downloadUrl } = (await link.json()) as { downloadUrl: string };
    const file = await getFile(new Request(downloadUrl), { params: Promise.resolve({ id: attachment.id }) });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdfBytes());
  });

  it("refuses anonymous callers and admins on the client routes", async () => {
    const anonymous = await startThread(
      new Request(`${APP_ORIGIN}/api/client/messages/threads`, {
        method: "POST",
        headers: { origin: APP_ORIGIN },
        body: form({ subject: "x", body: "y" }),
      }),
    );
    expect(anonymous.status).toBe(401);
    const admin = await cookieOf("admin@example.com");
    expect((await post(startThread, "/api/client/messages/threads", admin, form({ subject: "x", body: "y" }))).status).toBe(403);
  });

  it("applies the attachment rules: type by content, a refused file leaves no thread behind", async () => {
    const acme = await cookieOf("client@example.com");
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(messageThreads);
    const renamed = await post(
      startThread,
      "/api/client/messages/threads",
      acme,
      form({ subject: "Exe", body: "An executable" }, { name: "report.pdf", bytes: exeBytes() }),
    );
    expect(renamed.status).toBe(400);
    expect(await renamed.json()).toMatchObject({ error: "The file's content is not a valid PDF file." });
    const exe = await post(
      startThread,
      "/api/client/messages/threads",
      acme,
      form({ subject: "Exe", body: "An executable" }, { name: "tool.exe", bytes: exeBytes() }),
    );
    expect(exe.status).toBe(400);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(messageThreads);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("refuses an empty or too long message and an unknown project with 400", async () => {
    const acme = await cookieOf("client@example.com");
    const empty = await post(startThread, "/api/client/messages/threads", acme, form({ subject: "Hi", body: "   " }));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ fieldErrors: { body: "Please write a message" } });
    const long = await post(
      startThread,
      "/api/client/messages/threads",
      acme,
      form({ subject: "Hi", body: "x".repeat(MESSAGE_MAX_LENGTH + 1) }),
    );
    expect(long.status).toBe(400);
    // Another client's project (the demo company is Globex Systems: looked up by id, so the check cannot be skipped).
    const [globexProject] = await t.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.clientId, DEMO_CLIENTS.globex.id))
      .limit(1);
    const foreign = await post(
      startThread,
      "/api/client/messages/threads",
      acme,
      form({ subject: "Hi", body: "Hello", projectId: globexProject!.id }),
    );
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ fieldErrors: { projectId: "Unknown project" } });
  });

  it("limits how many messages one user sends in ten minutes (429), per user", async () => {
    const actor = await createTestClient(t.db, "Chatty");
    // A fresh client has no password: exercise the limit through the data layer's quota.
    const { spendMessageQuota } = await import("@/features/messages/server/messages-write");
    for (let i = 0; i < MESSAGE_RATE_LIMIT.max; i++) await spendMessageQuota(t.db, actor);
    await expect(spendMessageQuota(t.db, actor)).rejects.toMatchObject({ code: "rate_limited" });
    // Another user is not affected.
    const other = await createTestClient(t.db, "Quiet");
    await expect(spendMessageQuota(t.db, other)).resolves.toBeUndefined();
  });

  it("counts unread messages per user, notifies the other side without the text, and marks read on opening (once)", async () => {
    const acme = await cookieOf("client@example.com");
    const admin = await cookieOf("admin@example.com");
    const actor = await demoClientActor("client@example.com");
    const team = await adminActor();
    const started = await post(
      startThread,
      "/api/client/messages/threads",
      acme,
      form({ subject: "Unread check", body: "Secret finding details" }),
    );
    const { threadId } = (await started.json()) as { threadId: string };
    expect(await countAdminUnreadThreads(t.db, { actor: team })).toBeGreaterThan(0);
    const mails = await t.db
      .select({ to: emailOutbox.toAddress, text: emailOutbox.textBody, subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "message"));
    const toAdmin = mails.find((m) => m.to === "admin@example.com");
    expect(toAdmin?.subject).toBe("You have a new message");
    expect(mails.every((m) => !m.text.includes("Secret finding details"))).toBe(true);

    const unreadBefore = (await getOverview(t.db, { actor })).stats.unreadMessages;
    const answered = await post(adminReply, `/api/admin/messages/threads/${threadId}`, admin, form({ body: "We are on it." }), threadId);
    expect(answered.status).toBe(201);
    expect((await getOverview(t.db, { actor })).stats.unreadMessages).toBe(unreadBefore + 1);
    expect((await listClientThreads(t.db, { actor })).find((x) => x.id === threadId)?.unread).toBe(true);
    // The read that marks it read says so (the screen refreshes its figures); a second one does not.
    const first = (await (await get(getThread, `/api/client/messages/threads/${threadId}`, acme, threadId)).json()) as {
      markedRead: boolean;
    };
    expect(first.markedRead).toBe(true);
    expect((await getOverview(t.db, { actor })).stats.unreadMessages).toBe(unreadBefore);
    const again = (await (await get(getThread, `/api/client/messages/threads/${threadId}`, acme, threadId)).json()) as {
      markedRead: boolean;
    };
    expect(again.markedRead).toBe(false);
  });

  it("tells the company's webhook endpoints of the firm's message by ids and subject, never its text; not of the company's own", async () => {
    await listenToEveryEvent(t.db, DEMO_CLIENTS.acme.id);
    const acme = await cookieOf("client@example.com");
    const started = await post(startThread, "/api/client/messages/threads", acme, form({ subject: "Hook check", body: "Our own words" }));
    const { threadId } = (await started.json()) as { threadId: string };
    const ofThread = async () =>
      (await queuedEvents(t.db, DEMO_CLIENTS.acme.id, "message.received")).filter((e) => e.data.threadId === threadId);
    expect(await ofThread()).toEqual([]);

    const admin = await cookieOf("admin@example.com");
    const answered = await post(
      adminReply,
      `/api/admin/messages/threads/${threadId}`,
      admin,
      form({ body: "Confidential reply" }),
      threadId,
    );
    expect(answered.status).toBe(201);
    const [reply] = await t.db.select({ id: messages.id }).from(messages).where(eq(messages.body, "Confidential reply"));
    expect(await ofThread()).toEqual([
      {
        data: { threadId, messageId: reply!.id },
        chatText: "New message from the firm: Hook check",
        portalPath: `/client-portal?section=messages&thread=${threadId}`,
      },
    ]);
  });

  it("follows the recipient's preferences: the text only when chosen, nothing when Messages is off, one mail per message", async () => {
    const admin = await cookieOf("admin@example.com");
    const acme = await cookieOf("client@example.com");
    const actor = await demoClientActor("client@example.com");
    const { saveNotificationPreferences } = await import("@/features/notifications/server/preferences");
    const started = await post(startThread, "/api/client/messages/threads", acme, form({ subject: "Preference check", body: "Opening" }));
    const { threadId } = (await started.json()) as { threadId: string };
    const mailsToClient = () =>
      t.db
        .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, key: emailOutbox.idempotencyKey })
        .from(emailOutbox)
        .where(
          sql`${emailOutbox.kind} = 'message' and ${emailOutbox.toAddress} = 'client@example.com' and ${emailOutbox.textBody} like ${`%${threadId}%`}`,
        );

    await saveNotificationPreferences(t.db, { actor, input: { enabled: ["messages"], delivery: "each", includeMessageText: true } });
    await post(
      adminReply,
      `/api/admin/messages/threads/${threadId}`,
      admin,
      form({ body: "Findings: the gateway leaks prompts." }),
      threadId,
    );
    const withText = await mailsToClient();
    expect(withText).toHaveLength(1);
    expect(withText[0]!.subject).toBe("New message: Preference check");
    expect(withText[0]!.text).toContain("Findings: the gateway leaks prompts.");
    expect(withText[0]!.key).toMatch(/^message:/);

    await saveNotificationPreferences(t.db, { actor, input: { enabled: ["documents"], delivery: "each" } });
    await post(adminReply, `/api/admin/messages/threads/${threadId}`, admin, form({ body: "A second finding." }), threadId);
    expect(await mailsToClient()).toHaveLength(1);
    // Leaving the text choice out of a save keeps it.
    expect(
      (await import("@/features/notifications/server/preferences").then((m) => m.getNotificationPreferences(t.db, { actor })))
        .includeMessageText,
    ).toBe(true);
    await saveNotificationPreferences(t.db, {
      actor,
      input: { enabled: ["documents", "invoices", "bookings", "projects", "messages"], delivery: "each", includeMessageText: false },
    });
  });

  it("counts and lists approved bookings from today on as upcoming meetings", async () => {
    const actor = await createTestClient(t.db, "Meeting");
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await t.db.insert(serviceBookings).values([
      {
        clientId: actor.clientId,
        status: "approved",
        serviceType: "Other",
        preferredStartDate: day(3),
        projectDescription: "Future approved",
      },
      {
        clientId: actor.clientId,
        status: "approved",
        serviceType: "Other",
        preferredStartDate: day(-3),
        projectDescription: "Past approved",
      },
      {
        clientId: actor.clientId,
        status: "pending",
        serviceType: "Other",
        preferredStartDate: day(3),
        projectDescription: "Future pending",
      },
    ]);
    expect((await getOverview(t.db, { actor })).stats.upcomingMeetings).toBe(1);
    expect((await listUpcomingMeetings(t.db, { actor })).map((m) => m.projectDescription)).toEqual(["Future approved"]);
  });

  it("opens a thread of 1,000 messages with the same number of queries as one of 3, older pages on request", async () => {
    const actor = await createTestClient(t.db, "Long");
    const make = async (n: number) => {
      const [thread] = await t.db
        .insert(messageThreads)
        .values({ clientId: actor.clientId, subject: `Thread of ${n}` })
        .returning({ id: messageThreads.id });
      const base = Date.now() - n * 1000;
      await t.db.insert(messages).values(
        Array.from({ length: n }, (_, i) => ({
          threadId: thread!.id,
          authorRole: "admin" as const,
          authorName: "Team",
          body: `Message ${i}`,
          createdAt: new Date(base + i * 1000),
        })),
      );
      return thread!.id;
    };
    const small = await make(3);
    const large = await make(1000);
    const a = await countQueries(() => getThreadPage(t.db, { actor, threadId: small }));
    const b = await countQueries(() => getThreadPage(t.db, { actor, threadId: large }));
    expect(b.queries).toBe(a.queries);
    expect(b.result.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(b.result.messages.at(-1)!.body).toBe("Message 999");
    expect(b.result.hasOlder).toBe(true);
    const older = await getThreadPage(t.db, { actor, threadId: large, before: b.result.messages[0]!.id });
    expect(older.messages.at(-1)!.body).toBe(`Message ${999 - MESSAGE_PAGE_SIZE}`);
    const list = await countQueries(() => listClientThreads(t.db, { actor }));
    expect(list.queries).toBe(1);
    expect(list.result.find((x) => x.id === large)?.messageCount).toBe(1000);
  });
});
