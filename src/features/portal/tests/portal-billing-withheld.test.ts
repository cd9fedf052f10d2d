// Billing withheld from members (docs/PRODUCT.md#portal-team): the portal page's data for such a
// member carries no money figure in any section (project cards, the Overview's balance, the
// Messages section's project list), while an owner of the same company still gets them.
import { eq } from "drizzle-orm";
import type { ReactElement } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import ClientPortalPage from "@/app/client-portal/page";
import { PORTAL_SECTIONS, type PortalSection } from "@/lib/domain/portal-section";
import { clients } from "@/features/clients/server/schema";
import { DEMO_CLIENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });

/** The data the portal page hands its client component for one section, as the browser gets it. */
async function sectionData(email: string, section: PortalSection): Promise<string> {
  requestHeaders.current = new Headers({ cookie: await sessionCookie(email) });
  const page = ClientPortalPage as (props: unknown) => Promise<ReactElement<{ data: Promise<unknown> }>>;
  const element = await page({ params: Promise.resolve({}), searchParams: Promise.resolve({ section }) });
  return JSON.stringify(await element.props.data);
}

// Every name the portal gives a figure of Billing or of a project's money.
const MONEY_KEYS =
  /"(figures|invoiceCount|billedCents|paidCents|outstandingCents|balanceDueCents|amountCents|totalPaidCents|pendingCount|overdueCount)":(?!null)/;

describe("a member from whom the owners withheld Billing", () => {
  beforeAll(async () => {
    await t.db.update(clients).set({ billingWithheldFromMembers: true }).where(eq(clients.id, DEMO_CLIENTS.acme.id));
  });
  afterAll(async () => {
    await t.db.update(clients).set({ billingWithheldFromMembers: false }).where(eq(clients.id, DEMO_CLIENTS.acme.id));
  });

  it("gets the project cards without billed, paid, outstanding or total value", async () => {
    const data = JSON.parse(await sectionData(DEMO_USERS.acmeMember.email, "projects")) as { projects: Record<string, unknown>[] };
    expect(data.projects.map((p) => p.projectName)).toEqual([
      "Red Team Retest",
      "Copilot Rollout Acceleration",
      "LLM Gateway Security Assessment",
      "Continuous Security Testing 2026",
      "AI Governance Framework",
    ]);
    for (const project of data.projects) expect(project.figures).toBeNull();
    // The owner of the same company still sees them.
    const owner = JSON.parse(await sectionData(DEMO_USERS.acme.email, "projects")) as { projects: { figures: unknown }[] };
    expect(owner.projects[2]!.figures).toEqual({
      invoiceCount: 1,
      billedCents: 4_800_000,
      paidCents: 1_920_000,
      outstandingCents: 2_880_000,
    });
  });

  it.each(PORTAL_SECTIONS.map((section) => [section]))("gets no money figure in the %s section's data", async (section) => {
    const text = await sectionData(DEMO_USERS.acmeMember.email, section);
    expect(text).not.toMatch(MONEY_KEYS);
    // The amounts of the company's invoices (INV-1001's total and what is paid of it) appear nowhere.
    expect(text).not.toMatch(/4800000|1920000|2880000/);
  });
});
