// A company's GitHub connection against the fake GitHub (tools/fake-github), which keeps GitHub's
// rules (docs/PRODUCT.md#integrations): the token is checked before anything is kept and sealed
// after; a finding becomes exactly one issue whatever the number of requests; a revoked token shows
// the connection failing in GitHub's words; another company reaches nothing of the connection.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findingEvents, findingRetests, findings } from "@/features/findings/server/schema/records";
import { trackerConnections, trackerTickets } from "@/features/trackers/server/schema";
import { POST as githubHook } from "@/app/api/trackers/github/[id]/route";
import { runningJobSender } from "@/server/core/jobs/send";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import {
  connectTracker,
  listFindingTickets,
  listTrackerConnections,
  listTrackerTargets,
  requestTicket,
  testTrackerConnection,
} from "@/features/trackers/server";
import { drainTrackerTickets, queueTicketAttempt } from "@/features/trackers/server/tickets";
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
import { type FakeGitHub, startFakeGitHub } from "../../../../tools/fake-github/server";

const t = setupTestDatabase({ seedDemo: true });

let fake: FakeGitHub;
let disallow = () => {};
beforeAll(async () => {
  fake = await startFakeGitHub();
  disallow = allowLoopbackForTests(`127.0.0.1:${fake.port}`);
  fake.addRepo({ owner: "acme", name: "gateway" });
});
afterAll(async () => {
  disallow();
  await fake.close();
});

const owner = () => clientActor(DEMO_USERS.acme.email);
const writer = () => fake.issueToken({ kind: "fine-grained", repos: ["acme/gateway"], permissions: { issues: "write" } });
const publishedAcmeFinding = DEMO_FINDINGS.find((f) => f.clientId === TENANTS.acme.clientId && f.publishedDaysAgo !== null)!;

