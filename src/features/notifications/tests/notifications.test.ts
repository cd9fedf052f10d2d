// Notification mails end to end: each trigger queues its mail in the outbox, a real SMTP server
// (smtp-server) receives it with both parts and the RFC 8058 headers, preferences are respected,
// and a repeated event (re-sync, webhook replay, second call, two drainers) mails nobody twice.
import { and, eq, gte, like, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as unsubscribePost } from "@/app/api/notifications/unsubscribe/route";
import { POST as webhookPost } from "@/app/api/square/webhook/route";
import type { AdminActor } from "@/server/core/actor";
import { serviceBookings } from "@/features/bookings/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { notificationPreferences } from "@/features/notifications/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { resetServerEnv } from "@/server/core/env";
import { setMailTransport } from "@/server/core/mail/mailer";
import { drainOutbox, enqueueNotificationEmail } from "@/server/core/mail/outbox";
import { createServiceBooking } from "@/features/bookings/server";
import { onBookingStatusChanged } from "@/features/bookings/server/booking-events";
import { recordUploadedDocument } from "@/features/documents/server";
import { notifyDocumentShared } from "@/features/notifications/server";
import { sendDailySummaries, sendFailedMailDigest, sendOverdueReminders } from "@/features/notifications/server/scheduled";
import { describeUnsubscribeLink, UNSUBSCRIBE_EXPIRED, UNSUBSCRIBE_INVALID } from "@/features/notifications/server/unsubscribe";
import { createUnsubscribeToken } from "@/features/notifications/server/unsubscribe-token";
import { setProjectStatus } from "@/features/projects/server";
import { assertTestingAuthorized } from "@/features/authorizations/server";
import { syncSquareInvoices } from "@/features/square/server";
import { saveConnection } from "@/features/square/server/connection";
import { demoFixture } from "../../../../tools/fake-square/fixtures";
import { buildSquareEvent, signSquareWebhook } from "../../../../tools/fake-square/webhook";
import { APP_ORIGIN } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { addProject, createTestClient } from "@tests/integration/helpers/portal";
import { startSmtpSink, type SmtpSink, type ReceivedMail } from "@tests/integration/helpers/smtp-sink";
import { configureSquareEnv, setupFakeSquare, WEBHOOK_KEY } from "@tests/integration/helpers/square";

const t = setupTestDatabase({ seedDemo: true });
const sq = setupFakeSquare();
const ADMIN: AdminActor = { role: "admin", userId: "demo-admin", email: "admin@example.com", name: "Avery Admin" };
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink({ delayMs: () => 1 });
  process.env.SMTP_URL = sink.url;
  resetServerEnv();
  setMailTransport(undefined);
});
afterEach(async () => {
  await t.db.delete(emailOutbox);
  await t.db.delete(notificationPreferences);
  sink.received.length = 0;
});
afterAll(async () => {
  await sink.close();
  delete process.env.SMTP_URL;
  resetServerEnv();
  setMailTransport(undefined);
});

/** Delivers everything queued (after the drain a route handler started, if any) and returns what the SMTP server received. */
async function deliver(): Promise<ReceivedMail[]> {
  await drainOutbox(t.db);
  return [...sink.received];
}

/** A received message has both parts, the brand's header, an absolute link and the RFC 8058 headers. */
function expectNotificationMail(mail: ReceivedMail, opts: { to: string; subject: string | RegExp; text?: string[] }) {
  expect(mail.to).toBe(opts.to);
  if (typeof opts.subject === "string") expect(mail.subject).toBe(opts.subject);
  else expect(mail.subject).toMatch(opts.subject);
  // Folded header lines unfolded; the quoted-printable bodies decoded.
  const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  const raw = mail.raw.replace(/=\r?\n/g, "").replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ""), "hex").toString("utf8"));
  expect(headers).toMatch(/Content-Type: multipart\/alternative/i);
  expect(raw).toMatch(/Content-Type: text\/plain/i);
  expect(raw).toMatch(/Content-Type: text\/html/i);
  expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[A-Za-z0-9_.%-]+>/m);
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  expect(raw).toContain("http://localhost:3000/unsubscribe?token=");
  expect(raw).not.toMatch(/<img/i);
  for (const words of opts.text ?? []) expect(raw).toContain(words);
}

