// A company's GitLab connection against the fake GitLab (tools/fake-gitlab), which keeps GitLab's
// rules (docs/PRODUCT.md#integrations): the same queue, sync and verdicts as GitHub's through the
// one tracker shape; GitLab's own refusals (a token without the api scope, a rate limit's
// Retry-After) in its words; its webhook proven by the secret token it carries.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findingEvents, findingRetests, findings } from "@/features/findings/server/schema/records";
import { trackerConnections, trackerTickets } from "@/features/trackers/server/schema";
import { POST as gitlabHook } from "@/app/api/trackers/gitlab/[id]/route";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import {
  connectTracker,
  listTrackerConnections,
  listTrackerTargets,
  requestTicket,
  testTrackerConnection,
} from "@/features/trackers/server";
import { runningJobSender } from "@/server/core/jobs/send";
import { drainTrackerTickets, queueTicketAttempt, requeueUnfiledTickets } from "@/features/trackers/server/tickets";
import { postRetestVerdicts } from "@/features/trackers/server/verdicts";
import { syncTrackerTickets } from "@/features/trackers/server/sync";
import { requestRetest } from "@/features/findings/server";
import { recordRetestResult } from "@/features/findings/server/workflow";
import { reopenTicketsOfOpenFindings } from "@/features/trackers/server/reopen";
import { regressFinding } from "./regress-finding";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { type RouteReceiver, startRouteReceiver } from "@tests/integration/helpers/route-receiver";
import { createFreshObjects, TENANTS } from "@tests/integration/helpers/tenants";
import { type FakeGitLab, startFakeGitLab } from "../../../../tools/fake-gitlab/server";

const t = setupTestDatabase({ seedDemo: true });

let fake: FakeGitLab;
let disallow = () => {};
let receiver: RouteReceiver;

beforeAll(async () => {
  fake = await startFakeGitLab();
  disallow = allowLoopbackForTests(`127.0.0.1:${fake.port}`);
  receiver = await startRouteReceiver(gitlabHook);
});
afterAll(async () => {
  disallow();
  await fake.close();
  await receiver.close();
});

const owner = () => clientActor(DEMO_USERS.acme.email);
let projects = 0;
/** A new project of Acme's with a token that may file and close its issues (api scope, Reporter). */
function project(options: { scopes?: string[]; accessLevel?: number; rateLimit?: number } = {}) {
  projects += 1;
  const path = `acme-sec/app-${projects}`;
  fake.addProject({ namespace: "acme-sec", name: `app-${projects}` });
  const token = fake.issueToken({ project: path, scopes: ["api"], accessLevel: 20, ...options });
  return { path, token };
}
async function connect(path: string, token: string) {
  return connectTracker(t.db, { actor: await owner(), kind: "gitlab", baseUrl: fake.url, target: path, token });
}
const statusOf = async (findingId: string) =>
  (await t.db.select({ status: findings.status }).from(findings).where(eq(findings.id, findingId)))[0]!.status;

