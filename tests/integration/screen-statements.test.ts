// What a signed-in screen costs the database per request: the portal overview, the admin dashboard
// and the admin clients list each send a fixed set of statements (none of them a write), whatever
// the data, so a screen's cost never grows with a company's invoices or findings (bench/README.md).
// The page is rendered as Next would (layout and page, every streamed card awaited), all of it
// inside one count. Outside a render React `cache` calls through, so here it keeps an answer per
// argument object as it does for one render: each request below has its own headers object, as
// each of Next's requests has, and the session is read once per request.
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { recordQueries } from "@/server/core/db/query-counter";
import { serviceBookings } from "@/features/bookings/server/schema";
import { findings } from "@/features/findings/server/schema/records";
import { contactInquiries } from "@/features/inquiries/server/schema";
import { adminCookie } from "./helpers/admin-session";
import { authHeaders, sessionCookie } from "./helpers/auth";
import { setupTestDatabase } from "./helpers/db";
import { resolveTree } from "./helpers/entry-outcome";
import { requestHeaders, settleAfterTasks } from "./helpers/next-headers-mock";
import { addInvoices, addProject, createTestClient } from "./helpers/portal";

vi.mock("next/headers", async () => (await import("./helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) => (await import("./helpers/next-headers-mock")).nextServerMock(importOriginal));
vi.mock("react", async (importOriginal) => {
  const react = await importOriginal<typeof import("react")>();
  // React `cache` as within one render: one answer per first argument (the request's headers).
  const cache = <A extends object, R>(fn: (arg: A) => R) => {
    const answers = new WeakMap<A, R>();
    return (arg: A) => {
      if (!answers.has(arg)) answers.set(arg, fn(arg));
      return answers.get(arg)!;
    };
  };
  return { ...react, cache };
});

const t = setupTestDatabase({ seedDemo: true });

const NO_PARAMS = { params: Promise.resolve({}), searchParams: Promise.resolve({}) };
type Render = () => Promise<unknown>;

/** One request's statements: the session's reads apart from the screen's own. */
async function statementsOf(renders: Render[]) {
  const { statements } = await recordQueries(async () => {
    for (const render of renders) await resolveTree(await render());
    await settleAfterTasks();
  });
  const session = statements.filter((s) => /from "session"/.test(s));
  const own = statements.filter((s) => !/from "session"/.test(s));
  return { session: session.length, own, writes: own.filter((s) => /^\s*(insert|update|delete)\b/i.test(s)) };
}

/** n more of what each screen lists or counts: invoices, overdue findings, bookings, inquiries, clients. */
async function grow(db: DbOrTx, actor: ClientActor, n: number) {
  const projectId = await addProject(db, actor, { projectName: `Growth ${randomUUID().slice(0, 6)}`, status: "in_progress" });
  const statuses = ["paid", "pending", "overdue", "cancelled"] as const;
  await addInvoices(
    db,
    actor,
    Array.from({ length: n }, (_, i) => ({ projectId, amountCents: 10_000 + i, status: statuses[i % 4]!, dueDate: "2026-01-01" })),
  );
  await db.insert(findings).values(
    Array.from({ length: n }, (_, i) => ({
      clientId: actor.clientId,
      projectId,
      title: `Growth finding ${i}`,
      severity: "high" as const,
      status: "open" as const,
      publishedAt: new Date(),
      dueOn: "2026-01-01",
    })),
  );
  await db.insert(serviceBookings).values(
    Array.from({ length: n }, (_, i) => ({
      clientId: actor.clientId,
      serviceType: "Other" as const,
      preferredStartDate: "2027-01-01",
      projectDescription: `Growth booking ${i}`,
    })),
  );
  await db.insert(contactInquiries).values(
    Array.from({ length: n }, (_, i) => ({
      name: `Growth ${i}`,
      email: `growth-${i}@example.test`,
      company: "Growth Corp",
      serviceInterest: "Other",
      message: "A growth row.",
    })),
  );
  for (let i = 0; i < n; i++) await createTestClient(db, `Growth client ${randomUUID().slice(0, 6)}`);
}

async function portalOverview(actor: ClientActor) {
  requestHeaders.current = authHeaders(await sessionCookie(actor.email));
  const page = (await import("@/app/client-portal/page")).default;
  return statementsOf([() => page(NO_PARAMS)]);
}

async function adminScreen(load: () => Promise<{ default: (props: typeof NO_PARAMS) => Promise<unknown> }>) {
  requestHeaders.current = authHeaders(await adminCookie());
  const layout = (await import("@/app/admin/(area)/layout")).default;
  const page = (await load()).default;
  return statementsOf([() => layout({ children: null }), () => page(NO_PARAMS)]);
}

const dashboard = () => adminScreen(() => import("@/app/admin/(area)/dashboard/page"));
const clientsList = () => adminScreen(() => import("@/app/admin/(area)/clients/page"));

describe("statements per screen", () => {
  it("stay the same with 2 or 20 invoices, findings, bookings, inquiries and clients, and none is a write", async () => {
    const actor = await createTestClient(t.db, "Screens");
    await grow(t.db, actor, 2);
    const small = { portal: await portalOverview(actor), dashboard: await dashboard(), clients: await clientsList() };
    await grow(t.db, actor, 20);
    const large = { portal: await portalOverview(actor), dashboard: await dashboard(), clients: await clientsList() };

    // The portal overview: its figures in one statement, the overdue findings, the authorizations
    // to sign, whether a retainer is held, the unread messages.
    expect(small.portal.own).toHaveLength(5);
    // The dashboard: the sidebar's figures (layout), then its cards' reads, side by side: the key
    // figures, pending bookings, counter-signatures, inquiries, recent activity, failed mail (with
    // its dead jobs), Square's status, the two charts and the MRR not billed yet.
    expect(small.dashboard.own).toHaveLength(12);
    // The clients list: the sidebar's figures, then the page of clients with its total.
    expect(small.clients.own).toHaveLength(2);
    for (const screen of ["portal", "dashboard", "clients"] as const) {
      expect({ screen, statements: large[screen].own.length }).toEqual({ screen, statements: small[screen].own.length });
      expect({ screen, writes: large[screen].writes }).toEqual({ screen, writes: [] });
      // The layout and the page both guard; the session is read once.
      expect({ screen, sessionReads: large[screen].session }).toEqual({ screen, sessionReads: 1 });
    }
  });
});
