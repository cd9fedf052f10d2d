// POST /api/contact/send against a real database: stored inquiry, queued mails, delivery retries,
// refusal of invalid and malicious bodies, honeypot and per-address rate limit.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/contact/send/route";
import type { ContactInquiry } from "@/features/inquiries/validation";
import { contactInquiries } from "@/features/inquiries/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { resetServerEnv } from "@/server/core/env";
import { setMailTransport, type OutgoingMail } from "@/server/core/mail/mailer";
import { drainOutbox } from "@/server/core/mail/outbox";
import { CONTACT_RATE_LIMIT } from "@/features/inquiries/server";
import { contactNotificationMail } from "@/features/inquiries/server/contact-templates";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { APP_ORIGIN, nextTestIp } from "@tests/integration/helpers/auth";

const INBOX = "inquiries@sentinel.test";
const t = setupTestDatabase();

let previousContactEmail: string | undefined;
beforeAll(() => {
  previousContactEmail = process.env.CONTACT_EMAIL;
  process.env.CONTACT_EMAIL = INBOX;
  resetServerEnv();
});
afterEach(() => setMailTransport(undefined));
afterAll(async () => {
  // The route starts a background outbox drain; let it finish before the database closes.
  await (globalThis as { __outboxKick?: Promise<unknown> }).__outboxKick;
  if (previousContactEmail === undefined) delete process.env.CONTACT_EMAIL;
  else process.env.CONTACT_EMAIL = previousContactEmail;
  resetServerEnv();
});

let counter = 0;
function validInquiry(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: "Dana Whitfield",
    email: `dana.${counter}@northwind.test`,
    company: "Northwind Robotics",
    serviceInterest: "AI Security Assessment",
    message: "We are rolling out an LLM support agent and want a security assessment before launch.",
    ...overrides,
  };
}

function send(body: unknown, opts: { ip?: string; raw?: string; headers?: Record<string, string> } = {}) {
  return POST(
    new Request("http://localhost:3000/api/contact/send", {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP_ORIGIN, "x-forwarded-for": opts.ip ?? nextTestIp(), ...opts.headers },
      body: opts.raw ?? JSON.stringify(body),
    }),
  );
}

async function counts() {
  const [inquiries] = await t.db.select({ n: sql<number>`count(*)::int` }).from(contactInquiries);
  const [mails] = await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
  return { inquiries: inquiries!.n, mails: mails!.n };
}

