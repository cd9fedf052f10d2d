// A finding's remediation owner (docs/PRODUCT.md#portal-findings): a person of the finding's own
// company, named by the firm or a client owner, mailed, and listed under "Assigned to me".
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findingEvents, findings } from "@/features/findings/server/schema/records";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_FINDINGS, DEMO_OWNED_FINDING_ID } from "@/features/demo/server/demo-findings";
import { getFinding, listClientFindings, loadPortalFindings, setRemediationOwner } from "@/features/findings/server";
import { OWNER_NOT_OF_COMPANY } from "@/features/findings/server/remediation-owner";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });

const published = (clientId: string, status?: string) =>
  DEMO_FINDINGS.find((f) => f.clientId === clientId && f.status !== "draft" && (!status || f.status === status))!;
const ACME = DEMO_FINDINGS[0]!.clientId;
const acmeOpen = () => published(ACME, "open").id;
const draftId = DEMO_FINDINGS.find((f) => f.status === "draft")!.id;

const mailsTo = (email: string, kind = "notify_finding_owner") =>
  t.db
    .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)));

describe("the remediation owner", () => {
  it("an owner names a person of the company: saved, on the timeline, and mailed to that person only", async () => {
    const owner = await clientActor("client@example.com");
    const findingId = acmeOpen();
    expect(await mailsTo("member@example.com")).toHaveLength(0);
    await setRemediationOwner(t.db, { actor: owner, findingId, ownerUserId: DEMO_USERS.acmeMember.id });

    const [row] = await t.db.select({ owner: findings.ownerUserId }).from(findings).where(eq(findings.id, findingId));
    expect(row!.owner).toBe(DEMO_USERS.acmeMember.id);
    const [event] = await t.db
      .select({ kind: findingEvents.kind, note: findingEvents.note, actorName: findingEvents.actorName })
      .from(findingEvents)
      .where(eq(findingEvents.findingId, findingId))
      .orderBy(desc(findingEvents.createdAt))
      .limit(1);
    expect(event).toEqual({ kind: "owner_assigned", note: `Remediation owner: ${DEMO_USERS.acmeMember.name}`, actorName: owner.name });
    const mails = await mailsTo("member@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Assigned to you: ${published(ACME, "open").title}`);
    expect(mails[0]!.text).toContain(`finding=${findingId}`);
    expect(await mailsTo("client@example.com")).toHaveLength(0);
    // The finding's page names the owner, for the client and the firm alike.
    expect((await getFinding(t.db, { actor: owner, findingId })).owner).toEqual({
      userId: DEMO_USERS.acmeMember.id,
      name: DEMO_USERS.acmeMember.name,
    });

    // Naming the same person again changes nothing and mails nothing more.
    await setRemediationOwner(t.db, { actor: owner, findingId, ownerUserId: DEMO_USERS.acmeMember.id });
    expect(await mailsTo("member@example.com")).toHaveLength(1);
  });

  it("only a person of the finding's own company can be named (400), and nothing changes", async () => {
    const admin = await adminActor();
    const findingId = published(ACME, "still_open").id;
    for (const ownerUserId of [DEMO_USERS.globex.id, DEMO_USERS.admin.id, "no-such-user"])
      await expect(setRemediationOwner(t.db, { actor: admin, findingId, ownerUserId })).rejects.toMatchObject({
        code: "bad_request",
        message: OWNER_NOT_OF_COMPANY,
      });
    const [row] = await t.db.select({ owner: findings.ownerUserId }).from(findings).where(eq(findings.id, findingId));
    expect(row!.owner).toBeNull();
  });

  it("the firm names and clears an owner; a draft has none", async () => {
    const admin = await adminActor();
    const findingId = published(ACME, "risk_accepted").id;
    await setRemediationOwner(t.db, { actor: admin, findingId, ownerUserId: DEMO_USERS.acme.id });
    expect((await getFinding(t.db, { actor: admin, findingId })).owner?.userId).toBe(DEMO_USERS.acme.id);
    await setRemediationOwner(t.db, { actor: admin, findingId, ownerUserId: null });
    expect((await getFinding(t.db, { actor: admin, findingId })).owner).toBeNull();
    await expect(setRemediationOwner(t.db, { actor: admin, findingId: draftId, ownerUserId: DEMO_USERS.acme.id })).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("a member cannot name one, and client B cannot reach client A's finding", async () => {
    const member = await clientActor("member@example.com");
    const globex = await clientActor("client2@example.com");
    const findingId = acmeOpen();
    await expect(setRemediationOwner(t.db, { actor: member, findingId, ownerUserId: DEMO_USERS.acmeMember.id })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(setRemediationOwner(t.db, { actor: globex, findingId, ownerUserId: DEMO_USERS.globex.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(setRemediationOwner(t.db, { actor: globex, findingId, ownerUserId: DEMO_USERS.acmeMember.id })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it('"Assigned to me" lists only the person\'s own findings, with its count', async () => {
    const member = await clientActor("member@example.com");
    const owner = await clientActor("client@example.com");
    const [owned] = await t.db.select({ id: findings.id }).from(findings).where(eq(findings.ownerUserId, DEMO_USERS.acmeMember.id));
    expect(owned).toBeDefined();
    const expected = (await t.db.select({ id: findings.id, owner: findings.ownerUserId }).from(findings).where(eq(findings.clientId, ACME)))
      .filter((f) => f.owner === DEMO_USERS.acmeMember.id)
      .map((f) => f.id)
      .sort();
    // The demo member owns the demo's owned finding from the start.
    expect(expected).toContain(DEMO_OWNED_FINDING_ID);

    const mine = await listClientFindings(t.db, { actor: member, filter: { overdue: false, mine: true } });
    expect(mine.items.map((f) => f.id).sort()).toEqual(expected);
    expect(mine.total).toBe(expected.length);
    const portal = await loadPortalFindings(t.db, { actor: member, filter: { overdue: false }, findingId: null });
    expect(portal.assignedToMe).toBe(expected.length);
    expect(portal.list.total).toBeGreaterThan(expected.length);

    const ownersOwn = await listClientFindings(t.db, { actor: owner, filter: { overdue: false, mine: true } });
    expect(ownersOwn.items.map((f) => f.id)).not.toContain(DEMO_OWNED_FINDING_ID);
    // The owner gets the company's people to choose from on an open finding; the member gets none.
    const people = (await loadPortalFindings(t.db, { actor: owner, filter: { overdue: false }, findingId: acmeOpen() })).ownerOptions;
    expect(people.map((p) => p.userId).sort()).toEqual([DEMO_USERS.acme.id, DEMO_USERS.acmeMember.id].sort());
    expect((await loadPortalFindings(t.db, { actor: member, filter: { overdue: false }, findingId: acmeOpen() })).ownerOptions).toEqual([]);
  });
});