const outboxRows = (kind: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));

describe("document shared", () => {
  it("mails the client's user once, with the company name, and not after the category is turned off", async () => {
    const client = await createTestClient(t.db, "Dora");
    const doc = await recordUploadedDocument(t.db, {
      actor: ADMIN,
      clientId: client.clientId,
      category: "report",
      file: { name: "pentest-report.pdf", storageKey: `k-${client.clientId}`, size: 10, mimeType: "application/pdf" },
    });
    // The same event again (a retried request, another instance): nothing more is queued.
    await notifyDocumentShared(t.db, doc);
    const received = await deliver();
    expect(received).toHaveLength(1);
    expectNotificationMail(received[0]!, {
      to: client.email,
      subject: "New document: pentest-report.pdf",
      text: ["Dora Inc", "pentest-report.pdf", "http://localhost:3000/client-portal?section=documents"],
    });

    await t.db.insert(notificationPreferences).values({ userId: client.userId, disabledCategories: ["documents"] });
    await recordUploadedDocument(t.db, {
      actor: ADMIN,
      clientId: client.clientId,
      category: "report",
      file: { name: "second.pdf", storageKey: `k2-${client.clientId}`, size: 10, mimeType: "application/pdf" },
    });
    expect(await deliver()).toHaveLength(1);
  });

  it("with a daily summary, holds the mails and sends one summary", async () => {
    const client = await createTestClient(t.db, "Sami");
    await t.db.insert(notificationPreferences).values({ userId: client.userId, delivery: "daily" });
    for (const name of ["a.pdf", "b.pdf"]) {
      await recordUploadedDocument(t.db, {
        actor: ADMIN,
        clientId: client.clientId,
        category: "report",
        file: { name, storageKey: `${name}-${client.clientId}`, size: 1, mimeType: "application/pdf" },
      });
    }
    expect(await deliver()).toHaveLength(0);
    expect(await sendDailySummaries(t.db, { force: true })).toBe(1);
    expect(await sendDailySummaries(t.db, { force: true })).toBe(0);
    const received = await deliver();
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toBe("Your daily summary: 2 updates from Sentinel AI Security");
    expect(received[0]!.raw).toContain("New document: a.pdf");
    expect(received[0]!.raw).toContain("New document: b.pdf");
  });
});

