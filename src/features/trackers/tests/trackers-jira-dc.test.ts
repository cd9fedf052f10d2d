// A company's Jira Data Center connection against the fake Jira's REST API v2 (tools/fake-jira):
// a personal access token sealed with its deployment, Jira's refusals in its words, one issue per
// finding with the marker label and a wiki-markup description, the admin webhook (signed with
// X-Hub-Signature as Data Center 10 signs it) closing the finding into Fixed (pending retest), and
// the firm's verdicts as comments, closing the issue when verified.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findingRetests, findings } from "@/features/findings/server/schema/records";
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
} from "@/features/trackers/server";
import { drainTrackerTickets, queueTicketAttempt } from "@/features/trackers/server/tickets";
import { postRetestVerdicts } from "@/features/trackers/server/verdicts";
import { requestRetest } from "@/features/findings/server";
import { recordRetestResult } from "@/features/findings/server/workflow";
import { reopenTicketsOfOpenFindings } from "@/features/trackers/server/reopen";
import { regressFinding } from "./regress-finding";
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
/** A new Jira project of Acme's and a user whose personal access token may do everything filing needs there. */
function project(permissions?: string[]) {
  projects += 1;
  const key = `DC${projects}`;
  fake.addProject({ key, name: `Acme data center ${projects}` });
  const { pat } = fake.addUser({
    email: `dc-${projects}@acme.example`,
    pat: true,
    ...(permissions ? { permissions: { [key]: permissions } } : {}),
  });
  return { key, pat: pat! };
}
const dataCenter = (pat: string) => sealableJiraCredential({ deployment: "datacenter", pat });
async function connect(key: string, pat: string, issueType?: string) {
  return connectTracker(t.db, { actor: await owner(), kind: "jira", baseUrl: fake.url, target: key, token: dataCenter(pat), issueType });
}
type IssueFields = { labels: string[]; description: unknown; status: { statusCategory: { key: string } } };
const issuesIn = (key: string) => fake.issues(key).map((issue) => ({ key: issue.key, fields: issue.fields as IssueFields }));
const statusOf = async (findingId: string) =>
  (await t.db.select({ status: findings.status }).from(findings).where(eq(findings.id, findingId)))[0]!.status;
const jiraConnections = async () => (await listTrackerConnections(t.db, { actor: await owner() })).filter((c) => c.kind === "jira");

describe("connecting Jira Data Center", () => {
  it("checks the personal access token with Jira first: a wrong token, an unknown project or issue type, missing rights, in Jira's words", async () => {
    const before = (await jiraConnections()).length;
    const { key, pat } = project();
    await expect(connect(key, "not-the-token")).rejects.toMatchObject({
      status: 400,
      message: "Jira: Client must be authenticated to access this resource.",
    });
    await expect(connect("NOPE", pat)).rejects.toMatchObject({ status: 400, message: "Jira: No project could be found with key 'NOPE'." });
    await expect(connect(key, pat, "Incident")).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(new RegExp(`^Jira: ${key} has no issue type "Incident" \\(it has .*Task`)),
    });
    const readOnly = project(["BROWSE_PROJECTS", "CREATE_ISSUES", "ADD_COMMENTS"]);
    await expect(connect(readOnly.key, readOnly.pat)).rejects.toMatchObject({
      status: 400,
      message: `Jira: this account lacks EDIT_ISSUES, TRANSITION_ISSUES in ${readOnly.key}.`,
    });
    // A Cloud API token is no personal access token: Data Center's v2 refuses it.
    const cloud = fake.addUser({ email: `dc-cloud-${projects}@acme.example` });
    await expect(connect(key, cloud.apiToken)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Jira: Client must be authenticated/),
    });
    expect(await jiraConnections()).toHaveLength(before);
  });

  it("lists the projects the token's user can see, a wrong token's refusal on the token's field", async () => {
    const { key, pat } = project();
    const { targets } = await listTrackerTargets({ actor: await owner(), kind: "jira", baseUrl: fake.url, token: dataCenter(pat) });
    expect(targets).toContain(key);
    await expect(
      listTrackerTargets({ actor: await owner(), kind: "jira", baseUrl: fake.url, token: dataCenter("wrong") }),
    ).rejects.toMatchObject({ status: 400, fieldErrors: { pat: expect.stringMatching(/^Jira: /) } });
  });
});