const mailsFor = (inquiryId: string, sender: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(
      sql`${emailOutbox.toAddress} = ${sender} or (${emailOutbox.toAddress} = ${INBOX} and ${emailOutbox.textBody} like ${`%${inquiryId}%`})`,
    );

describe("POST /api/contact/send: valid inquiry", () => {
  it("stores the inquiry first, queues a notification and an acknowledgement, and answers { success, id }", async () => {
    const input = validInquiry({ name: "  Dana Whitfield  ", company: 'R&D "Labs" O\'Neil', serviceInterest: "AI Security Governance" });
    const response = await send(input);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ success: true, id: expect.any(String) });

    const [stored] = await t.db.select().from(contactInquiries).where(eq(contactInquiries.id, body.id));
    expect(stored).toMatchObject({
      name: "Dana Whitfield",
      email: input.email,
      company: 'R&D "Labs" O\'Neil',
      serviceInterest: "AI Security Governance",
      message: input.message,
    });

    const mails = await mailsFor(body.id, input.email as string);
    expect(mails).toHaveLength(2);
    const notification = mails.find((m) => m.kind === "contact_notification")!;
    const acknowledgement = mails.find((m) => m.kind === "contact_acknowledgement")!;
    expect(notification.toAddress).toBe(INBOX);
    expect(notification.subject).toBe('New inquiry: AI Security Governance from R&D "Labs" O\'Neil');
    expect(notification.textBody).toContain(input.message);
    expect(notification.textBody).toContain(input.email);
    // The visitor's text is escaped in the HTML part.
    expect(notification.htmlBody).toContain("R&amp;D &quot;Labs&quot; O&#39;Neil");
    expect(notification.htmlBody).not.toContain('R&D "Labs"');
    expect(acknowledgement.toAddress).toBe(input.email);
    expect(acknowledgement.textBody).toContain("within 24 hours");
    expect(acknowledgement.textBody).toContain("AI Security Governance");
    // The acknowledgement repeats none of the visitor's free text (see contact-templates.ts).
    expect(acknowledgement.textBody).not.toContain(input.message);
    expect(acknowledgement.textBody).not.toContain("Labs");

    // Without SMTP_URL their jobs (run here as a worker would) keep and log both messages.
    expect(await drainOutbox(t.db)).toEqual({ sent: 2, failed: 0 });
    const rows = await mailsFor(body.id, input.email as string);
    expect(rows.map((m) => m.status)).toEqual(["logged", "logged"]);
  });

  it("accepts markup and injection samples, stores them as sent, and escapes them in the notification's HTML part", async () => {
    const sample = 'Our bot answered <script>alert(document.cookie)</script> and <img src=x onerror="alert(1)"> <!-- x -->';
    const input = validInquiry({ name: "Dana <b>W</b>", company: "Acme <i>Corp</i>", message: sample });
    const response = await send(input);
    expect(response.status).toBe(200);
    const { id } = await response.json();
    const [stored] = await t.db
      .select({ name: contactInquiries.name, company: contactInquiries.company, message: contactInquiries.message })
      .from(contactInquiries)
      .where(eq(contactInquiries.id, id));
    expect(stored).toEqual({ name: "Dana <b>W</b>", company: "Acme <i>Corp</i>", message: sample });

    // Rendered from the stored row, as the route does: the HTML part is inert, the text part verbatim.
    const mail = await contactNotificationMail({ ...(input as ContactInquiry), ...stored! }, { id, receivedAt: new Date() });
    expect(mail.text).toContain(sample);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<b>W</b>");
    expect(mail.html).toContain("&lt;script&gt;alert(document.cookie)&lt;/script&gt;");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &lt;!-- x --&gt;");
    // Their jobs run now, so the next test's transport sees only its own mail.
    expect(await drainOutbox(t.db)).toEqual({ sent: 2, failed: 0 });
    const rows = await mailsFor(id, input.email as string);
    expect(rows.map((m) => m.status)).toEqual(["logged", "logged"]);
  });

  it("keeps the inquiry when the mail server fails, retries later with backoff, then delivers", async () => {
    const failing = vi.fn(async () => {
      throw new Error("SMTP connection refused");
    });
    setMailTransport({ send: failing });
    const input = validInquiry();
    const response = await send(input);
    expect(response.status).toBe(200);
    const { id } = await response.json();
    expect(await drainOutbox(t.db)).toEqual({ sent: 0, failed: 2 });

    // One attempt each, then pending, their jobs waiting for the back-off.
    const rows0 = await mailsFor(id, input.email as string);
    expect(rows0).toHaveLength(2);
    for (const row of rows0) expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP connection refused" });
    expect(failing).toHaveBeenCalledTimes(2);
    const [stored] = await t.db.select().from(contactInquiries).where(eq(contactInquiries.id, id));
    expect(stored?.email).toBe(input.email);

    // Not due yet: another drain sends nothing.
    expect(await drainOutbox(t.db)).toEqual({ sent: 0, failed: 0 });

    // Once the backoff has passed, a working transport delivers both.
    const delivered: OutgoingMail[] = [];
    setMailTransport({ send: async (mail) => void delivered.push(mail) });
    expect(await drainOutbox(t.db, { early: true })).toEqual({ sent: 2, failed: 0 });
    expect(delivered.map((m) => m.to).sort()).toEqual([input.email, INBOX].sort());
    const rows = await mailsFor(id, input.email as string);
    expect(rows.map((m) => [m.status, m.attempts])).toEqual([
      ["sent", 2],
      ["sent", 2],
    ]);
  });
});

