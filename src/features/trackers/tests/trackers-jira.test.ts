// A company's Jira Cloud connection against the fake Jira (tools/fake-jira), which keeps Jira's
// rules (docs/PRODUCT.md#integrations): the same queue, sync and verdicts through the one tracker
// shape; descriptions in the Atlassian Document Format; the marker a label; closing by a workflow
// transition; the admin webhook's HMAC under X-Hub-Signature.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findingEvents, findingRetests, findings } from "@/features/findings/server/schema/records";
import { trackerConnections, trackerTickets } from "@/features/trackers/server/schema";
import { POST as jiraHook } from "@/app/api/trackers/jira/[id]/route";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import {
  connectTracker,
  listTrackerConnections,
  listTrackerTargets,
  requestTicket,
  sealableJiraCredential,
  testTrackerConnection,
  updateTrackerMapping,
} from "@/features/trackers/server";
import { drainTrackerTickets, queueTicketAttempt } from "@/features/trackers/server/tickets";
import { postRetestVerdicts } from "@/features/trackers/server/verdicts";
import { syncTrackerTickets } from "@/features/trackers/server/sync";
import { requestRetest } from "@/features/findings/server";
import { recordRetestResult } from "@/features/findings/server/workflow";
import { reopenTicketsOfOpenFindings } from "@/features/trackers/server/reopen";
import { regressFinding } from "./regress-finding";
import { DEFAULT_TRACKER_MAPPING } from "@/lib/domain/tracker";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { type RouteReceiver, startRouteReceiver } from "@tests/integration/helpers/route-receiver";
import { createFreshObjects, TENANTS } from "@tests/integration/helpers/tenants";
import { type FakeJira, startFakeJira } from "../../../../tools/fake-jira/server";

const t = setupTestDatabase({ seedDemo: true });

let fake: FakeJira;
let disallow = () => {};
let receiver: RouteReceiver;

beforeAll(async () => {
  fake = await startFakeJira();
  disallow = allowLoopbackForTests(`127.0.0.1:${fake.port}`);
  receiver = await startRouteReceiver(jiraHook);
});
afterAll(async () => {
  disallow();
  await fake.close();
  await receiver.close();
});

const owner = () => clientActor(DEMO_USERS.acme.email);
let projects = 0;
/** A new Jira project of Acme's and an account whose API token may do everything filing needs there. */
function project(permissions?: string[]) {
  projects += 1;
  const key = `SEC${projects}`;
  fake.addProject({ key, name: `Acme security ${projects}` });
  const email = `jira-${projects}@acme.example`;
  const { apiToken } = fake.addUser({ email, ...(permissions ? { permissions: { [key]: permissions } } : {}) });
  return { key, email, apiToken };
}
async function connect(key: string, email: string, apiToken: string, issueType?: string) {
  return connectTracker(t.db, {
    actor: await owner(),
    kind: "jira",
    baseUrl: fake.url,
    target: key,
    token: sealableJiraCredential({ email, apiToken }),
    issueType,
  });
}
type IssueFields = { issuetype: { name: string }; labels: string[]; description: unknown; status: { statusCategory: { key: string } } };
/** The fake's issues with the fields these tests read. */
const issuesIn = (key: string) => fake.issues(key).map((issue) => ({ key: issue.key, fields: issue.fields as IssueFields }));
const statusOf = async (findingId: string) =>
  (await t.db.select({ status: findings.status }).from(findings).where(eq(findings.id, findingId)))[0]!.status;

