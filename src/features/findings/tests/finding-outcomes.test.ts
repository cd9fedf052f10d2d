// The firm's corrections of findings (docs/PRODUCT.md#admin-findings, #portal-findings): outcomes
// (false positive, duplicate, won't fix, withdrawn) and their undoing, what the client sees of
// them, the counts that leave them out, and the bulk changes of the engagement's list.
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "@/features/audit/server/schema";
import { findingEvents, findingRetests, findings } from "@/features/findings/server/schema/records";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import {
  adminFindingsQueue,
  getClientFindingsSummary,
  getFinding,
  listClientFindings,
  listEngagementFindings,
  listOverdueFindings,
  loadPortalFindings,
} from "@/features/findings/server";
import { clientFindingCounts } from "@/features/findings/server/finding-counts";
import { createFinding, deleteDraftFindings, publishFindings } from "@/features/findings/server/findings-write";
import { setFindingsOutcome, undoFindingOutcome } from "@/features/findings/server/outcomes";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });

const ACME_ENGAGEMENT = DEMO_FINDINGS[0]!.projectId;
const GLOBEX_FINDING = DEMO_FINDINGS.find((f) => f.clientId === DEMO_CLIENTS.globex.id)!.id;

async function draft(title: string, severity: "high" | "medium" = "medium") {
  const { findingId } = await createFinding(t.db, { actor: await adminActor(), projectId: ACME_ENGAGEMENT, input: { title, severity } });
  return findingId;
}

async function published(title: string, severity: "high" | "medium" = "medium") {
  const findingId = await draft(title, severity);
  await publishFindings(t.db, { actor: await adminActor(), projectId: ACME_ENGAGEMENT, findingIds: [findingId] });
  return findingId;
}

const outcome = async (findingIds: string[], change: Record<string, unknown>) =>
  setFindingsOutcome(t.db, {
    actor: await adminActor(),
    change: { projectId: ACME_ENGAGEMENT, findingIds, reason: "A reason", ...change } as never,
  });

const statusOf = async (id: string) => (await t.db.select({ s: findings.status }).from(findings).where(eq(findings.id, id)))[0]!.s;

