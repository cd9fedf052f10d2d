// The demo's Jira connection (src/features/demo/server/demo-tracker-constants.ts): Globex's account
// e-mail and API token are sealed together as connectJiraAction seals them, so the fake Jira started
// as its CLI starts it accepts the seeded connection, and a Globex finding files as GLX-1.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackerConnections, trackerTickets } from "@/features/trackers/server/schema";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import {
  DEMO_JIRA_API_TOKEN,
  DEMO_JIRA_BASE_URL,
  DEMO_JIRA_CONNECTION_ID,
  DEMO_JIRA_EMAIL,
  DEMO_JIRA_PROJECT,
} from "@/features/demo/server/demo-tracker-constants";
import { listTrackerConnections, requestTicket, testTrackerConnection } from "@/features/trackers/server";
import { drainTrackerTickets } from "@/features/trackers/server/tickets";
import { clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { type FakeJira, startFakeJira } from "../../../../tools/fake-jira/server";

const t = setupTestDatabase({ seedDemo: true });

let fake: FakeJira;
let disallow = () => {};
beforeAll(async () => {
  fake = await startFakeJira();
  disallow = allowLoopbackForTests(`127.0.0.1:${fake.port}`);
  fake.addProject({ key: DEMO_JIRA_PROJECT, name: "Globex Security" });
  fake.addUser({ email: DEMO_JIRA_EMAIL, apiToken: DEMO_JIRA_API_TOKEN });
  // The demo's address is the fake's default port; this one listens on another.
  await t.db.update(trackerConnections).set({ baseUrl: fake.url }).where(eq(trackerConnections.id, DEMO_JIRA_CONNECTION_ID));
});
afterAll(async () => {
  disallow();
  await fake.close();
  await t.db.update(trackerConnections).set({ baseUrl: DEMO_JIRA_BASE_URL }).where(eq(trackerConnections.id, DEMO_JIRA_CONNECTION_ID));
});

describe("the demo's Jira connection", () => {
  it("is Globex's, opens its sealed credential (Jira accepts it) and files a Globex finding as GLX-1", async () => {
    const globex = await clientActor("client2@example.com");
    expect((await listTrackerConnections(t.db, { actor: globex })).map((c) => [c.kind, c.target])).toEqual([["jira", DEMO_JIRA_PROJECT]]);
    expect(await testTrackerConnection(t.db, { actor: globex, connectionId: DEMO_JIRA_CONNECTION_ID })).toEqual({
      state: "connected",
      message: null,
    });
    const finding = DEMO_FINDINGS.find((f) => f.clientId === DEMO_CLIENTS.globex.id && f.publishedDaysAgo !== null)!;
    const { ticketId } = await requestTicket(t.db, { actor: globex, findingId: finding.id, connectionId: DEMO_JIRA_CONNECTION_ID });
    expect(await drainTrackerTickets(t.db)).toEqual({ filed: 1, failed: 0 });
    const [ticket] = await t.db.select().from(trackerTickets).where(eq(trackerTickets.id, ticketId));
    expect(ticket).toMatchObject({ externalKey: `${DEMO_JIRA_PROJECT}-1`, externalUrl: `${fake.url}/browse/${DEMO_JIRA_PROJECT}-1` });
    expect(fake.issues(DEMO_JIRA_PROJECT).map((issue) => issue.fields.summary)).toEqual([expect.stringContaining(finding.title)]);
  });
});