describe("connecting GitHub", () => {
  it("lists the repositories a personal or an installation token can see, for the form to pick from; members may not ask", async () => {
    fake.addRepo({ owner: "acme", name: "listed" });
    const personal = fake.issueToken({ kind: "fine-grained", repos: ["acme/gateway", "acme/listed"], permissions: { issues: "write" } });
    const installation = fake.issueToken({ kind: "installation", repos: ["acme/listed"], permissions: { issues: "write" } });
    const list = async (token: string) => listTrackerTargets({ actor: await owner(), kind: "github", baseUrl: fake.url, token });
    expect(await list(personal)).toEqual({ targets: ["acme/gateway", "acme/listed"] });
    expect(await list(installation)).toEqual({ targets: ["acme/listed"] });
    await expect(list("ghp_nope")).rejects.toMatchObject({
      status: 400,
      message: "GitHub: Bad credentials",
      fieldErrors: { token: "GitHub: Bad credentials" },
    });
    const member = await clientActor(DEMO_USERS.acmeMember.email);
    await expect(listTrackerTargets({ actor: member, kind: "github", baseUrl: fake.url, token: personal })).rejects.toMatchObject({
      status: 403,
    });
  });

  it("refuses a GitHub Enterprise address on a private or loopback network (outside the tests' allowance), keeping nothing", async () => {
    for (const baseUrl of ["https://10.0.0.1/api/v3", `http://127.0.0.1:${fake.port + 1}`, "https://localhost/api/v3"]) {
      const refused = connectTracker(t.db, { actor: await owner(), kind: "github", baseUrl, target: "acme/gateway", token: writer() });
      await expect(refused).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/not an address on the public internet/) });
    }
    const kept = await listTrackerConnections(t.db, { actor: await owner() });
    expect(kept.filter((connection) => connection.target === "acme/gateway")).toEqual([]);
  });

  it("checks the token with GitHub first: a bad one is refused in GitHub's words and nothing is kept", async () => {
    const refused = connectTracker(t.db, {
      actor: await owner(),
      kind: "github",
      baseUrl: fake.url,
      target: "acme/gateway",
      token: "ghp_nope",
    });
    await expect(refused).rejects.toMatchObject({ status: 400, message: "GitHub: Bad credentials" });
    const unknownRepo = connectTracker(t.db, {
      actor: await owner(),
      kind: "github",
      baseUrl: fake.url,
      target: "acme/other",
      token: writer(),
    });
    await expect(unknownRepo).rejects.toMatchObject({ status: 400, message: "GitHub: Not Found" });
    // Only the demo's own connection (demo-trackers.ts), none to this fake.
    expect((await listTrackerConnections(t.db, { actor: await owner() })).filter((c) => c.baseUrl === fake.url)).toEqual([]);
  });

  it("keeps the token sealed, files a finding as one issue however often it is asked, and shows a revoked token as failing", async () => {
    const token = writer();
    const { id, webhookSecret } = await connectTracker(t.db, {
      actor: await owner(),
      kind: "github",
      baseUrl: fake.url,
      target: "acme/gateway",
      token,
    });
    expect(webhookSecret.length).toBeGreaterThan(30);
    const [stored] = await t.db.select().from(trackerConnections).where(eq(trackerConnections.id, id));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(webhookSecret);

    const first = await requestTicket(t.db, { actor: await owner(), findingId: publishedAcmeFinding.id, connectionId: id });
    const again = await requestTicket(t.db, { actor: await owner(), findingId: publishedAcmeFinding.id, connectionId: id });
    expect(first.queued).toBe(true);
    expect(again).toEqual({ ticketId: first.ticketId, queued: false });
    expect(await drainTrackerTickets(t.db)).toEqual({ filed: 1, failed: 0 });
    expect(await drainTrackerTickets(t.db)).toEqual({ filed: 0, failed: 0 });

    const issues = fake.issues("acme/gateway");
    expect(issues).toHaveLength(1);
    expect(issues[0]!.title).toContain(publishedAcmeFinding.title);
    expect(issues[0]!.body).toContain(`sentinel-finding:${publishedAcmeFinding.id}`);
    expect(issues[0]!.body).toContain(`/client-portal?section=findings&finding=${publishedAcmeFinding.id}`);
    const [ticket] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.id, first.ticketId));
    expect(ticket).toMatchObject({
      state: "open",
      externalKey: String(issues[0]!.number),
      externalUrl: issues[0]!.html_url,
      lastError: null,
    });

    // An attempt that filed the issue and died before recording it: the retry finds it by its marker.
    await t.db
      .update(trackerTickets)
      .set({ state: "creating", externalKey: null, externalUrl: null, attempts: 1 })
      .where(eq(trackerTickets.id, first.ticketId));
    // Its job is run again, as the engine retries a job whose instance died.
    await queueTicketAttempt(t.db, first.ticketId, 1);
    expect(await drainTrackerTickets(t.db)).toEqual({ filed: 1, failed: 0 });
    expect(fake.issues("acme/gateway")).toHaveLength(1);
    const [found] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.id, first.ticketId));
    expect(found).toMatchObject({ state: "open", externalKey: String(issues[0]!.number) });

    fake.revokeToken(token);
    expect(await testTrackerConnection(t.db, { actor: await owner(), connectionId: id })).toEqual({
      state: "failing",
      message: "GitHub: Bad credentials",
    });
  });

  it("another company lists none of the connection nor the finding's ticket, and cannot file into it", async () => {
    const { id } = await connectTracker(t.db, {
      actor: await owner(),
      kind: "github",
      baseUrl: fake.url,
      target: "acme/gateway",
      token: writer(),
    }).catch(async () => ({
      id: (await listTrackerConnections(t.db, { actor: await owner() })).find((c) => c.baseUrl === fake.url)!.id,
    }));
    const globex = await clientActor(DEMO_USERS.globex.email);
    expect((await listTrackerConnections(t.db, { actor: globex })).map((connection) => connection.id)).not.toContain(id);
    // Acme's finding page shows the ticket filed above; Globex asking for the same finding sees no connection.
    const acmeRows = await listFindingTickets(t.db, { actor: await owner(), findingId: publishedAcmeFinding.id });
    expect(acmeRows.find((row) => row.connectionId === id)).toMatchObject({
      kind: "github",
      target: "acme/gateway",
      ticket: { state: "open", lastError: null },
    });
    // Globex's own connections, with no ticket for a finding that is not its own.
    const globexRows = await listFindingTickets(t.db, { actor: globex, findingId: publishedAcmeFinding.id });
    expect(globexRows.map((row) => [row.connectionId === id, row.ticket])).toEqual(globexRows.map(() => [false, null]));
    await expect(requestTicket(t.db, { actor: globex, findingId: publishedAcmeFinding.id, connectionId: id })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("GitHub asking us to wait", () => {
  it("a Retry-After longer than the engine's back-off is waited out by the next try's own job, and the issue is filed once", async () => {
    let skew = 0;
    const limited = await startFakeGitHub({ now: () => Date.now() + skew, secondaryRateLimit: { perHour: 1 } });
    const allow = allowLoopbackForTests(`127.0.0.1:${limited.port}`);
    try {
      limited.addRepo({ owner: "acme", name: "hourly" });
      const token = limited.issueToken({ kind: "fine-grained", repos: ["acme/hourly"], permissions: { issues: "write" } });
      const { id } = await connectTracker(t.db, {
        actor: await owner(),
        kind: "github",
        baseUrl: limited.url,
        target: "acme/hourly",
        token,
      });
      const fresh = await createFreshObjects(t.db, TENANTS.acme);
      // The token's one issue of the hour, then a second finding GitHub refuses for about an hour.
      await requestTicket(t.db, { actor: await owner(), findingId: publishedAcmeFinding.id, connectionId: id });
      expect(await drainTrackerTickets(t.db)).toEqual({ filed: 1, failed: 0 });
      const { ticketId } = await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
      const before = Date.now();
      expect(await drainTrackerTickets(t.db)).toEqual({ filed: 0, failed: 1 });
      const [refused] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.id, ticketId));
      expect(refused).toMatchObject({ state: "creating", attempts: 1, lastError: expect.stringMatching(/secondary rate limit/) });
      // The engine's first back-off is a minute or two: the first try's job ends, the second's waits the hour.
      const sender = runningJobSender()!;
      expect(await sender.findJobs("trackers.file-ticket", { key: `${ticketId}:1` })).toMatchObject([{ state: "completed" }]);
      const [next] = await sender.findJobs("trackers.file-ticket", { key: `${ticketId}:2` });
      expect(next).toMatchObject({ state: "created" });
      expect(next!.startAfter.getTime()).toBeGreaterThanOrEqual(before + 3_500_000);

      skew = 3_600_000 + 1000;
      expect(await drainTrackerTickets(t.db, { early: true })).toEqual({ filed: 1, failed: 0 });
      expect(limited.issues("acme/hourly")).toHaveLength(2);
      const [filed] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.id, ticketId));
      expect(filed).toMatchObject({ state: "open", attempts: 2, lastError: null });
    } finally {
      allow();
      await limited.close();
    }
  });
});