describe("filing into Jira Data Center", () => {
  it("files a finding as one issue with a wiki-markup description and the marker label, however often retried; a revoked token shows failing", async () => {
    const { key, pat } = project();
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const { id, webhookSecret } = await connect(key, pat, "Bug");
    const [stored] = await t.db.select().from(trackerConnections).where(eq(trackerConnections.id, id));
    expect(stored).toMatchObject({ kind: "jira", target: key, baseUrl: fake.url, state: "connected", mapping: { issueType: "Bug" } });
    expect(JSON.stringify(stored)).not.toContain(pat);
    expect(JSON.stringify(stored)).not.toContain(webhookSecret);

    const first = await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    expect(await drainTrackerTickets(t.db)).toEqual({ filed: 1, failed: 0 });
    const [issue] = issuesIn(key);
    expect(issue!.key).toBe(`${key}-1`);
    expect(issue!.fields.labels).toEqual(expect.arrayContaining([`sentinel-finding-${fresh.openFindingId}`]));
    const description = issue!.fields.description as string;
    expect(typeof description).toBe("string");
    expect(description).toContain("*Severity:*");
    expect(description).toContain("h2. Remediation");
    expect(description).toMatch(/\[Open the finding in the portal\|http[^\]]+\]/);
    expect(description).not.toContain("sentinel-finding");
    const [ticket] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.id, first.ticketId));
    expect(ticket).toMatchObject({ state: "open", externalKey: `${key}-1`, externalUrl: `${fake.url}/browse/${key}-1` });

    // An attempt that filed the issue and died before recording it: the retry finds it by its label (v2's JQL search).
    await t.db
      .update(trackerTickets)
      .set({ state: "creating", externalKey: null, externalUrl: null, attempts: 1 })
      .where(eq(trackerTickets.id, first.ticketId));
    // Its job is run again, as the engine retries a job whose instance died.
    await queueTicketAttempt(t.db, first.ticketId, 1);
    expect(await drainTrackerTickets(t.db)).toEqual({ filed: 1, failed: 0 });
    expect(fake.issues(key)).toHaveLength(1);

    fake.revokeToken(pat);
    const tested = await testTrackerConnection(t.db, { actor: await owner(), connectionId: id });
    expect(tested).toEqual({ state: "failing", message: "Jira: Client must be authenticated to access this resource." });
  });
});

describe("Jira Data Center telling us of a ticket", () => {
  it("an issue moved to Done asks for a retest (Fixed, pending retest); a forged signature is refused", async () => {
    const { key, pat } = project();
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const { id, webhookSecret } = await connect(key, pat);
    fake.addWebhook({ url: `${receiver.url}/api/trackers/jira/${id}`, secret: webhookSecret });
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    await fake.flushDeliveries();
    const issueKey = `${key}-1`;

    receiver.answers.length = 0;
    await fake.forgeDelivery(issueKey);
    expect(receiver.answers).toEqual([401]);
    expect(await statusOf(fresh.openFindingId)).toBe("open");

    await fake.closeIssue(issueKey);
    expect(receiver.answers.at(-1)).toBe(200);
    expect(await statusOf(fresh.openFindingId)).toBe("fixed_pending_retest");
    const [retest] = await t.db.select().from(findingRetests).where(eq(findingRetests.findingId, fresh.openFindingId));
    expect(retest).toMatchObject({ requestedByName: "Jira", result: null, note: `Closed in Jira (#${issueKey}).` });
  });

  it("posts the firm's verdicts as wiki-markup comments, moving the issue to Done when verified", async () => {
    const { key, pat } = project();
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const { id } = await connect(key, pat);
    await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    const issueKey = `${key}-1`;

    await requestRetest(t.db, { actor: await owner(), findingId: fresh.openFindingId, note: "Patched." });
    await recordRetestResult(t.db, { actor: await adminActor(), findingId: fresh.openFindingId, result: "verified_fixed", note: "" });
    expect(await postRetestVerdicts(t.db)).toEqual({ posted: 1, failed: 0 });
    expect(issuesIn(key)[0]!.fields.status.statusCategory.key).toBe("done");
    const comments = fake.comments(issueKey).map((comment) => comment.body);
    expect(comments).toEqual([expect.stringContaining("Verified Fixed")]);
    expect(typeof comments[0]).toBe("string");
    expect(await statusOf(fresh.openFindingId)).toBe("verified_fixed");

    await regressFinding(t.db, { actor: await owner(), findingId: fresh.openFindingId });
    expect(await reopenTicketsOfOpenFindings(t.db)).toEqual({ reopened: 1, failed: 0 });
    expect(issuesIn(key)[0]!.fields.status.statusCategory.key).toBe("new");
    expect(fake.comments(issueKey).at(-1)?.body).toContain("the finding is Regressed in the portal");
  });
});