describe("outcomes", () => {
  it("withdraws a published finding: timeline, audit, a mail; client A reads the reason, client B gets a 404", async () => {
    const acme = await clientActor();
    const globex = await clientActor("client2@example.com");
    const id = await published("Withdrawn one");
    await outcome([id], { outcome: "withdrawn", reason: "Reported against the wrong host." });

    const seen = await getFinding(t.db, { actor: acme, findingId: id });
    expect(seen).toMatchObject({ status: "withdrawn", outcomeReason: "Reported against the wrong host." });
    expect(seen.events.at(-1)).toMatchObject({ kind: "withdrawn", fromStatus: "open", toStatus: "withdrawn", actorRole: "admin" });
    const page = await loadPortalFindings(t.db, { actor: acme, filter: { overdue: false }, findingId: id });
    expect(page.finding).not.toBe("missing");

    await expect(getFinding(t.db, { actor: globex, findingId: id })).rejects.toMatchObject({ status: 404, message: "Finding not found" });
    expect((await loadPortalFindings(t.db, { actor: globex, filter: { overdue: false }, findingId: id })).finding).toBe("missing");

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "finding.outcome"), eq(auditLog.entityId, id)));
    expect(audits).toHaveLength(1);
    const mails = await t.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "notify_findings_closed"));
    expect(mails.find((m) => m.subject === "Finding withdrawn: Withdrawn one")?.text).toContain("Reported against the wrong host.");
  });

  it("marks a false positive and a won't fix (with the client's agreement), and undoes an outcome back to Open", async () => {
    const admin = await adminActor();
    const fp = await published("False one");
    await outcome([fp], { outcome: "false_positive", reason: "The banner was the CDN's." });
    expect(await statusOf(fp)).toBe("false_positive");

    const wf = await published("Won't fix one");
    await expect(outcome([wf], { outcome: "wont_fix" })).rejects.toMatchObject({
      status: 400,
      message: "Name the client's person who agreed",
    });
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await expect(outcome([wf], { outcome: "wont_fix", agreedByName: "Riley Chen", agreedOn: future })).rejects.toMatchObject({
      status: 400,
    });
    await outcome([wf], {
      outcome: "wont_fix",
      reason: "Legacy host, retired in May.",
      agreedByName: "Riley Chen",
      agreedOn: "2026-11-02",
    });
    const detail = await getFinding(t.db, { actor: await clientActor(), findingId: wf });
    expect(detail).toMatchObject({ status: "wont_fix", agreedByName: "Riley Chen", agreedOn: "2026-11-02", overdue: false });
    expect(detail.events.at(-1)!.note).toContain("agreed by Riley Chen");

    await undoFindingOutcome(t.db, { actor: admin, findingId: fp, note: "The CDN was not in front after all." });
    const [row] = await t.db.select().from(findings).where(eq(findings.id, fp));
    expect(row).toMatchObject({ status: "open", outcomeReason: null, duplicateOfId: null });
    const undone = await t.db
      .select()
      .from(findingEvents)
      .where(and(eq(findingEvents.findingId, fp), eq(findingEvents.kind, "outcome_undone")));
    expect(undone).toMatchObject([{ fromStatus: "false_positive", toStatus: "open" }]);
    await expect(undoFindingOutcome(t.db, { actor: admin, findingId: fp })).rejects.toMatchObject({ status: 409 });
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "finding.outcome_undone"), eq(auditLog.entityId, fp))),
    ).toHaveLength(1);
  });

  it("marks a duplicate of a finding of the same engagement, named for the client; never itself, another engagement's or a chain", async () => {
    const original = await published("The original");
    const copy = await published("The copy");
    const third = await published("The third");
    const refused = async (findingId: string, duplicateOfId: string, message: string) => {
      await expect(outcome([findingId], { outcome: "duplicate", duplicateOfId })).rejects.toMatchObject({ status: 400, message });
      expect(await statusOf(findingId)).toBe("open");
    };
    await refused(copy, copy, "A finding cannot be a duplicate of itself.");
    const elsewhere =
      "The original must be a published finding of the same engagement, not itself withdrawn, a false positive or a duplicate.";
    await refused(copy, GLOBEX_FINDING, elsewhere);
    await refused(copy, await draft("A draft original"), elsewhere);
    await expect(outcome([copy, third], { outcome: "duplicate", duplicateOfId: original })).rejects.toMatchObject({
      status: 400,
      message: "Mark duplicates one at a time: each names its original.",
    });

    await outcome([copy], { outcome: "duplicate", duplicateOfId: original, reason: "Same route, reported twice." });
    const seen = await getFinding(t.db, { actor: await clientActor(), findingId: copy });
    expect(seen).toMatchObject({ status: "duplicate", duplicateOf: { id: original, title: "The original" } });
    // The original cannot now point back at its duplicate, nor a third at the duplicate.
    await refused(original, copy, elsewhere);
    await refused(third, copy, elsewhere);
  });

  it("gives no outcome to a draft, another engagement's finding or one awaiting its retest", async () => {
    const d = await draft("Still a draft");
    const message = "Only published findings of this engagement can be given an outcome (a draft is deleted instead). Reload the page.";
    await expect(outcome([d], { outcome: "withdrawn" })).rejects.toMatchObject({ status: 400, message });
    await expect(outcome([GLOBEX_FINDING], { outcome: "withdrawn" })).rejects.toMatchObject({ status: 400, message });
    const retest = await published("Awaiting its retest");
    await t.db.update(findings).set({ status: "fixed_pending_retest" }).where(eq(findings.id, retest));
    await t.db.insert(findingRetests).values({ findingId: retest, note: "Fixed", requestedByName: "Riley" });
    await expect(outcome([retest], { outcome: "false_positive" })).rejects.toMatchObject({ status: 409 });
    expect(await statusOf(retest)).toBe("fixed_pending_retest");
  });
});

