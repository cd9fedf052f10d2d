// `npm run bench:findings`: seeds one client with 200 engagements and 20,000 published findings
// (plus another client's, which must not count) into a fresh in-memory PGlite, then times the
// portal's Findings section (counts, the filtered list) and the admin queue, and counts the
// statements each sends. Target: the findings list ≤ 150 ms (docs/PRODUCT.md#portal-findings).
// Run with tsx --import ./scripts/no-server-only.mjs (server-only modules) from the repository root.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { AdminActor, ClientActor } from "../src/server/core/actor";
import { openPglite } from "../src/server/core/db/client";
import { migrateDatabase } from "../src/server/core/db/migrate";
import { countQueries } from "../src/server/core/db/query-counter";
import { adminFindingsQueue, loadPortalFindings } from "../src/features/findings/server";
import type { FindingFilter } from "../src/features/findings/validation";

const ENGAGEMENTS = 200;
const FINDINGS = 20_000;
const RUNS = 15;
const TARGET_MS = 150;

const admin: AdminActor = { role: "admin", userId: "bench-admin", email: "admin@bench.example", name: "Bench Admin" };

async function seed(db: ReturnType<typeof openPglite>["db"]): Promise<ClientActor> {
  const started = performance.now();
  await db.execute(sql`insert into clients (company, contact_person, contact_email) values
    ('Bench Client', 'Bench', 'bench@bench.example'), ('Other Client', 'Other', 'other@bench.example')`);
  await db.execute(sql`insert into projects (client_id, project_name)
    select c.id, c.company || ' engagement ' || lpad(g::text, 3, '0')
      from generate_series(1, ${ENGAGEMENTS}) g cross join clients c`);
  // Every status but draft (plus a draft in ten), every severity, due dates around today so some are overdue.
  // The measured client: FINDINGS published ones over its ENGAGEMENTS, every status and severity,
  // due dates around today (some overdue), and 2,000 drafts it must not see; the other client 2,000.
  const insertFindings = (company: string, count: number, drafts: boolean) => sql`
    with p as (select p.id, p.client_id, row_number() over (order by p.id) as rn
                 from projects p join clients c on c.id = p.client_id where c.company = ${company})
    insert into findings (client_id, project_id, title, severity, status, published_at, due_on, cvss_score_tenths)
    select p.client_id, p.id, 'Finding ' || g,
           (array['critical','high','medium','low','informational'])[1 + (g / 7) % 5],
           ${drafts ? sql`'draft'` : sql`(array['open','in_remediation','fixed_pending_retest','verified_fixed','still_open','risk_accepted'])[1 + g % 6]`},
           ${drafts ? sql`null` : sql`now() - ((g % 120) || ' days')::interval`},
           case when ${drafts} or (g / 7) % 5 = 4 then null else current_date + (g % 200) - 100 end,
           case when g % 3 = 0 then (g % 100) else null end
      from generate_series(1, ${count}) g join p on p.rn = 1 + (g % ${ENGAGEMENTS})`;
  await db.execute(insertFindings("Bench Client", FINDINGS, false));
  await db.execute(insertFindings("Bench Client", 2_000, true));
  await db.execute(insertFindings("Other Client", 2_000, false));
  await db.execute(sql`analyze`);
  const [row] = (
    (await db.execute(sql`select c.id, (select count(*) from findings f where f.client_id = c.id and f.published_at is not null)::int as published
      from clients c where c.company = 'Bench Client'`)) as unknown as { rows: { id: string; published: number }[] }
  ).rows;
  console.info(
    `Seeded ${ENGAGEMENTS * 2} engagements and ${FINDINGS + 4_000} findings (${row!.published} published for the measured client) in ${Math.round(performance.now() - started)} ms.\n`,
  );
  return {
    role: "client",
    userId: "bench-user",
    email: "bench@bench.example",
    name: "Bench",
    clientId: row!.id,
    company: "Bench Client",
    personRole: "owner",
    billingWithheld: false,
    reportsWithheld: false,
    findingsWithheld: false,
  };
}

type Scenario = { label: string; gated: boolean; run: () => Promise<number> };

async function measure(scenario: Scenario) {
  await scenario.run(); // warm-up: plans and caches
  const times: number[] = [];
  let queries = 0;
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const { result, queries: q } = await countQueries(scenario.run);
    times.push(performance.now() - t0);
    queries = q;
    rows = result;
  }
  times.sort((a, b) => a - b);
  return {
    ...scenario,
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!,
    queries,
    rows,
  };
}

const handle = openPglite(undefined);
try {
  await migrateDatabase(handle);
  const actor = await seed(handle.db);
  const db = handle.db;
  const engagement = (
    (await db.execute(
      sql`select id from projects where client_id = ${actor.clientId} order by project_name offset 42 limit 1`,
    )) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0]!.id;
  const section = (filter: FindingFilter) => async () =>
    (await loadPortalFindings(db, { actor, filter, findingId: null })).list.items.length;
  const scenarios: Scenario[] = [
    { label: "portal Findings: counts + list, no filter", gated: true, run: section({ overdue: false }) },
    { label: "portal Findings: critical, open", gated: true, run: section({ overdue: false, severity: "critical", status: "open" }) },
    { label: "portal Findings: overdue only", gated: true, run: section({ overdue: true }) },
    { label: "portal Findings: one engagement", gated: true, run: section({ overdue: false, engagement }) },
    {
      label: "admin queue (retests, overdue, risks)",
      gated: false,
      run: async () => {
        const q = await adminFindingsQueue(db, { actor: admin });
        return q.overdue.length + q.retests.length + q.risks.length;
      },
    },
  ];
  console.info(`Median and p95 of ${RUNS} runs after one warm-up (PGlite in memory, ${process.version}); target ${TARGET_MS} ms.\n`);
  console.info(["load", "median ms", "p95 ms", "queries", "rows", "target"].join("\t"));
  let missed = false;
  for (const scenario of scenarios) {
    const r = await measure(scenario);
    const verdict = !r.gated ? "-" : r.median <= TARGET_MS ? "met" : "missed";
    if (verdict === "missed") missed = true;
    console.info([r.label, r.median.toFixed(1), r.p95.toFixed(1), r.queries, r.rows, verdict].join("\t"));
  }
  if (missed) process.exitCode = 1;
} finally {
  await handle.close();
}