describe("bookings", () => {
  it("confirms a request to the client and tells each admin; status changes mail the client once", async () => {
    const client = await createTestClient(t.db, "Bea");
    const booking = await createServiceBooking(t.db, {
      actor: client,
      input: {
        serviceType: "AI Security Assessment",
        preferredStartDate: "2027-01-10",
        estimatedScope: null,
        projectDescription: "Assess our agent",
        urgency: "high",
      },
    });
    let received = await deliver();
    expect(received.map((m) => m.to).sort()).toEqual([client.email, "admin@example.com"].sort());
    expectNotificationMail(
      received.find((m) => m.to === client.email)!,
      { to: client.email, subject: "We received your booking request: AI Security Assessment", text: ["Bea Inc"] },
    );
    expectNotificationMail(
      received.find((m) => m.to === "admin@example.com")!,
      {
        to: "admin@example.com",
        subject: "New booking request from Bea Inc: AI Security Assessment",
        text: ["http://localhost:3000/admin/account"],
      },
    );

    sink.received.length = 0;
    await t.db.transaction(async (tx) => {
      await tx.update(serviceBookings).set({ status: "declined" }).where(eq(serviceBookings.id, booking.id));
      await onBookingStatusChanged(tx, {
        bookingId: booking.id,
        clientId: client.clientId,
        status: "declined",
        reason: "Fully booked in January",
      });
    });
    await onBookingStatusChanged(t.db, {
      bookingId: booking.id,
      clientId: client.clientId,
      status: "declined",
      reason: "Fully booked in January",
    });
    received = await deliver();
    expect(received).toHaveLength(1);
    expectNotificationMail(received[0]!, {
      to: client.email,
      subject: "Your booking for AI Security Assessment was declined",
      text: ["Reason: Fully booked in January"],
    });

    sink.received.length = 0;
    for (const status of ["approved", "completed"] as const) {
      await onBookingStatusChanged(t.db, { bookingId: booking.id, clientId: client.clientId, status, reason: null });
    }
    await onBookingStatusChanged(t.db, { bookingId: booking.id, clientId: client.clientId, status: "in_progress", reason: null });
    received = await deliver();
    expect(received.map((m) => m.subject).sort()).toEqual([
      "Your booking for AI Security Assessment is approved",
      "Your booking for AI Security Assessment is completed",
    ]);
  });

  it("an admin who turned new-booking mail off gets none", async () => {
    await t.db.insert(notificationPreferences).values({ userId: "demo-admin", disabledCategories: ["admin_bookings"] });
    const client = await createTestClient(t.db, "Cal");
    await createServiceBooking(t.db, {
      actor: client,
      input: { serviceType: "Other", preferredStartDate: "2027-01-10", estimatedScope: null, projectDescription: "x", urgency: "low" },
    });
    expect((await deliver()).map((m) => m.to)).toEqual([client.email]);
  });
});

describe("project status", () => {
  it("mails the client when the status changes, not when it stays", async () => {
    const client = await createTestClient(t.db, "Pia");
    const projectId = await addProject(t.db, client, { projectName: "LLM gateway review" });
    await setProjectStatus(t.db, { actor: ADMIN, projectId, status: "in_progress", testingGate: assertTestingAuthorized });
    await setProjectStatus(t.db, { actor: ADMIN, projectId, status: "in_progress", testingGate: assertTestingAuthorized });
    const received = await deliver();
    expect(received).toHaveLength(1);
    expectNotificationMail(received[0]!, { to: client.email, subject: "Project LLM gateway review is now In Progress", text: ["Pia Inc"] });
  });
});

