// A portal section costs the same, small number of queries however many projects and invoices a
// client has: per-project and per-invoice figures come from SQL aggregates, never from a loop. The
// page reads only the section in view.
import { describe, expect, it } from "vitest";
import type { ClientActor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { countQueries } from "@/server/core/db/query-counter";
import { documents } from "@/features/documents/server/schema";
import { PORTAL_SECTIONS, type PortalSection } from "@/lib/domain/portal-section";
import { loadPortalSection } from "@/features/portal/server";
import { SETTINGS_TABS, type SettingsTab } from "@/lib/domain/settings-tab";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { addInvoices, addProject, createTestClient, type TestInvoice } from "@tests/integration/helpers/portal";

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

// One query per dataset a section shows (the actor is an owner: Settings and Book Service read the Team).
const EXPECTED_QUERIES: Record<PortalSection, number> = {
  overview: 3, // names, stat cards, findings and reports figures and billing summary in one statement; the overdue findings; the authorizations to sign
  projects: 1,
  billing: 3, // summary, invoices, Pay Now's choices (the open invoices with a payment page)
  rates: 1,
  settings: 1, // its first section, Profile: the profile (each section's own count: SETTINGS_QUERIES)
  "book-service": 6, // tiers, subscription, bookings, upcoming meetings, Team, whether Square is connected (what a plan offers)
  documents: 2, // documents, their downloads
  messages: 2, // threads, projects
  findings: 0, // read by the findings module from the address's filters
  retainer: 0, // read by the retainers module (getPortalRetainer: four statements side by side)
};

// Settings reads the one section the address names, one query per dataset it shows.
const SETTINGS_QUERIES: Record<SettingsTab, number> = {
  profile: 1,
  company: 1,
  team: 2, // the profile (the owners' switch, who "you" is), the Team
  security: 1,
  sso: 1,
  integrations: 1,
  api: 2, // API tokens, webhook endpoints
  "access-log": 0, // read by its card when it shows
  // shares, members-may-share, closed engagements, then one list per kind of item: reports, letters, evidence packs and engagements with a decided retest (a share's items, recipients and events: three more)
  sharing: 7,
  notifications: 1,
};

describe("portal load", () => {
  it("costs each section the same number of queries with 3 invoices or 1,200", async () => {
    const few = await seedClient(t.db, "Few", 1, 3, 1);
    const many = await seedClient(t.db, "Many", 60, 20, 40);

    for (const section of PORTAL_SECTIONS) {
      const small = await countQueries(() => loadPortalSection(t.db, { actor: few, section }));
      const large = await countQueries(() => loadPortalSection(t.db, { actor: many, section }));
      expect({ section, queries: small.queries }).toEqual({ section, queries: EXPECTED_QUERIES[section] });
      expect({ section, queries: large.queries }).toEqual({ section, queries: small.queries });
      expect(large.result.section).toBe(section);
    }

    const projects = await loadPortalSection(t.db, { actor: many, section: "projects" });
    expect((await loadPortalSection(t.db, { actor: few, section: "projects" })).projects).toHaveLength(1);
    expect(projects.projects).toHaveLength(60);
    expect((await loadPortalSection(t.db, { actor: many, section: "billing" })).billing!.invoiceCount).toBe(1_200);
    expect((await loadPortalSection(t.db, { actor: many, section: "documents" })).documents).toHaveLength(40);

    // The aggregates are right at this size too: per project, 5 of each status.
    // Billed (not cancelled): 3 statuses × 5 invoices; paid: the paid ones in full + 5,000 per pending.
    const project = projects.projects[0]!;
    const amounts = Array.from({ length: 20 }, (_, i) => 10_000 + i);
    const billed = amounts.filter((_, i) => i % 4 !== 3).reduce((a, b) => a + b, 0);
    const paid = amounts.filter((_, i) => i % 4 === 0).reduce((a, b) => a + b, 0) + 5 * 5_000;
    expect(project.figures).toEqual({ invoiceCount: 15, billedCents: billed, paidCents: paid, outstandingCents: billed - paid });
  });

  it("reads one Settings section at a time, and none of the owners' for a member", async () => {
    const owner = await seedClient(t.db, "Tabs", 1, 1, 0);
    for (const tab of SETTINGS_TABS) {
      const { result, queries } = await countQueries(() => loadPortalSection(t.db, { actor: owner, section: "settings", tab }));
      expect({ tab, queries }).toEqual({ tab, queries: SETTINGS_QUERIES[tab] });
      expect(result.settings.tab).toBe(tab);
      expect(result.tabs).toEqual(SETTINGS_TABS);
    }
    // An unknown section is the first; a member asking for an owners' section gets the first, unread.
    expect((await loadPortalSection(t.db, { actor: owner, section: "settings", tab: "nope" })).settings.tab).toBe("profile");
    const member = { ...owner, personRole: "member" as const };
    const { result, queries } = await countQueries(() => loadPortalSection(t.db, { actor: member, section: "settings", tab: "team" }));
    expect(result.settings).toEqual({ tab: "profile", profile: expect.objectContaining({ company: "Tabs Inc" }) });
    expect(result.tabs).toEqual(["profile", "company", "security", "notifications"]);
    // Whether the owners let members share (it decides the Sharing section), then the profile.
    expect(queries).toBe(2);
  });

  it("loads the demo client's overview with the same count", async () => {
    const { requireClient } = await import("@/features/identity/server/sessions/session");
    const { sessionCookie, authHeaders } = await import("@tests/integration/helpers/auth");
    const actor = await requireClient(authHeaders(await sessionCookie("client@example.com")));
    const { result, queries } = await countQueries(() => loadPortalSection(t.db, { actor, section: "overview" }));
    expect(queries).toBe(EXPECTED_QUERIES.overview);
    expect(result.profile.company).toBe("Acme Robotics");
  });
});