describe("counts, SLAs and the portal leave out what the firm closed", () => {
  it("drops withdrawn, false-positive and duplicate findings from every count, summary and overdue list; won't fix is closed, not overdue", async () => {
    const admin = await adminActor();
    const acme = await clientActor();
    const ids = await Promise.all(["Counted A", "Counted B", "Counted C", "Counted D", "Counted E"].map((n) => published(n, "high")));
    // Long past due: every one of them is overdue before the firm closes them.
    await t.db.update(findings).set({ dueOn: "2020-01-01" }).where(inArray(findings.id, ids));
    const before = await clientFindingCounts(t.db, { actor: acme });
    const summaryBefore = await getClientFindingsSummary(t.db, { actor: admin, clientId: DEMO_CLIENTS.acme.id });
    const engagementBefore = (await listEngagementFindings(t.db, { actor: admin, projectId: ACME_ENGAGEMENT }))!.counts;

    await outcome([ids[0]!], { outcome: "withdrawn" });
    await outcome([ids[1]!], { outcome: "false_positive" });
    await outcome([ids[2]!], { outcome: "duplicate", duplicateOfId: ids[4] });
    await outcome([ids[3]!], { outcome: "wont_fix", agreedByName: "Riley Chen", agreedOn: "2026-11-01" });

    const after = await clientFindingCounts(t.db, { actor: acme });
    expect(after.total).toBe(before.total - 3);
    expect(after.closedByFirm).toBe(before.closedByFirm + 3);
    expect(after.bySeverity.high).toBe(before.bySeverity.high - 3);
    expect(after.overdue).toBe(before.overdue - 4);
    const summary = await getClientFindingsSummary(t.db, { actor: admin, clientId: DEMO_CLIENTS.acme.id });
    expect(summary.open).toBe(summaryBefore.open - 4);
    expect(summary.overdue).toBe(summaryBefore.overdue - 4);
    const engagement = (await listEngagementFindings(t.db, { actor: admin, projectId: ACME_ENGAGEMENT }))!.counts;
    expect(engagement.total).toBe(engagementBefore.total - 3);

    const attention = (await listOverdueFindings(t.db, { actor: acme, limit: 100 })).map((f) => f.id);
    const queue = (await adminFindingsQueue(t.db, { actor: admin })).overdue.map((f) => f.id);
    for (const id of ids.slice(0, 4)) {
      expect(attention).not.toContain(id);
      expect(queue).not.toContain(id);
    }
    expect(attention).toContain(ids[4]);

    const listed = (await listClientFindings(t.db, { actor: acme, filter: { overdue: false } })).items.map((f) => f.id);
    expect(listed).not.toContain(ids[0]);
    expect(listed).not.toContain(ids[1]);
    expect(listed).not.toContain(ids[2]);
    expect(listed).toContain(ids[3]);
    const withClosed = (await listClientFindings(t.db, { actor: acme, filter: { overdue: false, closed: true } })).items.map((f) => f.id);
    expect(withClosed).toEqual(expect.arrayContaining(ids));
    const onlyWithdrawn = await listClientFindings(t.db, { actor: acme, filter: { overdue: false, status: "withdrawn" } });
    expect(onlyWithdrawn.items.map((f) => f.id)).toContain(ids[0]);
    expect(onlyWithdrawn.items.every((f) => f.status === "withdrawn")).toBe(true);
  });
});

describe("bulk changes", () => {
  it("deletes selected drafts in one go, and nothing when a published finding is among them", async () => {
    const admin = await adminActor();
    const drafts = [await draft("Bulk draft 1"), await draft("Bulk draft 2")];
    const live = await published("Bulk published");
    await expect(
      deleteDraftFindings(t.db, { actor: admin, projectId: ACME_ENGAGEMENT, findingIds: [...drafts, live] }),
    ).rejects.toMatchObject({ status: 400 });
    const left = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(findings)
      .where(inArray(findings.id, [...drafts, live]));
    expect(left[0]!.n).toBe(3);
    expect(await deleteDraftFindings(t.db, { actor: admin, projectId: ACME_ENGAGEMENT, findingIds: drafts })).toEqual({ deleted: 2 });
    const gone = await t.db
      .select({ id: findings.id })
      .from(findings)
      .where(inArray(findings.id, [...drafts, live]));
    expect(gone.map((r) => r.id)).toEqual([live]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "finding.delete_drafts"))).toHaveLength(1);
  });

  it("gives several published findings one outcome and one reason, one timeline entry each and one mail", async () => {
    const ids = [await published("Bulk outcome 1"), await published("Bulk outcome 2")];
    const mailsBefore = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "notify_findings_closed"));
    expect(await outcome(ids, { outcome: "false_positive", reason: "Both from the staging mirror." })).toEqual({
      changed: 2,
      outcome: "false_positive",
    });
    const events = await t.db
      .select({ note: findingEvents.note })
      .from(findingEvents)
      .where(and(inArray(findingEvents.findingId, ids), eq(findingEvents.kind, "outcome")));
    expect(events).toEqual([{ note: "Both from the staging mirror." }, { note: "Both from the staging mirror." }]);
    const mailsAfter = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "notify_findings_closed"));
    // One mail per person of the company who takes findings mail, for the one change.
    expect(mailsAfter[0]!.n).toBeGreaterThan(mailsBefore[0]!.n);
    const subjects = await t.db.select({ s: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.kind, "notify_findings_closed"));
    expect(subjects.filter((m) => m.s.startsWith("2 findings closed as false positives")).length).toBe(
      mailsAfter[0]!.n - mailsBefore[0]!.n,
    );
  });
});
