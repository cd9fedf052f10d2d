// The demo's GitHub connection (src/features/demo/server/demo-tracker-constants.ts) and what the firm sees
// of a company's ticket systems (docs/PRODUCT.md#integrations): the demo's token and webhook secret
// are sealed as connectTracker seals them, so the fake GitHub started with them works against the
// seeded database; its closed ticket left the finding as GitHub's webhook would; the firm's client
// page lists kind, target, state and last sync, never a secret.
import { and, eq, isNull } from "drizzle-orm";
import { type ReactElement, isValidElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import AdminClientPage from "@/app/admin/(area)/clients/[id]/page";
import { findingEvents, findingRetests, findings } from "@/features/findings/server/schema/records";
import { trackerConnections, trackerTickets } from "@/features/trackers/server/schema";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import {
  DEMO_GITHUB_BASE_URL,
  DEMO_GITHUB_CONNECTION_ID,
  DEMO_GITHUB_REPO,
  DEMO_GITHUB_TICKETS,
  DEMO_GITHUB_TOKEN,
  DEMO_GITHUB_WEBHOOK_SECRET,
  demoGitHubIssueUrl,
} from "@/features/demo/server/demo-tracker-constants";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import { handleGitHubDelivery, listClientTrackersForAdmin, testTrackerConnection } from "@/features/trackers/server";
import { AdminTrackersCard } from "@/features/trackers/components/admin-trackers-card";
import { adminActor, adminCookie, clientActor } from "@tests/integration/helpers/admin-session";
import { authHeaders } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";
import { TENANTS } from "@tests/integration/helpers/tenants";
import { signGitHubWebhook } from "../../../../tools/fake-github/webhook";
import { type FakeGitHub, startFakeGitHub } from "../../../../tools/fake-github/server";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const [openTicket, closedTicket] = DEMO_GITHUB_TICKETS;

describe("the demo's GitHub connection", () => {
  it("files two Acme findings as tickets that match the fake's issues: #2 closed, its finding waiting for GitHub's retest", async () => {
    const tickets = await t.db.select().from(trackerTickets).where(eq(trackerTickets.connectionId, DEMO_GITHUB_CONNECTION_ID));
    expect(tickets.map((r) => [r.externalKey, r.state, r.externalUrl, r.findingId]).sort()).toEqual([
      ["1", "open", demoGitHubIssueUrl(1), openTicket.findingId],
      ["2", "closed", demoGitHubIssueUrl(2), closedTicket.findingId],
    ]);
    expect(demoGitHubIssueUrl(2)).toBe(`${DEMO_GITHUB_BASE_URL}/acme/webapp/issues/2`);
    // The issues' titles are what ticketText makes of the findings (the CLI files them so).
    for (const ticket of DEMO_GITHUB_TICKETS) {
      const finding = DEMO_FINDINGS.find((f) => f.id === ticket.findingId)!;
      expect(finding).toMatchObject({ clientId: TENANTS.acme.clientId });
      expect(finding.publishedDaysAgo).not.toBeNull();
      expect(ticket.title).toMatch(new RegExp(`^\\[${finding.severity}\\] ${finding.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "i"));
    }

    const [open] = await t.db.select({ status: findings.status }).from(findings).where(eq(findings.id, openTicket.findingId));
    expect(open!.status).toBe("open");
    const [closed] = await t.db.select({ status: findings.status }).from(findings).where(eq(findings.id, closedTicket.findingId));
    expect(closed!.status).toBe("fixed_pending_retest");
    const retests = await t.db
      .select()
      .from(findingRetests)
      .where(and(eq(findingRetests.findingId, closedTicket.findingId), isNull(findingRetests.result)));
    expect(retests).toEqual([expect.objectContaining({ requestedBy: null, requestedByName: "GitHub", note: "Closed in GitHub (#2)." })]);
    const [event] = await t.db
      .select()
      .from(findingEvents)
      .where(and(eq(findingEvents.findingId, closedTicket.findingId), eq(findingEvents.kind, "retest_requested")));
    expect(event).toMatchObject({
      actorId: null,
      actorRole: "client",
      actorName: "GitHub",
      fromStatus: "open",
      toStatus: "fixed_pending_retest",
    });
  });

  describe("against the fake GitHub started with the demo's token and secret", () => {
    let fake: FakeGitHub;
    let disallow = () => {};
    beforeAll(async () => {
      fake = await startFakeGitHub();
      disallow = allowLoopbackForTests(`127.0.0.1:${fake.port}`);
      fake.addRepo({ owner: "acme", name: "webapp" });
      fake.issueToken({ kind: "fine-grained", repos: [DEMO_GITHUB_REPO], permissions: { issues: "write" }, token: DEMO_GITHUB_TOKEN });
      // The demo's address is the fake's default port; this one listens on another.
      await t.db.update(trackerConnections).set({ baseUrl: fake.url }).where(eq(trackerConnections.id, DEMO_GITHUB_CONNECTION_ID));
    });
    afterAll(async () => {
      disallow();
      await fake.close();
      await t.db
        .update(trackerConnections)
        .set({ baseUrl: DEMO_GITHUB_BASE_URL })
        .where(eq(trackerConnections.id, DEMO_GITHUB_CONNECTION_ID));
    });

    it("opens the sealed token (GitHub accepts it) and takes a delivery signed with the demo secret", async () => {
      const owner = await clientActor("client@example.com");
      expect(await testTrackerConnection(t.db, { actor: owner, connectionId: DEMO_GITHUB_CONNECTION_ID })).toEqual({
        state: "connected",
        message: null,
      });
      const rawBody = JSON.stringify({ action: "reopened", issue: { number: 2 }, repository: { full_name: DEMO_GITHUB_REPO } });
      const delivery = { connectionId: DEMO_GITHUB_CONNECTION_ID, event: "issues", rawBody, deliveryId: "demo-delivery-1" };
      await expect(
        handleGitHubDelivery(t.db, { ...delivery, signature: signGitHubWebhook(rawBody, "not-the-demo-secret") }),
      ).rejects.toMatchObject({
        status: 401,
      });
      expect(await handleGitHubDelivery(t.db, { ...delivery, signature: signGitHubWebhook(rawBody, DEMO_GITHUB_WEBHOOK_SECRET) })).toEqual({
        applied: "reopened",
        replayed: false,
      });
      await t.db.update(trackerTickets).set({ state: "closed" }).where(eq(trackerTickets.id, closedTicket.id));
    });
  });
});

/** The element of this component in a page's tree (the page is a server component: plain elements). */
function findElement(node: unknown, type: unknown): ReactElement | null {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findElement(child, type);
      if (found) return found;
    }
    return null;
  }
  if (!isValidElement(node)) return null;
  if (node.type === type) return node;
  return findElement((node.props as { children?: unknown }).children, type);
}

describe("the firm's client page", () => {
  it("lists a company's ticket systems without a secret field", async () => {
    const rows = await listClientTrackersForAdmin(t.db, { actor: await adminActor(), clientId: TENANTS.acme.clientId });
    expect(rows).toEqual([
      expect.objectContaining({ id: DEMO_GITHUB_CONNECTION_ID, kind: "github", target: DEMO_GITHUB_REPO, state: "connected" }),
    ]);
    expect(rows[0]!.lastSyncAt).not.toBeNull();
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/sealed|secret|token/i);
    expect(text).not.toContain(DEMO_GITHUB_TOKEN);
    expect(text).not.toContain(DEMO_GITHUB_WEBHOOK_SECRET);
    await expect(
      listClientTrackersForAdmin(t.db, { actor: (await clientActor()) as never, clientId: TENANTS.acme.clientId }),
    ).rejects.toThrow();
  });

  it("shows the connection's kind, target, state and last sync, a failing one in the tracker's words, and none for another company", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const cardOf = async (clientId: string) => {
      const page = await AdminClientPage({ params: Promise.resolve({ id: clientId }) });
      const card = findElement(page, AdminTrackersCard);
      expect(card).not.toBeNull();
      return renderToStaticMarkup(card!);
    };
    const acme = await cardOf(TENANTS.acme.clientId);
    expect(acme).toContain("Ticket systems");
    expect(acme).toContain("GitHub");
    expect(acme).toContain(DEMO_GITHUB_REPO);
    expect(acme).toContain("Connected");
    expect(acme).toContain("Last sync ");
    expect(acme).not.toContain(DEMO_GITHUB_TOKEN);

    await t.db
      .update(trackerConnections)
      .set({ state: "failing", stateMessage: "GitHub: Bad credentials" })
      .where(eq(trackerConnections.id, DEMO_GITHUB_CONNECTION_ID));
    const failing = await cardOf(TENANTS.acme.clientId);
    expect(failing).toContain("Failing");
    expect(failing).toContain("GitHub: Bad credentials");

    // Globex's card shows its own Jira project, none of Acme's.
    const globex = await cardOf(TENANTS.globex.clientId);
    expect(globex).toContain("GLX");
    expect(globex).not.toContain(DEMO_GITHUB_REPO);
    await t.db.delete(trackerConnections).where(eq(trackerConnections.clientId, TENANTS.globex.clientId));
    expect(await cardOf(TENANTS.globex.clientId)).toContain("No ticket systems connected.");
  });
});
