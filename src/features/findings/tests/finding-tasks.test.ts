// The findings' periodic work (docs/PRODUCT.md#portal-findings): a risk acceptance ending within
// 14 days mails the company once, and one that has ended turns the finding Open again, on its timeline.
import { and, eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clientPeople } from "@/features/clients/server/schema";
import { findingEvents, findings } from "@/features/findings/server/schema/records";
import { user } from "@/features/identity/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import { acceptRisk } from "@/features/findings/server";
import { runFindingTasks } from "@/features/findings/server/finding-tasks";
import { createFinding, publishFindings } from "@/features/findings/server/findings-write";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });

const ACME_ENGAGEMENT = DEMO_FINDINGS[0]!.projectId;
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function acceptedRisk(title: string, expiresOn: string) {
  const admin = await adminActor();
  const acme = await clientActor();
  const { findingId } = await createFinding(t.db, { actor: admin, projectId: ACME_ENGAGEMENT, input: { title, severity: "high" } });
  await publishFindings(t.db, { actor: admin, projectId: ACME_ENGAGEMENT, findingIds: [findingId] });
  await acceptRisk(t.db, { actor: acme, findingId, reason: "Compensating control", expiresOn: dayFromToday(30) });
  // An acceptance is always set to end after today; the clock moving on is what brings its end near.
  await t.db.update(findings).set({ riskExpiresOn: expiresOn }).where(eq(findings.id, findingId));
  return findingId;
}

describe("the findings' periodic work", () => {
  it("mails each active person of the company once about a risk acceptance ending soon, however often it runs", async () => {
    const acme = await clientActor();
    await acceptedRisk("Ending soon A", dayFromToday(10));
    await acceptedRisk("Ending soon B", dayFromToday(3));
    await acceptedRisk("Ending later", dayFromToday(20));
    await runFindingTasks(t.db);
    await runFindingTasks(t.db);

    const mails = await t.db
      .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "notify_risk_expiring"), like(emailOutbox.subject, "%: Ending %")));
    const people = await t.db
      .select({ email: user.email })
      .from(clientPeople)
      .innerJoin(user, eq(user.id, clientPeople.userId))
      .where(and(eq(clientPeople.clientId, acme.clientId), eq(clientPeople.status, "active")));
    expect(people.length).toBeGreaterThan(0);
    const expected = ["Ending soon A", "Ending soon B"].flatMap((title) => people.map(({ email }) => `${email} ${title}`));
    expect(mails.map((m) => `${m.to} ${m.subject.split(": ").at(-1)}`).sort()).toEqual(expected.sort());
  });

  it("turns a finding whose risk acceptance has ended Open again, with a timeline entry", async () => {
    const ended = [await acceptedRisk("Ended yesterday", dayFromToday(-1)), await acceptedRisk("Ended last week", dayFromToday(-7))];
    const running = await acceptedRisk("Ends today", dayFromToday(0));
    await runFindingTasks(t.db);

    const statuses = await t.db
      .select({ id: findings.id, status: findings.status })
      .from(findings)
      .where(inArray(findings.id, [...ended, running]));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [ended[0]!]: "open",
      [ended[1]!]: "open",
      [running]: "risk_accepted",
    });
    const events = await t.db
      .select({ findingId: findingEvents.findingId, fromStatus: findingEvents.fromStatus, toStatus: findingEvents.toStatus })
      .from(findingEvents)
      .where(and(inArray(findingEvents.findingId, [...ended, running]), eq(findingEvents.note, "The risk acceptance expired.")));
    expect(events.sort((a, b) => a.findingId.localeCompare(b.findingId))).toEqual(
      ended
        .map((findingId) => ({ findingId, fromStatus: "risk_accepted", toStatus: "open" }))
        .sort((a, b) => a.findingId.localeCompare(b.findingId)),
    );
  });
});