describe("invoices from Square", () => {
  const NOTIFICATION_URL = `${APP_ORIGIN}/api/square/webhook`;
  const webhook = (body: string) =>
    webhookPost(
      new Request(NOTIFICATION_URL, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-square-hmacsha256-signature": signSquareWebhook(body, WEBHOOK_KEY, NOTIFICATION_URL),
        },
        body,
      }),
    );
  const acmeEmail = "client@example.com";

  beforeAll(async () => {
    sq.fake.reset(demoFixture());
    const token = sq.fake.issueToken();
    await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
  });

  it("announces each open invoice once when it reaches the portal, never again on a re-sync", async () => {
    configureSquareEnv(sq.fake);
    await syncSquareInvoices(t.db, null);
    const first = await deliver();
    expect(first.length).toBeGreaterThan(0);
    const acme = first.filter((m) => m.to === acmeEmail);
    expect(acme.length).toBeGreaterThan(0);
    expectNotificationMail(acme[0]!, {
      to: acmeEmail,
      subject: /^New invoice SQ-\d+: \$[\d,]+\.\d\d(, due .+)?$/,
      text: ["Acme Robotics", "Pay invoice"],
    });
    // Nothing for the invoice of the customer linked to no client.
    expect(first.every((m) => m.to !== "pat@unknown-company.example")).toBe(true);

    sink.received.length = 0;
    await syncSquareInvoices(t.db, null);
    expect(await deliver()).toHaveLength(0);

    // A new invoice appears at Square: exactly one mail, at the next sync.
    const fresh = sq.fake.publishInvoice("CUSTFAKEACME01", 123_400, "Threat model");
    await syncSquareInvoices(t.db, null);
    await syncSquareInvoices(t.db, null);
    // One for each of Acme's two people.
    const second = await deliver();
    expect(second.map((m) => m.to).sort()).toEqual(["client@example.com", "member@example.com"]);
    expect(second[0]!.subject).toMatch(new RegExp(`^New invoice ${fresh.invoice_number}: \\$1,234\\.00`));
  });

  it("sends one receipt when an invoice is paid, whatever the replays", async () => {
    configureSquareEnv(sq.fake);
    const [open] = await t.db
      .select({ squareInvoiceId: invoices.squareInvoiceId, number: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.status, "overdue"), sql`${invoices.squareInvoiceId} is not null`, sql`${invoices.clientId} is not null`));
    const paid = sq.fake.payInvoice(open!.squareInvoiceId!);
    const body = JSON.stringify(
      buildSquareEvent({ merchantId: sq.fake.merchantId(), type: "invoice.payment_made", objectType: "invoice", object: paid }),
    );
    expect((await webhook(body)).status).toBe(200);
    expect((await webhook(body)).status).toBe(200); // the same delivery replayed
    await syncSquareInvoices(t.db, null); // and the sync sees the same payment
    const received = (await deliver()).filter((m) => m.subject.startsWith("Receipt"));
    // One for each of Acme's two people, whatever the replays.
    expect(received.map((m) => m.to).sort()).toEqual(["client@example.com", "member@example.com"]);
    expect(received[0]!.subject).toBe(`Receipt: invoice ${open!.number} is paid`);
  });

  it("reminds of an overdue invoice at once, then every 7 days, at most 3 times", async () => {
    const day = 24 * 60 * 60 * 1000;
    const start = new Date();
    const count = async () =>
      (await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(like(emailOutbox.idempotencyKey, "invoice-overdue:%"))).length;
    // The demo's pending invoices have fixed due dates: one falling inside the simulated days would
    // get its own first reminder there (rightly), so the rounds below would depend on the calendar.
    await t.db
      .update(invoices)
      .set({ dueDate: sql`${invoices.dueDate} + 60` })
      .where(and(eq(invoices.status, "pending"), gte(invoices.dueDate, start.toISOString().slice(0, 10))));
    const first = await sendOverdueReminders(t.db, start);
    expect(first).toBeGreaterThan(0);
    expect(await sendOverdueReminders(t.db, start)).toBe(0);
    // Two instances at once: one runs the round, the other skips it.
    const [a, b] = await Promise.all([sendOverdueReminders(t.db, start), sendOverdueReminders(t.db, start)]);
    expect([a, b]).toContain(0);
    const perRound = await count();
    const received = (await deliver()).filter((m) => / is overdue$/.test(m.subject));
    expect(received).toHaveLength(perRound);
    expectNotificationMail(received[0]!, { to: received[0]!.to, subject: /^Invoice .+ is overdue$/ });

    // Pretend a week has passed since each reminder.
    const age = async () =>
      t.db
        .update(emailOutbox)
        .set({ createdAt: sql`${emailOutbox.createdAt} - interval '8 days'` })
        .where(like(emailOutbox.idempotencyKey, "invoice-overdue:%"));
    await age();
    expect(await sendOverdueReminders(t.db, new Date(start.getTime() + day))).toBe(first);
    await age();
    expect(await sendOverdueReminders(t.db, new Date(start.getTime() + 2 * day))).toBe(first);
    await age();
    expect(await sendOverdueReminders(t.db, new Date(start.getTime() + 3 * day))).toBe(0);
    expect(await count()).toBe(perRound * 3);
  });
});