describe("connecting Jira", () => {
  it("refuses a site on a private or loopback network (outside the tests' allowance), keeping nothing", async () => {
    const { key, email, apiToken } = project();
    for (const baseUrl of ["https://10.0.0.1", `http://127.0.0.1:${fake.port + 1}`]) {
      const refused = connectTracker(t.db, {
        actor: await owner(),
        kind: "jira",
        baseUrl,
        target: key,
        token: sealableJiraCredential({ email, apiToken }),
      });
      await expect(refused).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/not an address on the public internet/) });
    }
    expect((await listTrackerConnections(t.db, { actor: await owner() })).filter((c) => c.kind === "jira")).toEqual([]);
  });

  it("checks the account with Jira first: a wrong token, an unknown project or issue type, missing rights, in Jira's words", async () => {
    const { key, email, apiToken } = project();
    await expect(connect(key, email, "not-the-token")).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^Jira: /) });
    await expect(connect("NOPE", email, apiToken)).rejects.toMatchObject({
      status: 400,
      message: "Jira: No project could be found with key 'NOPE'.",
    });
    await expect(connect(key, email, apiToken, "Incident")).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(new RegExp(`^Jira: ${key} has no issue type "Incident" \\(it has .*Task`)),
    });
    const readOnly = project(["BROWSE_PROJECTS", "CREATE_ISSUES", "ADD_COMMENTS"]);
    await expect(connect(readOnly.key, readOnly.email, readOnly.apiToken)).rejects.toMatchObject({
      status: 400,
      message: `Jira: this account lacks EDIT_ISSUES, TRANSITION_ISSUES in ${readOnly.key}.`,
    });
    expect((await listTrackerConnections(t.db, { actor: await owner() })).filter((c) => c.kind === "jira")).toEqual([]);
  });

  it("lists the projects the account may create issues in", async () => {
    const { key, email, apiToken } = project();
    const { targets } = await listTrackerTargets({
      actor: await owner(),
      kind: "jira",
      baseUrl: fake.url,
      token: sealableJiraCredential({ email, apiToken }),
    });
    expect(targets).toContain(key);
  });

  it("files a finding as one issue with an ADF description and a marker label, however often retried; a revoked token shows failing", async () => {
    const { key, email, apiToken } = project();
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const { id, webhookSecret } = await connect(key, email, apiToken, "Bug");
    const [stored] = await t.db.select().from(trackerConnections).where(eq(trackerConnections.id, id));
    expect(stored).toMatchObject({ kind: "jira", target: key, baseUrl: fake.url, state: "connected", mapping: { issueType: "Bug" } });
    expect(JSON.stringify(stored)).not.toContain(apiToken);
    expect(JSON.stringify(stored)).not.toContain(email);
    expect(JSON.stringify(stored)).not.toContain(webhookSecret);

    const first = await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    expect(await drainTrackerTickets(t.db)).toEqual({ filed: 1, failed: 0 });
    const [issue] = issuesIn(key);
    expect(issue!.key).toBe(`${key}-1`);
    expect(issue!.fields.issuetype.name).toBe("Bug");
    expect(issue!.fields.labels).toEqual(expect.arrayContaining([`sentinel-finding-${fresh.openFindingId}`]));
    expect(issue!.fields.description).toMatchObject({ type: "doc", version: 1 });
    expect(JSON.stringify(issue!.fields.description)).toContain("Remediation");
    expect(JSON.stringify(issue!.fields.description)).not.toContain("sentinel-finding");
    const [ticket] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.id, first.ticketId));
    expect(ticket).toMatchObject({ state: "open", externalKey: `${key}-1`, externalUrl: `${fake.url}/browse/${key}-1` });

    // An attempt that filed the issue and died before recording it: the retry finds it by its label.
    await t.db
      .update(trackerTickets)
      .set({ state: "creating", externalKey: null, externalUrl: null, attempts: 1 })
      .where(eq(trackerTickets.id, first.ticketId));
    // Its job is run again, as the engine retries a job whose instance died.
    await queueTicketAttempt(t.db, first.ticketId, 1);
    expect(await drainTrackerTickets(t.db)).toEqual({ filed: 1, failed: 0 });
    expect(fake.issues(key)).toHaveLength(1);

    fake.revokeToken(apiToken);
    const tested = await testTrackerConnection(t.db, { actor: await owner(), connectionId: id });
    expect(tested.state).toBe("failing");
    expect(tested.message).toMatch(/^Jira: /);
  });

  it("refuses labels with spaces and an issue type the project lacks in the ticket settings", async () => {
    const { key, email, apiToken } = project();
    const { id } = await connect(key, email, apiToken);
    const mapping = { ...DEFAULT_TRACKER_MAPPING, severityLabels: { ...DEFAULT_TRACKER_MAPPING.severityLabels, high: "sec high" } };
    await expect(updateTrackerMapping(t.db, { actor: await owner(), connectionId: id, mapping })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { "severityLabels.high": "Jira labels cannot contain spaces" },
    });
    await expect(
      updateTrackerMapping(t.db, {
        actor: await owner(),
        connectionId: id,
        mapping: { ...DEFAULT_TRACKER_MAPPING, issueType: "Incident" },
      }),
    ).rejects.toMatchObject({ status: 400, fieldErrors: { issueType: expect.stringMatching(/has no issue type "Incident"/) } });
    const saved = await updateTrackerMapping(t.db, {
      actor: await owner(),
      connectionId: id,
      mapping: { ...DEFAULT_TRACKER_MAPPING, issueType: "Story" },
    });
    expect(saved.issueType).toBe("Story");
    // Saved without naming it again, the issue type stays.
    expect((await updateTrackerMapping(t.db, { actor: await owner(), connectionId: id, mapping: DEFAULT_TRACKER_MAPPING })).issueType).toBe(
      "Story",
    );
  });
});

