// The admin Invoices list is a look at every company whose invoices it shows
// (docs/PRODUCT.md#portal-access-log): unfiltered, or filtered by status or dates only, it writes
// an entry in each shown company's access log once the page has answered, as the list filtered to one company does; an
// invoice waiting for a client belongs to no log, and the same visit adds nothing.
import { and, eq, gt, isNull } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import AdminInvoicesPage from "@/app/admin/(area)/invoices/page";
import { auditLog } from "@/features/audit/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { listAdminInvoices } from "@/features/invoices/server";
import { projectNameSql } from "@/features/projects/server";
import { invoiceListQuerySchema } from "@/features/invoices/validation";
import { adminActor, adminCookie } from "@tests/integration/helpers/admin-session";
import { authHeaders } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { afterHook, requestHeaders, settleAfterTasks } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);
const t = setupTestDatabase({ seedDemo: true });

const newestAuditId = async () => (await t.db.select({ id: auditLog.id }).from(auditLog)).reduce((max, row) => Math.max(max, row.id), 0);

/** The companies given a "Viewed your invoices" entry since `before`, sorted. */
async function loggedSince(before: number): Promise<string[]> {
  const rows = await t.db
    .select({ clientId: auditLog.clientId })
    .from(auditLog)
    .where(and(gt(auditLog.id, before), eq(auditLog.action, "client.invoices.view")));
  return rows.map((row) => row.clientId!).sort();
}

/**
 * The companies whose invoices the list's first page shows for the address's query, sorted. The
 * list records its own look after the response: that look is the test's, not a visit, so it is
 * dropped (left to run, it would land in the log while the next visit is being checked).
 */
async function shownOn(search: Record<string, string>): Promise<string[]> {
  const filter = invoiceListQuerySchema.parse(search);
  afterHook.current = () => undefined;
  try {
    const { rows } = await listAdminInvoices(t.db, { actor: await adminActor(), projectName: projectNameSql, filter });
    return [...new Set(rows.flatMap((row) => (row.clientId ? [row.clientId] : [])))].sort();
  } finally {
    afterHook.current = null;
  }
}

describe("the admin Invoices list in the companies' access logs", () => {
  it("records the unfiltered list, and one filtered by status only, in the log of each company it shows, once a visit", async () => {
    // An invoice waiting for a client shows on the list and belongs to no company's log.
    await t.db.insert(invoices).values({
      clientId: null,
      squareInvoiceId: "sq-waiting",
      invoiceNumber: "T-WAITING",
      amountCents: 900,
      status: "pending",
      issuedDate: "2099-01-01",
    });
    requestHeaders.current = authHeaders(await adminCookie());

    // Filtered by status only, then (a new visit, 31 minutes on) unfiltered.
    const looks: [Record<string, string>, number][] = [
      [{ status: "paid" }, 0],
      [{}, 31 * 60_000],
    ];
    for (const [search, later] of looks) {
      const before = await newestAuditId();
      const deferred: (() => Promise<void>)[] = [];
      afterHook.current = (task) => void deferred.push(task);
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        vi.setSystemTime(Date.now() + later);
        await AdminInvoicesPage({ searchParams: Promise.resolve(search) });
        // The page has answered and written nothing yet: the look is written after the response.
        expect(await loggedSince(before)).toEqual([]);
        expect(deferred).toHaveLength(1);
        for (const task of deferred) await task();
      } finally {
        afterHook.current = null;
        vi.useRealTimers();
      }
      const logged = await loggedSince(before);
      const shown = await shownOn(search);
      expect(shown.length, JSON.stringify(search)).toBeGreaterThan(0);
      expect(logged, JSON.stringify(search)).toEqual(shown);
    }
    expect((await shownOn({})).length).toBeGreaterThan(1);

    // Reloading within the visit adds nothing.
    const before = await newestAuditId();
    await AdminInvoicesPage({ searchParams: Promise.resolve({}) });
    await settleAfterTasks();
    expect(await loggedSince(before)).toEqual([]);
    expect(await t.db.$count(auditLog, and(eq(auditLog.action, "client.invoices.view"), isNull(auditLog.clientId)))).toBe(0);
  });
});