describe("admin digests and delivery", () => {
  it("tells admins once a day about failed mail, only when there is some", async () => {
    expect(await sendFailedMailDigest(t.db, { force: true })).toBe(false);
    await t.db
      .insert(emailOutbox)
      .values({ toAddress: "x@example.com", subject: "lost", textBody: "x", kind: "test", status: "failed", attempts: 8 });
    expect(await sendFailedMailDigest(t.db, { force: true })).toBe(true);
    await sendFailedMailDigest(t.db, { force: true }); // the same day again
    const received = await deliver();
    expect(received).toHaveLength(1);
    expectNotificationMail(received[0]!, { to: "admin@example.com", subject: "1 mail could not be delivered" });
  });

  it("two drainers deliver each notification once", async () => {
    const client = await createTestClient(t.db, "Duo");
    for (let i = 0; i < 6; i++) {
      await recordUploadedDocument(t.db, {
        actor: ADMIN,
        clientId: client.clientId,
        category: "report",
        file: { name: `d${i}.pdf`, storageKey: `duo-${i}-${client.clientId}`, size: 1, mimeType: "application/pdf" },
      });
    }
    await Promise.all([drainOutbox(t.db), drainOutbox(t.db)]);
    expect(sink.received.map((m) => m.subject).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `New document: d${i}.pdf`));
  });

  it("stores an event once per key", async () => {
    const mail = {
      to: "a@example.com",
      subject: "s",
      text: "t",
      kind: "k",
      idempotencyKey: "same-event:user",
      recipientUserId: null,
      category: "documents",
      unsubscribeUrl: null,
      held: false,
    };
    expect(await enqueueNotificationEmail(t.db, mail)).toEqual(expect.any(String));
    expect(await enqueueNotificationEmail(t.db, mail)).toBeNull();
    expect(await outboxRows("k")).toHaveLength(1);
  });
});

describe("unsubscribe", () => {
  const call = (token: string, headers: Record<string, string> = {}) =>
    unsubscribePost(
      new Request(`http://localhost:3000/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "List-Unsubscribe=One-Click",
      }),
    );

  it("turns the category off without a session (one-click), and the next event mails nobody", async () => {
    const client = await createTestClient(t.db, "Una");
    const token = createUnsubscribeToken(client.userId, "documents");
    expect(describeUnsubscribeLink(token)).toEqual({ ok: true, label: "Documents" });
    const response = await call(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, category: "documents" });
    const [prefs] = await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, client.userId));
    expect(prefs!.disabledCategories).toEqual(["documents"]);
    expect((await call(token)).status).toBe(200); // twice is harmless
    await recordUploadedDocument(t.db, {
      actor: ADMIN,
      clientId: client.clientId,
      category: "report",
      file: { name: "u.pdf", storageKey: `u-${client.clientId}`, size: 1, mimeType: "application/pdf" },
    });
    expect(await deliver()).toHaveLength(0);
  });

  it("sends a browser's form back to the page", async () => {
    const client = await createTestClient(t.db, "Ula");
    const token = createUnsubscribeToken(client.userId, "invoices");
    const response = await call(token, { "sec-fetch-dest": "document" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`http://localhost:3000/unsubscribe?token=${encodeURIComponent(token)}&done=1`);
  });

  it("refuses a tampered or expired signature with a clear message, changing nothing", async () => {
    const client = await createTestClient(t.db, "Tam");
    const token = createUnsubscribeToken(client.userId, "documents");
    const [payload, signature] = token.split(".");
    const otherPayload = Buffer.from(`v1:${client.userId}:invoices:${Math.floor(Date.now() / 1000) + 1000}`).toString("base64url");
    // One character of the signature changed, always to another one (a signature may end in "AA").
    const tampered = `${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`;
    for (const bad of [`${otherPayload}.${signature}`, `${payload}.${tampered}`, "garbage"]) {
      const response = await call(bad);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        success: false,
        error: bad === "garbage" ? "This unsubscribe link is not valid." : UNSUBSCRIBE_INVALID,
        code: "bad_request",
      });
      expect(describeUnsubscribeLink(bad)).toEqual({ ok: false, message: UNSUBSCRIBE_INVALID });
    }
    const old = createUnsubscribeToken(client.userId, "documents", new Date(Date.now() - 400 * 24 * 60 * 60 * 1000));
    const response = await call(old);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(UNSUBSCRIBE_EXPIRED);
    expect(await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, client.userId))).toHaveLength(0);
  });
});
