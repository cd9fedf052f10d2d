// Mail queued by a request goes out as soon as the request's transaction commits (src/server/core/README.md,
// "Mail"): its job, sent with the row, is taken by a worker of the job engine (which polls every
// 2 s): a document upload, a project status change and a booking decision each reach a real SMTP
// server within 4 seconds, with no drain started by hand.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { decideBookingAction } from "@/features/bookings/actions/admin";
import { setProjectStatusAction } from "@/features/projectadmin/actions/admin";
import { POST as upload } from "@/app/api/admin/documents/upload/route";
import { serviceBookings } from "@/features/bookings/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_CLIENTS, DEMO_PROJECTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { resetServerEnv } from "@/server/core/env";
import type { PgBoss } from "pg-boss";
import { createJobEngine } from "@/server/core/jobs/engine";
import { setMailTransport } from "@/server/core/mail/mailer";
import { mailSendJob } from "@/server/core/mail/outbox";
import { adminCookie } from "./helpers/admin-session";
import { authHeaders } from "./helpers/auth";
import { setupTestDatabase } from "./helpers/db";
import { requestHeaders } from "./helpers/next-headers-mock";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp-sink";
import { pdfBytes } from "./helpers/upload-files";

vi.mock("next/headers", async () => (await import("./helpers/next-headers-mock")).nextHeadersMock);
const t = setupTestDatabase({ seedDemo: true });
const WITHIN_MS = 4000;
let engine: PgBoss | undefined;
let sink: SmtpSink;
let cookie = "";

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  resetServerEnv();
  setMailTransport(undefined);
  cookie = await adminCookie();
  engine = await createJobEngine(t.handle, [mailSendJob]);
});
afterEach(async () => {
  requestHeaders.current = new Headers();
});
afterAll(async () => {
  await engine?.stop({ graceful: true, close: false, timeout: 5000 });
  await sink.close();
  delete process.env.SMTP_URL;
  resetServerEnv();
  setMailTransport(undefined);
});

/** How long after `startedAt` the mail with this subject (to `to`, when given) arrived, or null when it did not within WITHIN_MS. */
async function arrivalOf(subject: string, startedAt: number, to?: string): Promise<number | null> {
  while (Date.now() - startedAt < WITHIN_MS) {
    if (sink.received.some((m) => m.subject === subject && (!to || m.to === to))) return Date.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** The outbox's pending rows once none is left, or as they are when WITHIN_MS from `startedAt` has passed. */
async function pendingMailAfter(startedAt: number) {
  for (;;) {
    const pending = await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, "pending"));
    if (pending.length === 0 || Date.now() - startedAt >= WITHIN_MS) return pending;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("mail queued by a request is sent when the request ends", () => {
  it("a document upload (route handler) mails the client's user within 4 seconds", async () => {
    const name = `findings-${Date.now()}.pdf`;
    const form = new FormData();
    form.set("clientId", DEMO_CLIENTS.acme.id);
    form.set("category", "report");
    form.set("file", new File([pdfBytes()], name, { type: "application/pdf" }));
    const startedAt = Date.now();
    const response = await upload(
      new Request("http://localhost:3000/api/admin/documents/upload", { method: "POST", headers: authHeaders(cookie), body: form }),
    );
    expect(response.status).toBe(201);
    const elapsed = await arrivalOf(`New document: ${name}`, startedAt, DEMO_USERS.acme.email);
    expect(elapsed).not.toBeNull();
    expect(elapsed!).toBeLessThan(WITHIN_MS);
  });

  it("a project status change (server action) mails the client within 4 seconds", async () => {
    requestHeaders.current = authHeaders(cookie);
    const project = DEMO_PROJECTS.find((p) => p.clientId === DEMO_CLIENTS.acme.id)!;
    const startedAt = Date.now();
    expect(await setProjectStatusAction({ projectId: project.id, status: "frozen" })).toMatchObject({ success: true });
    const elapsed = await arrivalOf(`Project ${project.projectName} is now Frozen`, startedAt);
    expect(elapsed).not.toBeNull();
    expect(elapsed!).toBeLessThan(WITHIN_MS);
  });

  it("a booking decision (server action) mails the client within 4 seconds, and leaves no pending mail", async () => {
    requestHeaders.current = authHeaders(cookie);
    const [booking] = await t.db
      .select({ id: serviceBookings.id, serviceType: serviceBookings.serviceType })
      .from(serviceBookings)
      .where(eq(serviceBookings.status, "pending"))
      .limit(1);
    expect(booking).toBeDefined();
    const startedAt = Date.now();
    expect(await decideBookingAction({ bookingId: booking!.id, decision: "approve" })).toMatchObject({ success: true });
    const elapsed = await arrivalOf(`Your booking for ${booking!.serviceType} is approved`, startedAt);
    expect(elapsed).not.toBeNull();
    expect(elapsed!).toBeLessThan(WITHIN_MS);
    // The sink holds the mail a moment before the worker marks its row sent: wait for the row, not the clock.
    expect(await pendingMailAfter(startedAt)).toEqual([]);
  });
});