describe("POST /api/contact/send: invalid and malicious bodies", () => {
  const cases: [string, { body?: unknown; raw?: string }, RegExp][] = [
    ["name as a number", { body: validInquiry({ name: 12345 }) }, /Name is required/],
    ["email as a boolean", { body: validInquiry({ email: true }) }, /Invalid email address/],
    ["message as an array", { body: validInquiry({ message: ["hello", "world"] }) }, /Message is required/],
    ["an object for the company", { body: validInquiry({ company: { $ne: null } }) }, /Company name is required/],
    ["an empty object", { body: {} }, /Name is required/],
    ["only a name", { body: { name: "Dana" } }, /Invalid email address/],
    ["a JSON array", { body: [validInquiry()] }, /must be a JSON object/],
    ["JSON null", { body: null }, /must be a JSON object/],
    ["a JSON string", { body: "hello" }, /must be a JSON object/],
    ["form-encoded data", { raw: "name=Dana&email=dana%40x.test" }, /valid JSON/],
    ["truncated JSON", { raw: '{"name": "Dana", "email":' }, /valid JSON/],
    ["an empty body", { raw: "" }, /valid JSON/],
    [
      "an escape character in the message",
      { body: validInquiry({ message: "Hello there \u001b[2J friend, this is long" }) },
      /characters that are not allowed/,
    ],
    ["a script in the email", { body: validInquiry({ email: "<script>@x.test" }) }, /Invalid email address/],
    ["a header injection in the name", { body: validInquiry({ name: "Dana\r\nBcc: victim@x.test" }) }, /characters that are not allowed/],
    [
      "a NUL character in the message",
      { body: validInquiry({ message: "Hello there\u0000 friend, this is long" }) },
      /characters that are not allowed/,
    ],
    ["an unknown service", { body: validInquiry({ serviceInterest: "Penetration of competitors" }) }, /Please select a service/],
    ["a blank service", { body: validInquiry({ serviceInterest: "" }) }, /Please select a service/],
    ["a one-letter name", { body: validInquiry({ name: "D" }) }, /Name must be at least 2 characters/],
    ["a name of spaces", { body: validInquiry({ name: "      " }) }, /Name must be at least 2 characters/],
    ["a bad email", { body: validInquiry({ email: "dana@" }) }, /Invalid email address/],
    ["a one-letter company", { body: validInquiry({ company: "X" }) }, /Company name must be at least 2 characters/],
    ["a short message", { body: validInquiry({ message: "Hi there" }) }, /Message must be at least 10 characters/],
    ["a message over 5000 characters", { body: validInquiry({ message: "C".repeat(5001) }) }, /Message must be at most 5000 characters/],
    ["a honeypot that is not a string", { body: validInquiry({ website: 42 }) }, /Invalid input/],
  ];

  it.each([
    ["a 1 MB message", validInquiry({ message: "A".repeat(1_000_000) })],
    ["a 1 MB name", validInquiry({ name: "B".repeat(1_000_000) })],
  ])("refuses %s with 413 and the limit, storing nothing", async (_label, body) => {
    const before = await counts();
    const response = await send(body);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      error: "The message is too large: requests are limited to 32 KB.",
      code: "payload_too_large",
    });
    expect(await counts()).toEqual(before);
  });

  it.each(cases)("refuses %s with 400 and an error naming the problem, storing nothing", async (_label, request, message) => {
    const before = await counts();
    const response = await send(request.body, { raw: request.raw });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.success).toBe(false);
    expect(body.error).toMatch(message);
    expect(await counts()).toEqual(before);
  });

  it("names every invalid field in fieldErrors", async () => {
    const response = await send({ name: "D", email: "nope", company: "", serviceInterest: "", message: "short" });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      name: "Name must be at least 2 characters",
      email: "Invalid email address",
      company: "Company name must be at least 2 characters",
      serviceInterest: "Please select a service",
      message: "Message must be at least 10 characters",
    });
  });

  it("accepts a plain '<' that opens no tag", async () => {
    const response = await send(validInquiry({ message: "We have <10 engineers and 3 < 5 models in production." }));
    expect(response.status).toBe(200);
  });

  it("refuses a post from another site's page with 403", async () => {
    const before = await counts();
    const response = await send(validInquiry(), { headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await send(validInquiry(), { headers: { origin: "http://localhost:3000" } })).status).toBe(200);
  });
});

describe("POST /api/contact/send: spam protection", () => {
  it("answers a filled honeypot like a success but stores and sends nothing", async () => {
    const before = await counts();
    const input = validInquiry({ website: "https://cheap-pills.example" });
    const response = await send(input);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await counts()).toEqual(before);
    const stored = await t.db
      .select()
      .from(contactInquiries)
      .where(eq(contactInquiries.email, input.email as string));
    expect(stored).toHaveLength(0);
  });

  it("accepts an empty honeypot, which is what the real form sends", async () => {
    expect((await send(validInquiry({ website: "" }))).status).toBe(200);
  });

  it(`limits one address to ${CONTACT_RATE_LIMIT.max} requests per ${CONTACT_RATE_LIMIT.windowSeconds / 60} minutes with a clear 429`, async () => {
    const ip = nextTestIp();
    const sender = validInquiry().email;
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await send(validInquiry({ email: sender }), { ip })).status).toBe(200);
    }
    const before = await counts();
    const limited = await send(validInquiry({ email: sender }), { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(500);
    const body = await limited.json();
    expect(body.success).toBe(false);
    expect(body.error).toMatch(
      /Too many messages from your network\. Please wait 10 minutes and try again, or email us at inquiries@sentinel\.test\./,
    );
    expect(await counts()).toEqual(before);
    // Invalid bodies count too, and the limit is per address: another address is unaffected.
    expect((await send({}, { ip })).status).toBe(429);
    expect((await send(validInquiry(), { ip: nextTestIp() })).status).toBe(200);
    const stored = await t.db
      .select()
      .from(contactInquiries)
      .where(eq(contactInquiries.email, sender as string));
    expect(stored).toHaveLength(CONTACT_RATE_LIMIT.max);
  });
});
