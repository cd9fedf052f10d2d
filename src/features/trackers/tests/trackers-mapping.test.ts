// How a connection files tickets (docs/PRODUCT.md#integrations): its owners set it (a member cannot,
// another company finds nothing); automatic creation files the findings published after it was
// turned on, from its minimum severity up, each once, with the owners' labels; the finding's details
// go into a ticket only when the owners chose so. Against the fake GitLab (tools/fake-gitlab).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TRACKER_MAPPING } from "@/lib/domain/tracker";
import { findings } from "@/features/findings/server/schema/records";
import { trackerConnections, trackerTickets } from "@/features/trackers/server/schema";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { connectTracker, fileAutomaticTickets, requestTicket, updateTrackerMapping } from "@/features/trackers/server";
import { drainTrackerTickets } from "@/features/trackers/server/tickets";
import { clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { createFreshObjects, TENANTS } from "@tests/integration/helpers/tenants";
import { type FakeGitLab, startFakeGitLab } from "../../../../tools/fake-gitlab/server";

const t = setupTestDatabase({ seedDemo: true });

let fake: FakeGitLab;
let disallow = () => {};
beforeAll(async () => {
  fake = await startFakeGitLab();
  disallow = allowLoopbackForTests(`127.0.0.1:${fake.port}`);
});
afterAll(async () => {
  disallow();
  await fake.close();
});

const owner = () => clientActor(DEMO_USERS.acme.email);
let projects = 0;
async function connection() {
  projects += 1;
  const path = `acme-map/app-${projects}`;
  fake.addProject({ namespace: "acme-map", name: `app-${projects}` });
  const token = fake.issueToken({ project: path, scopes: ["api"], accessLevel: 20 });
  const { id } = await connectTracker(t.db, { actor: await owner(), kind: "gitlab", baseUrl: fake.url, target: path, token });
  return { id, path };
}
const ticketsOf = (connectionId: string) => t.db.select().from(trackerTickets).where(eq(trackerTickets.connectionId, connectionId));
const labels = { ...DEFAULT_TRACKER_MAPPING.severityLabels, medium: "sec-medium" };

describe("a connection's ticket settings", () => {
  it("are its owners' to change: a member is refused, another company finds no such connection", async () => {
    const { id } = await connection();
    const mapping = { ...DEFAULT_TRACKER_MAPPING, keepInSync: false };
    await expect(
      updateTrackerMapping(t.db, { actor: await clientActor(DEMO_USERS.acmeMember.email), connectionId: id, mapping }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      updateTrackerMapping(t.db, { actor: await clientActor(DEMO_USERS.globex.email), connectionId: id, mapping }),
    ).rejects.toMatchObject({ status: 404, message: "Connection not found" });
    const saved = await updateTrackerMapping(t.db, { actor: await owner(), connectionId: id, mapping });
    expect(saved).toEqual(mapping);
    const [row] = await t.db.select().from(trackerConnections).where(eq(trackerConnections.id, id));
    expect(row!.mapping).toEqual(mapping);
  });

  it("automatic creation starts when turned on, keeps its start while it stays on, and forgets it when turned off", async () => {
    const { id } = await connection();
    const automatic = { ...DEFAULT_TRACKER_MAPPING, createMode: "automatic" as const };
    const first = await updateTrackerMapping(t.db, { actor: await owner(), connectionId: id, mapping: automatic });
    expect(Date.parse(first.automaticSince!)).toBeGreaterThan(Date.now() - 60_000);
    const again = await updateTrackerMapping(t.db, {
      actor: await owner(),
      connectionId: id,
      mapping: { ...automatic, minSeverity: "low" },
    });
    expect(again.automaticSince).toBe(first.automaticSince);
    const manual = await updateTrackerMapping(t.db, { actor: await owner(), connectionId: id, mapping: DEFAULT_TRACKER_MAPPING });
    expect(manual.automaticSince).toBeUndefined();
  });
});

describe("automatic creation at publishing", () => {
  it("files the findings published since it was turned on, from the minimum severity up, once each, with the owners' label", async () => {
    const before = await createFreshObjects(t.db, TENANTS.acme);
    const { id, path } = await connection();
    await updateTrackerMapping(t.db, {
      actor: await owner(),
      connectionId: id,
      mapping: { ...DEFAULT_TRACKER_MAPPING, createMode: "automatic", minSeverity: "medium", severityLabels: labels },
    });
    const after = await createFreshObjects(t.db, TENANTS.acme);

    // Published after: the open, waiting and accepted findings (medium); never the withdrawn one, nor earlier ones.
    expect(await fileAutomaticTickets(t.db)).toEqual({ queued: 3 });
    expect(await fileAutomaticTickets(t.db)).toEqual({ queued: 0 });
    const queued = await ticketsOf(id);
    expect(queued.map((ticket) => ticket.findingId).sort()).toEqual(
      [after.openFindingId, after.retestFindingId, after.riskFindingId].sort(),
    );
    expect(queued.map((ticket) => ticket.findingId)).not.toContain(before.openFindingId);

    expect(await drainTrackerTickets(t.db)).toEqual({ filed: 3, failed: 0 });
    const issues = fake.issues(path);
    expect(issues).toHaveLength(3);
    expect(issues.every((issue) => issue.labels.join() === "sec-medium")).toBe(true);
    // A person asking afterwards changes nothing.
    expect(await requestTicket(t.db, { actor: await owner(), findingId: after.openFindingId, connectionId: id })).toMatchObject({
      queued: false,
    });
  });

  it("leaves findings below the minimum severity to a person's Create ticket", async () => {
    const { id } = await connection();
    await updateTrackerMapping(t.db, {
      actor: await owner(),
      connectionId: id,
      mapping: { ...DEFAULT_TRACKER_MAPPING, createMode: "automatic", minSeverity: "high" },
    });
    await createFreshObjects(t.db, TENANTS.acme);
    await fileAutomaticTickets(t.db);
    expect(await ticketsOf(id)).toEqual([]);
  });
});

describe("the finding's details in a ticket", () => {
  it("are left out unless the owners chose to attach evidence", async () => {
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    await t.db
      .update(findings)
      .set({ description: "Proof: the prompt `ignore previous` leaks the key." })
      .where(eq(findings.id, fresh.openFindingId));
    const plain = await connection();
    const detailed = await connection();
    await updateTrackerMapping(t.db, {
      actor: await owner(),
      connectionId: detailed.id,
      mapping: { ...DEFAULT_TRACKER_MAPPING, attachEvidence: true },
    });
    for (const { id } of [plain, detailed])
      await requestTicket(t.db, { actor: await owner(), findingId: fresh.openFindingId, connectionId: id });
    await drainTrackerTickets(t.db);
    expect(fake.issues(plain.path)[0]!.description).not.toContain("leaks the key");
    expect(fake.issues(detailed.path)[0]!.description).toContain("## Details\n\nProof: the prompt `ignore previous` leaks the key.");
  });
});
