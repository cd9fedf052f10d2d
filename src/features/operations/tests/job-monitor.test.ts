// Admin → Operations over the real job engine: a job that fails until it is dead-lettered shows
// in its queue's counts and in the dead jobs with its error in plain words; Retry sends it back to
// its queue, Discard deletes it, both audited; a client and a stale id are refused.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { retryFailedMailAction } from "@/features/operations/actions/admin";
import { discardDeadJobAction, retryDeadJobAction } from "@/features/operations/actions/jobs";
import { getJobOverview, listFailedMails, plainError } from "@/features/operations/server";
import { currentDbHandle } from "@/server/core/db/client";
import { auditLog } from "@/features/audit/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { mailSendJob } from "@/server/core/mail/outbox";
import { runningJobEngine, startJobEngine, stopJobEngine } from "@/server/core/jobs/engine";
import { DEAD_LETTER_QUEUE } from "@/server/core/jobs/job";
import { authHeaders } from "@tests/integration/helpers/auth";
import { adminActor, adminCookie, clientCookie } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
const t = setupTestDatabase({ seedDemo: true });

const QUEUE = "test.receiver";
let receiverUp = false;
const runs: number[] = [];

beforeEach(async () => {
  receiverUp = false;
  runs.length = 0;
  await startJobEngine(currentDbHandle()!, [
    {
      name: QUEUE,
      retryLimit: 1,
      retryDelaySeconds: 1,
      run: async () => {
        runs.push(Date.now());
        if (!receiverUp) throw new Error("connect ECONNREFUSED 127.0.0.1:9\n    at TCPConnectWrap.afterConnect (node:net:1555:16)");
      },
    },
  ]);
});
afterEach(async () => {
  await stopJobEngine(1000);
  requestHeaders.current = new Headers();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends a job that fails on each try, and waits for the dead letters to hold it (a dead job not there before). */
async function deadJob(): Promise<string> {
  const actor = await adminActor();
  const before = new Set((await getJobOverview(t.db, { actor })).dead.map((job) => job.id));
  await runningJobEngine()!.send(QUEUE, { deliveryId: "d-1" });
  const isNew = (job: { id: string; queue: string }) => job.queue === QUEUE && !before.has(job.id);
  const overview = await until(
    () => getJobOverview(t.db, { actor }),
    (o) => o.dead.some(isNew),
  );
  return overview.dead.find(isNew)!.id;
}

const auditOf = (id: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe("the job monitor", () => {
  it("counts a job retried then dead-lettered on its queue, and shows its error without the stack", async () => {
    const actor = await adminActor();
    const jobId = await deadJob();
    expect(runs).toHaveLength(2);
    const overview = await getJobOverview(t.db, { actor });
    expect(overview.engineRunning).toBe(true);
    const queue = overview.queues.find((q) => q.name === QUEUE);
    expect(queue).toMatchObject({ waiting: 0, active: 0, failed: 1, dead: 1, oldestWaitingSeconds: null });
    expect(overview.queues.some((q) => q.name === DEAD_LETTER_QUEUE)).toBe(false);
    expect(overview.dead.find((job) => job.id === jobId)).toMatchObject({
      queue: QUEUE,
      error: "connect ECONNREFUSED 127.0.0.1:9",
      about: "deliveryId d-1",
      attempts: 2,
    });
  });

  it("counts what waits and how long the oldest has waited", async () => {
    const actor = await adminActor();
    await runningJobEngine()!.send(QUEUE, null, { startAfter: 3600 });
    const queue = (await getJobOverview(t.db, { actor })).queues.find((q) => q.name === QUEUE)!;
    expect(queue.waiting).toBeGreaterThanOrEqual(1);
    expect(queue.oldestWaitingSeconds).toBeGreaterThanOrEqual(0);
  });

  it("says a failure in plain words whatever shape pg-boss kept it in", () => {
    expect(plainError({ name: "Error", message: "Error: HTTP 503\n    at deliver (x.ts:1:1)", stack: "…" })).toBe("HTTP 503");
    expect(plainError({ value: { message: "job timed out" } })).toBe("It ran longer than allowed (its instance may have stopped).");
    expect(plainError({ value: "refused" })).toBe("refused");
    expect(plainError(null)).toBe("It stopped without saying why.");
    expect(plainError({ message: "x".repeat(500) })).toHaveLength(200);
  });

  it("is for admins only", async () => {
    await expect(getJobOverview(t.db, { actor: { role: "client" } as never })).rejects.toThrow();
  });
});

describe("Retry and Discard", () => {
  it("Retry sends the dead job back to its queue, where it runs again, and records it in the audit log", async () => {
    const jobId = await deadJob();
    receiverUp = true;
    requestHeaders.current = authHeaders(await adminCookie());
    expect(await retryDeadJobAction({ jobId })).toEqual({ success: true, data: { queue: QUEUE } });
    const actor = await adminActor();
    const after = await getJobOverview(t.db, { actor });
    expect(after.dead.some((job) => job.id === jobId)).toBe(false);
    await until(
      async () => runs.length,
      (n) => n >= 3,
    );
    expect(runs).toHaveLength(3);
    const [entry] = await auditOf(jobId, "job.retry");
    expect(entry).toMatchObject({ entityType: "job", before: { queue: QUEUE, state: "dead" }, after: { queue: QUEUE, state: "queued" } });
    // A second press finds nothing to retry.
    expect(await retryDeadJobAction({ jobId })).toMatchObject({ success: false, code: "not_found" });
  });

  it("Discard deletes the dead job for good and records what it was", async () => {
    const jobId = await deadJob();
    requestHeaders.current = authHeaders(await adminCookie());
    expect(await discardDeadJobAction({ jobId })).toEqual({ success: true, data: { queue: QUEUE } });
    expect((await getJobOverview(t.db, { actor: await adminActor() })).dead.some((job) => job.id === jobId)).toBe(false);
    expect(await runningJobEngine()!.findJobs(DEAD_LETTER_QUEUE, { id: jobId })).toEqual([]);
    const [entry] = await auditOf(jobId, "job.discard");
    expect(entry).toMatchObject({ before: { queue: QUEUE, error: "connect ECONNREFUSED 127.0.0.1:9", about: "deliveryId d-1" } });
  });

  it("refuses a client and an anonymous caller, and a bad id with a readable message", async () => {
    const jobId = await deadJob();
    requestHeaders.current = authHeaders(await clientCookie());
    expect(await retryDeadJobAction({ jobId })).toMatchObject({ success: false, error: "Access denied. Admins only." });
    expect(await discardDeadJobAction({ jobId })).toMatchObject({ success: false, error: "Access denied. Admins only." });
    requestHeaders.current = new Headers();
    expect(await discardDeadJobAction({ jobId })).toMatchObject({ success: false, error: "Please sign in." });
    requestHeaders.current = authHeaders(await adminCookie());
    expect(await retryDeadJobAction({ jobId: "not-a-job" })).toMatchObject({ success: false, code: "bad_request" });
    // Nothing moved: the job is still dead, and nobody's refusal was audited as a change.
    expect((await getJobOverview(t.db, { actor: await adminActor() })).dead.some((job) => job.id === jobId)).toBe(true);
    expect(await auditOf(jobId, "job.retry")).toEqual([]);
  });
});

describe("the failed-mail card reads the mail queue's dead jobs", () => {
  it("lists a mail whose job died with the job's error, and Retry sends the job back to the mail queue", async () => {
    const boss = runningJobEngine()!;
    const queue = mailSendJob.name;
    if (!(await boss.getQueue(queue))) await boss.createQueue(queue, { deadLetter: DEAD_LETTER_QUEUE });
    const [mail] = await t.db
      .insert(emailOutbox)
      .values({ toAddress: "dead@example.com", subject: "Dead in the engine", textBody: "x", kind: "test", status: "pending" })
      .returning({ id: emailOutbox.id });
    // Made dead through the engine: one try allowed, failed by the receiver's answer.
    const id = await boss.send(queue, { id: mail!.id }, { retryLimit: 0, startAfter: 3600, singletonKey: mail!.id });
    await boss.fail(queue, id!, { message: "550 mailbox unavailable" });
    const actor = await adminActor();
    const listed = (await listFailedMails(t.db, { actor })).mails.find((m) => m.id === mail!.id);
    expect(listed).toMatchObject({ subject: "Dead in the engine", lastError: "550 mailbox unavailable", canRetry: true });

    requestHeaders.current = authHeaders(await adminCookie());
    expect(await retryFailedMailAction({ mailId: mail!.id })).toMatchObject({ success: true });
    expect((await listFailedMails(t.db, { actor })).mails.some((m) => m.id === mail!.id)).toBe(false);
    const requeued = await boss.findJobs(queue, { data: { id: mail!.id }, queued: true });
    expect(requeued).toHaveLength(1);
    const [entry] = await auditOf(mail!.id, "mail.retry");
    expect(entry?.after).toMatchObject({ jobsRequeued: 1 });
  });
});