describe("Jira telling us of a ticket", () => {
  it("an issue moved to Done asks for a retest under Jira's name; a forged signature is refused; back to To Do reopens", async () => {
    const { key, email, apiToken } = project();
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const { id, webhookSecret } = await connect(key, email, apiToken);
    fake.addWebhook({ url: `${receiver.url}/api/trackers/jira/${id}`, secret: webhookSecret });
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    await fake.flushDeliveries();
    const issueKey = `${key}-1`;

    receiver.answers.length = 0;
    await fake.forgeDelivery(issueKey);
    expect(receiver.answers).toEqual([401]);
    expect(await statusOf(fresh.openFindingId)).toBe("open");

    // Between two open statuses: nothing to act on.
    await fake.transitionIssue(issueKey, "In Progress");
    expect(receiver.answers.at(-1)).toBe(200);
    expect(await statusOf(fresh.openFindingId)).toBe("open");

    await fake.closeIssue(issueKey);
    expect(receiver.answers.at(-1)).toBe(200);
    expect(await statusOf(fresh.openFindingId)).toBe("fixed_pending_retest");
    const [retest] = await t.db.select().from(findingRetests).where(eq(findingRetests.findingId, fresh.openFindingId));
    expect(retest).toMatchObject({ requestedByName: "Jira", result: null, note: `Closed in Jira (#${issueKey}).` });

    await fake.reopenIssue(issueKey);
    expect(receiver.answers.at(-1)).toBe(200);
    expect(await statusOf(fresh.openFindingId)).toBe("open");
    const [back] = await t.db
      .select()
      .from(findingEvents)
      .where(and(eq(findingEvents.findingId, fresh.openFindingId), eq(findingEvents.kind, "status")));
    expect(back).toMatchObject({ actorName: "Jira", toStatus: "open", note: `Reopened in Jira (#${issueKey}).` });
  });

  it("posts the firm's verdicts as ADF comments, moving the issue to Done when verified", async () => {
    const { key, email, apiToken } = project();
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const { id } = await connect(key, email, apiToken);
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    const issueKey = `${key}-1`;

    await requestRetest(t.db, { actor: await owner(), findingId: fresh.openFindingId, note: "Patched." });
    await recordRetestResult(t.db, { actor: await adminActor(), findingId: fresh.openFindingId, result: "still_open", note: "Bypassed." });
    expect(await postRetestVerdicts(t.db)).toEqual({ posted: 1, failed: 0 });
    expect(issuesIn(key)[0]!.fields.status.statusCategory.key).not.toBe("done");
    await requestRetest(t.db, { actor: await owner(), findingId: fresh.openFindingId, note: "Second try." });
    await recordRetestResult(t.db, { actor: await adminActor(), findingId: fresh.openFindingId, result: "verified_fixed", note: "" });
    expect(await postRetestVerdicts(t.db)).toEqual({ posted: 1, failed: 0 });
    expect(await postRetestVerdicts(t.db)).toEqual({ posted: 0, failed: 0 });
    expect(issuesIn(key)[0]!.fields.status.statusCategory.key).toBe("done");
    const comments = fake.comments(issueKey).map((comment) => JSON.stringify(comment.body));
    expect(comments).toEqual([expect.stringContaining("Still Open"), expect.stringContaining("Verified Fixed")]);
    expect(await statusOf(fresh.openFindingId)).toBe("verified_fixed");

    // Regressed: back to To Do (the workflow's transition into the new category), with a comment.
    await regressFinding(t.db, { actor: await owner(), findingId: fresh.openFindingId });
    expect(await reopenTicketsOfOpenFindings(t.db)).toEqual({ reopened: 1, failed: 0 });
    expect(issuesIn(key)[0]!.fields.status.statusCategory.key).toBe("new");
    expect(JSON.stringify(fake.comments(issueKey).at(-1)?.body)).toContain("the finding is Regressed in the portal");
  });

  it("without a webhook, the sync finds an issue moved to Done", async () => {
    const { key, email, apiToken } = project();
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const { id } = await connect(key, email, apiToken);
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    await fake.closeIssue(`${key}-1`);
    expect(await statusOf(fresh.openFindingId)).toBe("open");
    await syncTrackerTickets(t.db);
    expect(await statusOf(fresh.openFindingId)).toBe("fixed_pending_retest");
  });
});