describe("connecting GitLab", () => {
  it("refuses a self-managed address on a private or loopback network (outside the tests' allowance), keeping nothing", async () => {
    const { path, token } = project();
    for (const baseUrl of ["https://10.0.0.1", `http://127.0.0.1:${fake.port + 1}`, "https://localhost"]) {
      const refused = connectTracker(t.db, { actor: await owner(), kind: "gitlab", baseUrl, target: path, token });
      await expect(refused).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/not an address on the public internet/) });
    }
    expect((await listTrackerConnections(t.db, { actor: await owner() })).filter((c) => c.kind === "gitlab")).toEqual([]);
  });

  it("lists the project a project access token is a member of, for the form to pick from", async () => {
    const { path, token } = project();
    expect(await listTrackerTargets({ actor: await owner(), kind: "gitlab", baseUrl: fake.url, token })).toEqual({ targets: [path] });
    await expect(
      listTrackerTargets({ actor: await owner(), kind: "gitlab", baseUrl: fake.url, token: "glpat-nope" }),
    ).rejects.toMatchObject({
      status: 400,
      fieldErrors: { token: "GitLab: 401 Unauthorized" },
    });
  });

  it("checks the token with GitLab first: refusals in GitLab's words, and nothing kept", async () => {
    const { path, token } = project();
    await expect(connect(path, "glpat-nope")).rejects.toMatchObject({ status: 400, message: "GitLab: 401 Unauthorized" });
    await expect(connect("acme-sec/missing", token)).rejects.toMatchObject({ status: 400, message: "GitLab: 404 Project Not Found" });
    fake.addProject({ namespace: "acme-sec", name: "no-issues", issues: false });
    const noIssues = fake.issueToken({ project: "acme-sec/no-issues", scopes: ["api"], accessLevel: 20 });
    await expect(connect("acme-sec/no-issues", noIssues)).rejects.toMatchObject({
      status: 400,
      message: "GitLab: issues are turned off in acme-sec/no-issues.",
    });
    expect((await listTrackerConnections(t.db, { actor: await owner() })).filter((c) => c.kind === "gitlab")).toEqual([]);
  });

  it("files a finding as one issue in Markdown with its labels, however often asked or retried; a revoked token shows failing", async () => {
    const { path, token } = project();
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const { id, webhookSecret } = await connect(path, token);
    const [stored] = await t.db.select().from(trackerConnections).where(eq(trackerConnections.id, id));
    expect(stored).toMatchObject({ kind: "gitlab", target: path, baseUrl: fake.url, state: "connected" });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(webhookSecret);

    const first = await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    const again = await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    expect(again).toEqual({ ticketId: first.ticketId, queued: false });
    expect(await drainTrackerTickets(t.db)).toEqual({ filed: 1, failed: 0 });
    const issues = fake.issues(path);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toContain(`<!-- sentinel-finding:${fresh.openFindingId} -->`);
    expect(issues[0]!.description).toContain("## Remediation");
    expect(issues[0]!.labels).toEqual([expect.stringMatching(/^security:/)]);
    const [ticket] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.id, first.ticketId));
    expect(ticket).toMatchObject({ state: "open", externalKey: String(issues[0]!.iid), externalUrl: issues[0]!.web_url });

    // An attempt that filed the issue and died before recording it: the retry finds it by its marker.
    await t.db
      .update(trackerTickets)
      .set({ state: "creating", externalKey: null, externalUrl: null, attempts: 1 })
      .where(eq(trackerTickets.id, first.ticketId));
    // Its job is run again, as the engine retries a job whose instance died.
    await queueTicketAttempt(t.db, first.ticketId, 1);
    expect(await drainTrackerTickets(t.db)).toEqual({ filed: 1, failed: 0 });
    expect(fake.issues(path)).toHaveLength(1);

    fake.revokeToken(token);
    expect(await testTrackerConnection(t.db, { actor: await owner(), connectionId: id })).toEqual({
      state: "failing",
      message: "GitLab: Token was revoked. You have to re-authorize from the user.",
    });
  });

  it("refuses a token that may only read (read_api) or whose role cannot close issues (Guest), in words that say so", async () => {
    const readOnly = project({ scopes: ["read_api"] });
    await expect(connect(readOnly.path, readOnly.token)).rejects.toMatchObject({
      status: 400,
      message: "GitLab: this token's scopes (read_api) cannot file issues: it needs api.",
    });
    const guest = project({ accessLevel: 10 });
    await expect(connect(guest.path, guest.token)).rejects.toMatchObject({
      status: 400,
      message: `GitLab: this token's role (Guest) in ${guest.path} cannot close issues: it needs Planner or more.`,
    });
    const planner = project({ accessLevel: 15 });
    await expect(connect(planner.path, planner.token)).resolves.toMatchObject({ id: expect.any(String) });
    expect((await listTrackerConnections(t.db, { actor: await owner() })).map((c) => c.target)).not.toContain(readOnly.path);
  });

  it("a rate limit waits what GitLab's Retry-After asks before trying again, keeps the connection connected, and gives up after six tries", async () => {
    // GitLab counts in fixed minutes: a clock held at a minute's start keeps both requests in one.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const limited = await startFakeGitLab({ now: () => minute, rateLimit: 2 });
    const allow = allowLoopbackForTests(`127.0.0.1:${limited.port}`);
    try {
      limited.addProject({ namespace: "acme-sec", name: "limited" });
      const token = limited.issueToken({ project: "acme-sec/limited", scopes: ["api"], accessLevel: 20 });
      const fresh = await createFreshObjects(t.db, TENANTS.acme);
      // The check at connecting (the project, then the token's scopes) is the minute's two requests.
      const { id } = await connectTracker(t.db, {
        actor: await owner(),
        kind: "gitlab",
        baseUrl: limited.url,
        target: "acme-sec/limited",
        token,
      });
      const { ticketId } = await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
      const before = Date.now();
      expect(await drainTrackerTickets(t.db)).toEqual({ filed: 0, failed: 1 });
      const [ticket] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.id, ticketId));
      expect(ticket!.lastError).toBe("GitLab: Retry later");
      // GitLab asked for the rest of the minute, no longer than the engine's first back-off: the
      // same job is retried after it.
      const [retry] = await runningJobSender()!.findJobs("trackers.file-ticket", { key: `${ticketId}:1` });
      expect(retry).toMatchObject({ state: "retry", retryCount: 0 });
      expect(retry!.startAfter.getTime()).toBeGreaterThanOrEqual(before + 59_000);
      // The periodic sweep for tickets left without a job leaves one waiting for the engine's retry alone.
      await requeueUnfiledTickets(t.db);
      expect(await runningJobSender()!.findJobs("trackers.file-ticket", { key: `${ticketId}:2` })).toEqual([]);
      const [connection] = await t.db.select().from(trackerConnections).where(eq(trackerConnections.id, id));
      expect(connection!.state).toBe("connected");

      // The clock stays in the refused minute: the retries fail too, six tries in all, then none.
      for (let tries = 2; tries <= 6; tries += 1) {
        expect(await drainTrackerTickets(t.db, { early: true })).toEqual({ filed: 0, failed: 1 });
      }
      expect(await drainTrackerTickets(t.db, { early: true })).toEqual({ filed: 0, failed: 0 });
      const [given] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.id, ticketId));
      expect(given).toMatchObject({ state: "creating", attempts: 6, lastError: "GitLab: Retry later" });
      const jobs = await runningJobSender()!.findJobs("trackers.file-ticket", { data: { id: ticketId } });
      expect(jobs.filter((job) => ["created", "retry", "active"].includes(job.state))).toEqual([]);
      expect(limited.issues("acme-sec/limited")).toEqual([]);
    } finally {
      allow();
      await limited.close();
    }
  });
});