describe("GitHub telling us of a ticket", () => {
  let receiver: RouteReceiver;
  beforeAll(async () => {
    receiver = await startRouteReceiver(githubHook);
  });
  afterAll(async () => {
    await receiver.close();
  });

  it("an issue closed in GitHub asks for a retest under GitHub's name; a forged delivery is refused and changes nothing", async () => {
    fake.addRepo({ owner: "acme", name: "closing" });
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const token = fake.issueToken({ kind: "fine-grained", repos: ["acme/closing"], permissions: { issues: "write" } });
    const { id, webhookSecret } = await connectTracker(t.db, {
      actor: await owner(),
      kind: "github",
      baseUrl: fake.url,
      target: "acme/closing",
      token,
    });
    fake.addWebhook("acme/closing", { url: `${receiver.url}/api/trackers/github/${id}`, secret: webhookSecret });
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    await fake.flushDeliveries();
    const [issue] = fake.issues("acme/closing");

    receiver.answers.length = 0;
    await fake.forgeDelivery("acme/closing", issue!.number, { action: "closed" });
    expect(receiver.answers).toEqual([401]);
    const status = async () =>
      (await t.db.select({ status: findings.status }).from(findings).where(eq(findings.id, fresh.openFindingId)))[0]!.status;
    expect(await status()).toBe("open");

    await fake.closeIssue("acme/closing", issue!.number);
    expect(receiver.answers.at(-1)).toBe(200);
    expect(await status()).toBe("fixed_pending_retest");
    const [retest] = await t.db.select().from(findingRetests).where(eq(findingRetests.findingId, fresh.openFindingId));
    expect(retest).toMatchObject({
      requestedBy: null,
      requestedByName: "GitHub",
      result: null,
      note: `Closed in GitHub (#${issue!.number}).`,
    });
    const [event] = await t.db
      .select()
      .from(findingEvents)
      .where(and(eq(findingEvents.findingId, fresh.openFindingId), eq(findingEvents.kind, "retest_requested")));
    expect(event).toMatchObject({ actorName: "GitHub", actorId: null, toStatus: "fixed_pending_retest" });
    const [ticket] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.findingId, fresh.openFindingId));
    expect(ticket?.state).toBe("closed");

    // Reopened while the retest waits: the fix did not hold, the request is withdrawn.
    await fake.reopenIssue("acme/closing", issue!.number);
    expect(receiver.answers.at(-1)).toBe(200);
    expect(await status()).toBe("open");
    expect(await t.db.select().from(findingRetests).where(eq(findingRetests.findingId, fresh.openFindingId))).toEqual([]);
    const [back] = await t.db
      .select()
      .from(findingEvents)
      .where(and(eq(findingEvents.findingId, fresh.openFindingId), eq(findingEvents.kind, "status")));
    expect(back).toMatchObject({
      actorName: "GitHub",
      fromStatus: "fixed_pending_retest",
      toStatus: "open",
      note: `Reopened in GitHub (#${issue!.number}).`,
    });
    const [reopened] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.findingId, fresh.openFindingId));
    expect(reopened?.state).toBe("open");
  });

  it("posts the firm's verdict to the ticket once: Still Open as a comment, Verified Fixed as a comment that closes it", async () => {
    fake.addRepo({ owner: "acme", name: "verdicts" });
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const token = fake.issueToken({ kind: "fine-grained", repos: ["acme/verdicts"], permissions: { issues: "write" } });
    const { id, webhookSecret } = await connectTracker(t.db, {
      actor: await owner(),
      kind: "github",
      baseUrl: fake.url,
      target: "acme/verdicts",
      token,
    });
    fake.addWebhook("acme/verdicts", { url: `${receiver.url}/api/trackers/github/${id}`, secret: webhookSecret });
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    const [issue] = fake.issues("acme/verdicts");
    const page = async () => (await fetch(`${fake.url}/acme/verdicts/issues/${issue!.number}`)).text();
    const status = async () =>
      (await t.db.select({ status: findings.status }).from(findings).where(eq(findings.id, fresh.openFindingId)))[0]!.status;

    await requestRetest(t.db, { actor: await owner(), findingId: fresh.openFindingId, note: "Patched the filter." });
    await recordRetestResult(t.db, {
      actor: await adminActor(),
      findingId: fresh.openFindingId,
      result: "still_open",
      note: "Bypassed with base64.",
    });
    expect(await postRetestVerdicts(t.db)).toMatchObject({ posted: 1, failed: 0 });
    expect(await postRetestVerdicts(t.db)).toEqual({ posted: 0, failed: 0 });
    expect(fake.issues("acme/verdicts")[0]).toMatchObject({ state: "open", comments: 1 });
    expect(await page()).toContain("Bypassed with base64.");

    await requestRetest(t.db, { actor: await owner(), findingId: fresh.openFindingId, note: "Second try." });
    await recordRetestResult(t.db, { actor: await adminActor(), findingId: fresh.openFindingId, result: "verified_fixed", note: "" });
    expect(await postRetestVerdicts(t.db)).toMatchObject({ posted: 1, failed: 0 });
    await fake.flushDeliveries();
    expect(fake.issues("acme/verdicts")[0]).toMatchObject({ state: "closed", comments: 2 });
    expect(await page()).toContain("Verified Fixed");
    const [ticket] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.findingId, fresh.openFindingId));
    expect(ticket?.state).toBe("closed");
    // Our own close comes back as GitHub's webhook: a verified finding asks for no retest.
    expect(await status()).toBe("verified_fixed");
    expect(await postRetestVerdicts(t.db)).toEqual({ posted: 0, failed: 0 });
  });

  it("reopens a closed issue whose finding is open again (Still Open after the client closed it, Regressed after a landed run), once each", async () => {
    fake.addRepo({ owner: "acme", name: "reopening" });
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const token = fake.issueToken({ kind: "fine-grained", repos: ["acme/reopening"], permissions: { issues: "write" } });
    const { id, webhookSecret } = await connectTracker(t.db, {
      actor: await owner(),
      kind: "github",
      baseUrl: fake.url,
      target: "acme/reopening",
      token,
    });
    fake.addWebhook("acme/reopening", { url: `${receiver.url}/api/trackers/github/${id}`, secret: webhookSecret });
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    await fake.flushDeliveries();
    const [issue] = fake.issues("acme/reopening");
    const page = async () => (await fetch(`${fake.url}/acme/reopening/issues/${issue!.number}`)).text();
    const status = async () =>
      (await t.db.select({ status: findings.status }).from(findings).where(eq(findings.id, fresh.openFindingId)))[0]!.status;
    const ticketState = async () =>
      (await t.db.select({ state: trackerTickets.state }).from(trackerTickets).where(eq(trackerTickets.findingId, fresh.openFindingId)))[0]!
        .state;

    // Closed by the client: the finding waits for its retest, and the ticket stays closed.
    await fake.closeIssue("acme/reopening", issue!.number);
    expect(await status()).toBe("fixed_pending_retest");
    expect(await reopenTicketsOfOpenFindings(t.db)).toEqual({ reopened: 0, failed: 0 });

    // The firm's retest finds it still open: the issue is reopened, with a comment saying why.
    await recordRetestResult(t.db, { actor: await adminActor(), findingId: fresh.openFindingId, result: "still_open", note: "Bypassed." });
    expect(await reopenTicketsOfOpenFindings(t.db)).toEqual({ reopened: 1, failed: 0 });
    expect(fake.issues("acme/reopening")[0]).toMatchObject({ state: "open" });
    expect(await page()).toContain("the finding is Still Open in the portal");
    expect(await ticketState()).toBe("open");
    // GitHub's own "reopened" delivery for our reopening changes nothing, and nothing is reopened twice.
    await fake.flushDeliveries();
    expect(receiver.answers.at(-1)).toBe(200);
    expect(await status()).toBe("still_open");
    expect(await reopenTicketsOfOpenFindings(t.db)).toEqual({ reopened: 0, failed: 0 });

    // Verified fixed (the ticket closed by the verdict), then a run of the reproducer lands again.
    await requestRetest(t.db, { actor: await owner(), findingId: fresh.openFindingId, note: "Second try." });
    await recordRetestResult(t.db, { actor: await adminActor(), findingId: fresh.openFindingId, result: "verified_fixed", note: "" });
    await postRetestVerdicts(t.db);
    await fake.flushDeliveries();
    expect(fake.issues("acme/reopening")[0]).toMatchObject({ state: "closed" });
    expect(await reopenTicketsOfOpenFindings(t.db)).toEqual({ reopened: 0, failed: 0 });
    await regressFinding(t.db, { actor: await owner(), findingId: fresh.openFindingId });
    expect(await reopenTicketsOfOpenFindings(t.db)).toEqual({ reopened: 1, failed: 0 });
    expect(fake.issues("acme/reopening")[0]).toMatchObject({ state: "open" });
    expect(await page()).toContain("the finding is Regressed in the portal");
    await fake.flushDeliveries();
    expect(await status()).toBe("regressed");
  });

  it("gives a ticket back when GitHub refuses to reopen it (a revoked token): it stays closed, the connection shows failing", async () => {
    fake.addRepo({ owner: "acme", name: "refusing" });
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const token = fake.issueToken({ kind: "fine-grained", repos: ["acme/refusing"], permissions: { issues: "write" } });
    const { id } = await connectTracker(t.db, { actor: await owner(), kind: "github", baseUrl: fake.url, target: "acme/refusing", token });
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    await requestRetest(t.db, { actor: await owner(), findingId: fresh.openFindingId, note: "Patched." });
    await recordRetestResult(t.db, { actor: await adminActor(), findingId: fresh.openFindingId, result: "verified_fixed", note: "" });
    await postRetestVerdicts(t.db);
    await regressFinding(t.db, { actor: await owner(), findingId: fresh.openFindingId });

    fake.revokeToken(token);
    expect(await reopenTicketsOfOpenFindings(t.db)).toEqual({ reopened: 0, failed: 1 });
    const [ticket] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.findingId, fresh.openFindingId));
    expect(ticket?.state).toBe("closed");
    expect(fake.issues("acme/refusing")[0]).toMatchObject({ state: "closed" });
    const [connection] = await t.db.select().from(trackerConnections).where(eq(trackerConnections.id, id));
    expect(connection).toMatchObject({ state: "failing", stateMessage: expect.stringContaining("Bad credentials") });
    // A failing connection waits for its owners: nothing is tried again until they fix it.
    expect(await reopenTicketsOfOpenFindings(t.db)).toEqual({ reopened: 0, failed: 0 });
  });

  it("without a webhook, the sync finds a closed or reopened issue within 15 minutes, and rewrites the text of an edited finding", async () => {
    fake.addRepo({ owner: "acme", name: "polled" });
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const token = fake.issueToken({ kind: "fine-grained", repos: ["acme/polled"], permissions: { issues: "write" } });
    const { id } = await connectTracker(t.db, { actor: await owner(), kind: "github", baseUrl: fake.url, target: "acme/polled", token });
    const { ticketId } = await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    const [issue] = fake.issues("acme/polled");
    const status = async () =>
      (await t.db.select({ status: findings.status }).from(findings).where(eq(findings.id, fresh.openFindingId)))[0]!.status;
    const lookedAtLongAgo = () =>
      t.db
        .update(trackerTickets)
        .set({ syncedAt: new Date(Date.now() - 16 * 60_000) })
        .where(eq(trackerTickets.id, ticketId));

    await fake.closeIssue("acme/polled", issue!.number);
    expect(await status()).toBe("open");
    await syncTrackerTickets(t.db);
    expect(await status()).toBe("fixed_pending_retest");

    // Looked at a moment ago: not again before 15 minutes.
    await fake.reopenIssue("acme/polled", issue!.number);
    await syncTrackerTickets(t.db);
    expect(await status()).toBe("fixed_pending_retest");
    await lookedAtLongAgo();
    await syncTrackerTickets(t.db);
    expect(await status()).toBe("open");
    const [event] = await t.db
      .select()
      .from(findingEvents)
      .where(and(eq(findingEvents.findingId, fresh.openFindingId), eq(findingEvents.kind, "status")));
    expect(event).toMatchObject({ actorName: "GitHub", toStatus: "open", note: `Reopened in GitHub (#${issue!.number}).` });

    // The firm renames the finding: the ticket (kept in sync by default) follows.
    await t.db.update(findings).set({ title: "Renamed by the firm" }).where(eq(findings.id, fresh.openFindingId));
    await lookedAtLongAgo();
    await syncTrackerTickets(t.db);
    expect(fake.issues("acme/polled")[0]!.title).toContain("Renamed by the firm");
  });
});
