// A portal load costs the same, small number of queries however many projects and invoices a
// client has: per-project and per-invoice figures come from SQL aggregates, never from a loop.
import { describe, expect, it } from "vitest";
import type { ClientActor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { countQueries } from "@/server/core/db/query-counter";
import { documents } from "@/server/core/db/schema";
import { loadClientPortal } from "@/server/modules/portal";
import { setupTestDatabase } from "./helpers/db";
import { addInvoices, addProject, createTestClient, type TestInvoice } from "./helpers/portal";

const t = setupTestDatabase({ seedDemo: true });

async function seedClient(
  db: Db,
  name: string,
  projectCount: number,
  invoicesPerProject: number,
  documentCount: number,
): Promise<ClientActor> {
  const actor = await createTestClient(db, name);
  const statuses = ["paid", "pending", "overdue", "cancelled"] as const;
  const list: TestInvoice[] = [];
  for (let p = 0; p < projectCount; p++) {
    const projectId = await addProject(db, actor, { projectName: `${name} project ${p}`, targetCompletionDate: "2027-01-01" });
    for (let i = 0; i < invoicesPerProject; i++) {
      list.push({ projectId, amountCents: 10_000 + i, status: statuses[i % 4]!, totalPaidCents: i % 4 === 1 ? 5_000 : 0 });
    }
  }
  await addInvoices(db, actor, list);
  if (documentCount > 0) {
    await db.insert(documents).values(
      Array.from({ length: documentCount }, (_, i) => ({
        clientId: actor.clientId,
        name: `${name} document ${i}.pdf`,
        storageKey: `test/${actor.clientId}/${i}.pdf`,
        fileSize: 1024 + i,
        mimeType: "application/pdf",
      })),
    );
  }
  return actor;
}

describe("portal load", () => {
  it("costs the same number of queries with 3 invoices or 1,200", async () => {
    const few = await seedClient(t.db, "Few", 1, 3, 1);
    const many = await seedClient(t.db, "Many", 60, 20, 40);

    const small = await countQueries(() => loadClientPortal(t.db, { actor: few }));
    const large = await countQueries(() => loadClientPortal(t.db, { actor: many }));

    expect(small.result.projects).toHaveLength(1);
    expect(large.result.projects).toHaveLength(60);
    expect(large.result.billing!.invoiceCount).toBe(1_200);
    expect(large.result.documents).toHaveLength(40);
    // One query per dataset: profile, stats, projects, billing summary, invoices, rates,
    // documents, their downloads, tiers, subscription, bookings, account security, upcoming meetings,
    // message threads, notification preferences, and the Team (the actor is an owner).
    expect(small.queries).toBe(16);
    expect(large.queries).toBe(small.queries);

    // The aggregates are right at this size too: per project, 5 of each status.
    // Billed (not cancelled): 3 statuses × 5 invoices; paid: the paid ones in full + 5,000 per pending.
    const project = large.result.projects[0]!;
    const amounts = Array.from({ length: 20 }, (_, i) => 10_000 + i);
    const billed = amounts.filter((_, i) => i % 4 !== 3).reduce((a, b) => a + b, 0);
    const paid = amounts.filter((_, i) => i % 4 === 0).reduce((a, b) => a + b, 0) + 5 * 5_000;
    expect(project).toMatchObject({ invoiceCount: 15, billedCents: billed, paidCents: paid, outstandingCents: billed - paid });
  });

  it("loads the demo clients with the same count", async () => {
    const { requireClient } = await import("@/server/modules/account/session");
    const { sessionCookie, authHeaders } = await import("./helpers/auth");
    const actor = await requireClient(authHeaders(await sessionCookie("client@example.com")));
    const { result, queries } = await countQueries(() => loadClientPortal(t.db, { actor }));
    expect(queries).toBe(16);
    expect(result.profile.company).toBe("Acme Robotics");
  });
});