describe("GitLab telling us of a ticket", () => {
  it("an issue closed in GitLab asks for a retest under GitLab's name; a delivery with another token is refused", async () => {
    const { path, token } = project();
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const { id, webhookSecret } = await connect(path, token);
    fake.addWebhook(path, { url: `${receiver.url}/api/trackers/gitlab/${id}`, token: webhookSecret });
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    await fake.flushDeliveries();
    const [issue] = fake.issues(path);

    receiver.answers.length = 0;
    await fake.forgeDelivery(path, issue!.iid);
    expect(receiver.answers).toEqual([401]);
    expect(await statusOf(fresh.openFindingId)).toBe("open");

    await fake.closeIssue(path, issue!.iid);
    expect(receiver.answers.at(-1)).toBe(200);
    expect(await statusOf(fresh.openFindingId)).toBe("fixed_pending_retest");
    const [retest] = await t.db.select().from(findingRetests).where(eq(findingRetests.findingId, fresh.openFindingId));
    expect(retest).toMatchObject({ requestedByName: "GitLab", result: null, note: `Closed in GitLab (#${issue!.iid}).` });

    await fake.reopenIssue(path, issue!.iid);
    expect(receiver.answers.at(-1)).toBe(200);
    expect(await statusOf(fresh.openFindingId)).toBe("open");
    const [back] = await t.db
      .select()
      .from(findingEvents)
      .where(and(eq(findingEvents.findingId, fresh.openFindingId), eq(findingEvents.kind, "status")));
    expect(back).toMatchObject({ actorName: "GitLab", toStatus: "open", note: `Reopened in GitLab (#${issue!.iid}).` });
  });

  it("posts the firm's verdicts as notes, closing the issue when verified", async () => {
    const { path, token } = project();
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const { id } = await connect(path, token);
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    const [issue] = fake.issues(path);

    await requestRetest(t.db, { actor: await owner(), findingId: fresh.openFindingId, note: "Patched." });
    await recordRetestResult(t.db, { actor: await adminActor(), findingId: fresh.openFindingId, result: "still_open", note: "Bypassed." });
    expect(await postRetestVerdicts(t.db)).toEqual({ posted: 1, failed: 0 });
    expect(fake.issues(path)[0]!.state).toBe("opened");
    await requestRetest(t.db, { actor: await owner(), findingId: fresh.openFindingId, note: "Second try." });
    await recordRetestResult(t.db, { actor: await adminActor(), findingId: fresh.openFindingId, result: "verified_fixed", note: "" });
    expect(await postRetestVerdicts(t.db)).toEqual({ posted: 1, failed: 0 });
    expect(await postRetestVerdicts(t.db)).toEqual({ posted: 0, failed: 0 });
    expect(fake.issues(path)[0]!.state).toBe("closed");
    const notes = fake.notes(path, issue!.iid).map((note) => note.body);
    expect(notes).toEqual([expect.stringContaining("Still Open"), expect.stringContaining("Verified Fixed")]);
    expect(await statusOf(fresh.openFindingId)).toBe("verified_fixed");

    // A run of the reproducer lands on the fixed finding: the issue is reopened, with a note, once.
    expect(await reopenTicketsOfOpenFindings(t.db)).toEqual({ reopened: 0, failed: 0 });
    await regressFinding(t.db, { actor: await owner(), findingId: fresh.openFindingId });
    expect(await reopenTicketsOfOpenFindings(t.db)).toEqual({ reopened: 1, failed: 0 });
    expect(await reopenTicketsOfOpenFindings(t.db)).toEqual({ reopened: 0, failed: 0 });
    expect(fake.issues(path)[0]!.state).toBe("opened");
    expect(fake.notes(path, issue!.iid).at(-1)?.body).toContain("the finding is Regressed in the portal");
  });

  it("without a webhook, the sync finds an issue closed in GitLab", async () => {
    const { path, token } = project();
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const { id } = await connect(path, token);
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    const [issue] = fake.issues(path);
    await fake.closeIssue(path, issue!.iid);
    expect(await statusOf(fresh.openFindingId)).toBe("open");
    await syncTrackerTickets(t.db);
    expect(await statusOf(fresh.openFindingId)).toBe("fixed_pending_retest");
  });
});
