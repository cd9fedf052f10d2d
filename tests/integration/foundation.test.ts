import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clients } from "@/features/clients/server/schema";
import { documents } from "@/features/documents/server/schema";
import { user } from "@/features/identity/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { clientRates } from "@/features/rates/server/schema";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { getStorage } from "@/server/core/storage/storage";
import { seedDemoData } from "@/features/demo/server";
import { setupTestDatabase } from "./helpers/db";

const t = setupTestDatabase();

describe("schema and migrations", () => {
  it("creates every table of the schema", async () => {
    const result = await t.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(
      expect.arrayContaining([
        "user",
        "session",
        "account",
        "verification",
        "rate_limit",
        "clients",
        "projects",
        "invoices",
        "client_rates",
        "documents",
        "subscription_tiers",
        "client_subscriptions",
        "service_bookings",
        "contact_inquiries",
        "email_outbox",
        "payment_provider_connections",
        "audit_log",
      ]),
    );
  });
});

describe("demo seed", () => {
  it("seeds once and is idempotent", async () => {
    expect(await seedDemoData(t.db, getStorage())).toEqual({ seeded: true });
    const count = async () => {
      const [row] = await t.db
        .select({ users: sql<number>`(select count(*)::int from ${user})`, invoices: sql<number>`(select count(*)::int from ${invoices})` })
        .from(sql`(select 1) as one`);
      return row;
    };
    const before = await count();
    expect(await seedDemoData(t.db, getStorage())).toEqual({ seeded: false });
    expect(await count()).toEqual(before);
    // The admin, Acme's owner and member, Globex's owner.
    expect(before?.users).toBe(4);
  });

  it("covers every invoice status and a deposit/balance schedule with one part paid, per demo client", async () => {
    for (const client of [DEMO_CLIENTS.acme, DEMO_CLIENTS.globex]) {
      const rows = await t.db
        .select({ status: invoices.status, schedule: invoices.paymentSchedule })
        .from(invoices)
        .where(sql`${invoices.clientId} = ${client.id}`);
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["paid", "pending", "overdue", "cancelled"]));
      const withDeposit = rows.find((r) => r.schedule.some((e) => e.requestType === "DEPOSIT"));
      expect(withDeposit?.schedule.map((e) => e.totalCompletedAmountCents >= e.computedAmountCents)).toEqual([true, false]);
    }
    const linked = await t.db.select({ company: clients.company }).from(clients).orderBy(clients.company);
    expect(linked.map((c) => c.company)).toEqual(["Acme Robotics", "Globex Systems"]);
  });

  it("gives each demo client at least two rate cards and documents in three categories", async () => {
    for (const client of [DEMO_CLIENTS.acme, DEMO_CLIENTS.globex]) {
      const rates = await t.db.select({ id: clientRates.id }).from(clientRates).where(eq(clientRates.clientId, client.id));
      expect(rates.length, client.company).toBeGreaterThanOrEqual(2);
      const docs = await t.db.select({ category: documents.category }).from(documents).where(eq(documents.clientId, client.id));
      expect(new Set(docs.map((d) => d.category)).size, client.company).toBeGreaterThanOrEqual(3);
    }
  });
});
