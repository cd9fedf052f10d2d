// `npm run bench:retainer`: seeds 200 clients, each with a retainer, a project and 100,000 time
// entries over five years (generate_series inserts; the monthly totals the module keeps are filled
// from them), into a fresh in-memory PGlite, then times the portal's Retainer section and the
// admin's Retainers list and counts the statements each sends. Target: median ≤ 150 ms, in a
// constant number of statements (docs/PRODUCT.md#retainer-hours). RETAINER_BENCH_CLIENTS and
// RETAINER_BENCH_ENTRIES shrink the data set for a quick run.
// Run with tsx --import ./scripts/no-server-only.mjs (server-only modules) from the repository root.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { AdminActor, ClientActor } from "../src/server/core/actor";
import { openPglite } from "../src/server/core/db/client";
import { migrateDatabase } from "../src/server/core/db/migrate";
import { countQueries } from "../src/server/core/db/query-counter";
import { getPortalRetainer, listRetainersForAdmin } from "../src/features/retainers/server";

const CLIENTS = Number(process.env.RETAINER_BENCH_CLIENTS ?? 200);
const ENTRIES = Number(process.env.RETAINER_BENCH_ENTRIES ?? 100_000);
const DAYS = 5 * 365;
const RUNS = 15;
const TARGET_MS = 150;

const admin: AdminActor = { role: "admin", userId: "bench-admin", email: "admin@bench.example", name: "Bench Admin" };

async function seed(db: ReturnType<typeof openPglite>["db"]): Promise<ClientActor> {
  const started = performance.now();
  await db.execute(sql`insert into clients (company, contact_person, contact_email)
    select 'Client ' || lpad(g::text, 3, '0'), 'Bench', 'bench' || g || '@bench.example' from generate_series(1, ${CLIENTS}) g`);
  await db.execute(sql`insert into projects (client_id, project_name) select id, company || ' engineering' from clients`);
  await db.execute(sql`insert into retainers (client_id, name, monthly_minutes, hourly_rate_cents, overage_rate_cents, start_date,
      carry_over_max_minutes, carry_over_months)
    select id, 'AI Engineering Acceleration', 2400 + 60 * (row_number() over (order by company))::int % 2400, 22500, 27500,
      date_trunc('month', current_date - ${DAYS}::int)::date, 600, 2 from clients`);
  // One client at a time, so a statement never holds more than one client's entries.
  const ids = (
    (await db.execute(
      sql`select r.id, r.client_id, p.id as project_id from retainers r join projects p on p.client_id = r.client_id`,
    )) as unknown as {
      rows: { id: string; client_id: string; project_id: string }[];
    }
  ).rows;
  for (const r of ids) {
    await db.execute(sql`insert into time_entries (retainer_id, client_id, project_id, work_date, minutes, person, description, billable)
      select ${r.id}::uuid, ${r.client_id}::uuid, ${r.project_id}::uuid, current_date - (g % ${DAYS}::int), 15 * (1 + g % 8),
        'Person ' || (g % 5), 'Work item ' || g, g % 10 <> 0
      from generate_series(1, ${ENTRIES}) g`);
  }
  await db.execute(sql`insert into retainer_months (retainer_id, month, billable_minutes, non_billable_minutes)
    select retainer_id, date_trunc('month', work_date)::date,
      coalesce(sum(minutes) filter (where billable), 0), coalesce(sum(minutes) filter (where not billable), 0)
    from time_entries group by 1, 2`);
  await db.execute(sql`insert into retainer_overage_requests (retainer_id, client_id, project_id, work_date, minutes, person, description)
    select r.id, r.client_id, p.id, current_date, 60, 'Person 1', 'Overage' from retainers r join projects p on p.client_id = r.client_id`);
  await db.execute(sql`analyze`);
  const [row] = (
    (await db.execute(sql`select id, company from clients order by company limit 1`)) as unknown as {
      rows: { id: string; company: string }[];
    }
  ).rows;
  console.info(`Seeded ${CLIENTS} retainers and ${CLIENTS * ENTRIES} time entries in ${Math.round(performance.now() - started)} ms.\n`);
  return {
    role: "client",
    userId: "bench-user",
    email: "bench1@bench.example",
    name: "Bench",
    clientId: row!.id,
    company: row!.company,
    personRole: "owner",
    billingWithheld: false,
    reportsWithheld: false,
    findingsWithheld: false,
  };
}

type Scenario = { label: string; run: () => Promise<number> };

async function measure(scenario: Scenario) {
  await scenario.run(); // warm-up: plans and caches
  const times: number[] = [];
  const queries = new Set<number>();
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const { result, queries: q } = await countQueries(scenario.run);
    times.push(performance.now() - t0);
    queries.add(q);
    rows = result;
  }
  times.sort((a, b) => a - b);
  return {
    ...scenario,
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.ceil(times.length * 0.95) - 1]!,
    queries: [...queries],
    rows,
  };
}

const handle = openPglite(undefined);
try {
  await migrateDatabase(handle);
  const actor = await seed(handle.db);
  const db = handle.db;
  const scenarios: Scenario[] = [
    {
      label: "portal Retainer section (burn-down, entries, requests, history)",
      run: async () => {
        const view = await getPortalRetainer(db, { actor });
        return view!.entries.length + view!.months.length;
      },
    },
    { label: "admin Retainers list", run: async () => (await listRetainersForAdmin(db, { actor: admin })).length },
  ];
  console.info(`Median and p95 of ${RUNS} runs after one warm-up (PGlite in memory, ${process.version}); target ${TARGET_MS} ms.\n`);
  console.info(["load", "median ms", "p95 ms", "statements", "rows", "target"].join("\t"));
  let missed = false;
  for (const scenario of scenarios) {
    const r = await measure(scenario);
    // The same number of statements on every run, whatever the data: one figure.
    const constant = r.queries.length === 1;
    const verdict = r.median <= TARGET_MS && constant ? "met" : "missed";
    if (verdict === "missed") missed = true;
    console.info([r.label, r.median.toFixed(1), r.p95.toFixed(1), r.queries.join("/"), r.rows, verdict].join("\t"));
  }
  if (missed) process.exitCode = 1;
} finally {
  await handle.close();
}
