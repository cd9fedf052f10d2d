import fs from "node:fs";
import os from "node:os";
import path from "node:path";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "bench-x-"));
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";
const { openPglite } = await import("../../src/server/core/db/client");
const { migrateDatabase } = await import("../../src/server/core/db/migrate");
const { seedDemoData } = await import("../../src/server/modules/demo/seed-demo");
const { getStorage } = await import("../../src/server/core/storage/storage");
const d = await import("../../src/server/modules/dashboard/index");
const inv = await import("../../src/server/modules/invoices/index");
const ops = await import("../../src/server/modules/operations/index");
const sq = await import("../../src/server/modules/square/index");
const acc = await import("../../src/server/modules/account/index");
const inq = await import("../../src/server/modules/inquiries/index");
const msg = await import("../../src/server/modules/messages/index");
const schema = await import("../../src/server/core/db/schema");
const { eq } = await import("drizzle-orm");
const handle = openPglite(undefined);
await migrateDatabase(handle);
const { db } = handle;
await seedDemoData(db, getStorage());
const [u] = await db.select().from(schema.user).where(eq(schema.user.email, "admin@example.com"));
const actor = { role: "admin", userId: u!.id, email: u!.email, name: u!.name } as const;
const client = (db as any).$client;
const orig = client.query.bind(client);
let log: { sql: string; ms: number; rows: number; bytes: number }[] = [];
client.query = async (sql: string, params: unknown[], opts: unknown) => { const t = performance.now(); const r = await orig(sql, params, opts); log.push({ sql, ms: performance.now() - t, rows: r.rows.length, bytes: JSON.stringify(r.rows, (k, v) => typeof v === "bigint" ? String(v) : v).length }); return r; };
const fns: Record<string, () => Promise<unknown>> = {
  stats: () => d.getDashboardStats(db, { actor }), pending: () => d.listPendingBookings(db, { actor }), inquiries: () => d.listRecentInquiries(db, { actor }),
  audit: () => d.listRecentAudit(db, { actor }), failed: () => ops.listFailedMails(db, { actor }), square: () => sq.getSquareStatus(db, { refresh: false }),
  unmatched: () => sq.countUnmatchedInvoices(db, { actor }), invoiced: () => inv.getInvoicedVsCollected(db, { actor }), mrr: () => inv.getMrrByMonth(db, { actor }),
  security: () => acc.getAccountSecurity(db, { actor }), unreadInq: () => inq.countUnreadInquiries(db, { actor }), unreadThreads: () => msg.countAdminUnreadThreads(db, { actor }),
};
for (let round = 0; round < 12; round++) for (const [name, fn] of Object.entries(fns)) { log = []; const t = performance.now(); await fn(); const total = performance.now() - t; if (round === 11) console.log(name.padEnd(14), total.toFixed(2), "ms", log.map((l) => `${l.ms.toFixed(2)}ms/${l.rows}r/${l.bytes}B`).join(" "), log.length > 1 ? "" : log[0]?.sql.slice(0, 80)); }
process.exit(0);
