// `npm run bench:analytics`: 100,000 published findings across 200 companies (five engagements
// each, two years of publishing, every status) with their timelines (published, Verified Fixed,
// accepted, regressed: about 1.6 events a finding) and model-version changes, seeded with
// generate_series into a fresh in-memory PGlite; then times the firm's analytics
// (`loadAdminAnalytics`: every company, one company, a severity, a category) and one company's
// (`loadClientAnalytics`), and counts their statements. Target: median ≤ 150 ms each, the same
// number of statements on every run (docs/PRODUCT.md#analytics); a load over ten times its target is
// timed three times. The firm's view is kept while the data is unchanged: it is also timed after a
// change to a finding, where it is computed again (printed, no target). `--findings N` and `--companies N` change the size.
// Run with tsx --import ./scripts/no-server-only.mjs (server-only modules) from the repository root.
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { AdminActor, ClientActor } from "../src/server/core/actor";
import { openPglite } from "../src/server/core/db/client";
import { migrateDatabase } from "../src/server/core/db/migrate";
import { countQueries } from "../src/server/core/db/query-counter";
import { loadAdminAnalytics, loadClientAnalytics } from "../src/features/analytics/server";
import type { AnalyticsFilters } from "../src/features/analytics/validation";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const FINDINGS = arg("--findings", 100_000);
const COMPANIES = arg("--companies", 200);
const ENGAGEMENTS = COMPANIES * 5;
const RUNS = 15;
const TARGET_MS = 150;

const admin: AdminActor = { role: "admin", userId: "bench-admin", email: "admin@bench.example", name: "Bench Admin" };
type Db = ReturnType<typeof openPglite>["db"];
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function seed(db: Db) {
  const started = performance.now();
  await db.execute(sql`insert into "user" (id, name, email, role, email_verified)
    values (${admin.userId}, ${admin.name}, ${admin.email}, 'admin', true)`);
  await db.execute(sql`insert into clients (company, contact_person, contact_email)
    select 'Company ' || lpad(g::text, 3, '0'), 'Bench', 'bench' || g || '@bench.example' from generate_series(1, ${COMPANIES}) g`);
  await db.execute(sql`insert into projects (client_id, project_name, status)
    select c.id, c.company || ' engagement ' || e, 'in_progress' from clients c cross join generate_series(1, 5) e`);
  // Every finding published in the last two years; one in four an AI finding; statuses by g % 20:
  // 8 Verified Fixed, 5 open, then one each of the rest. A fix lands 1 to 200 days after publishing.
  await db.execute(sql`
    with p as (select id, client_id, row_number() over (order by id) as rn from projects),
    f as (select g, now() - ((g % 730) || ' days')::interval - ((g % 24) || ' hours')::interval as published,
                 (array['critical','high','medium','low','informational'])[1 + (g / 3) % 5] as severity,
                 (array['verified_fixed','verified_fixed','verified_fixed','verified_fixed','verified_fixed','verified_fixed',
                        'verified_fixed','verified_fixed','open','open','open','open','open','in_remediation',
                        'fixed_pending_retest','still_open','regressed','risk_accepted','wont_fix','false_positive'])[1 + g % 20] as status
            from generate_series(1, ${FINDINGS}) g)
    insert into findings (client_id, project_id, title, severity, status, published_at, due_on, owasp_llm, updated_at)
    select p.client_id, p.id, 'Finding ' || f.g, f.severity, f.status, f.published,
           case f.severity when 'critical' then f.published::date + 7 when 'high' then f.published::date + 30
                           when 'medium' then f.published::date + 90 when 'low' then f.published::date + 180 end,
           case when f.g % 4 = 0 then array['LLM01'] else '{}'::text[] end,
           least(now(), f.published + ((1 + f.g % 200) || ' days')::interval)
      from f join p on p.rn = 1 + (f.g % ${ENGAGEMENTS})`);
  // The timeline: published, then the firm's Verified Fixed (a regressed one was fixed first), the
  // accepted risk or won't fix, and the regression.
  await db.execute(sql`insert into finding_events (finding_id, kind, to_status, actor_role, actor_name, created_at)
    select id, 'published', 'open', 'admin', 'Bench Admin', published_at from findings`);
  await db.execute(sql`insert into finding_events (finding_id, kind, from_status, to_status, actor_role, actor_name, created_at)
    select id, 'retest_result', 'fixed_pending_retest', 'verified_fixed', 'admin', 'Bench Admin',
           case when status = 'regressed' then published_at + (updated_at - published_at) / 2 else updated_at end
      from findings where status in ('verified_fixed', 'regressed')`);
  await db.execute(sql`insert into finding_events (finding_id, kind, from_status, to_status, actor_role, actor_name, created_at)
    select id, case status when 'regressed' then 'regressed' when 'risk_accepted' then 'risk_accepted' else 'outcome' end,
           'open', status, 'admin', 'Bench Admin', updated_at
      from findings where status in ('regressed', 'risk_accepted', 'wont_fix', 'false_positive')`);
  // One engagement in five records its model's version three times (two changes).
  await db.execute(sql`insert into engagement_model_versions (project_id, provider, model_id, model_version, recorded_by_name, created_at)
    select p.id, 'openai', 'gpt-4.1', 'v' || v, 'Bench Admin', now() - ((600 - v * 150) || ' days')::interval
      from (select id, row_number() over (order by id) as rn from projects) p cross join generate_series(1, 3) v where p.rn % 5 = 2`);
  await db.execute(sql`analyze`);
  const [counts] = await rowsOf<{ findings: number; events: number }>(
    db,
    sql`select (select count(*) from findings)::int as findings, (select count(*) from finding_events)::int as events`,
  );
  console.info(
    `Seeded ${COMPANIES} companies, ${ENGAGEMENTS} engagements, ${counts!.findings} findings and ${counts!.events} events in ${Math.round(performance.now() - started)} ms.`,
  );
}

/** `before` runs ahead of each timed run, outside the time (a change to the data). */
async function measure(run: () => Promise<number>, before?: () => Promise<unknown>) {
  const warm = performance.now();
  await before?.();
  await run(); // warm-up: plans, caches, and the firm's first look in each company's access log
  // A load far over its target is timed three times, not fifteen.
  const runs = performance.now() - warm > 10 * TARGET_MS ? 3 : RUNS;
  const times: number[] = [];
  const counts = new Set<number>();
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    await before?.();
    const t0 = performance.now();
    const { result, queries } = await countQueries(run);
    times.push(performance.now() - t0);
    counts.add(queries);
    rows = result;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.ceil(times.length * 0.95) - 1]!, counts: [...counts], rows };
}

const handle = openPglite(undefined);
try {
  await migrateDatabase(handle);
  const { db } = handle;
  await seed(db);
  const [company] = await rowsOf<{ id: string; company: string }>(
    db,
    sql`select id, company from clients order by company offset ${Math.min(41, COMPANIES - 1)} limit 1`,
  );
  const actor: ClientActor = {
    role: "client",
    userId: "bench-client",
    email: "bench42@bench.example",
    name: "Bench",
    clientId: company!.id,
    company: company!.company,
    personRole: "owner",
    billingWithheld: false,
    reportsWithheld: false,
    findingsWithheld: false,
  };
  // What each load counts: the findings opened in the period's months.
  const opened = (a: { flow: { opened: number }[] }) => a.flow.reduce((sum, m) => sum + m.opened, 0);
  const firm = (filters: AnalyticsFilters) => async () => opened(await loadAdminAnalytics(db, { actor: admin, filters }));
  const own = (filters: AnalyticsFilters) => async () => opened(await loadClientAnalytics(db, { actor, filters }));
  // A write to one finding (its last change moved): the data changed, so the firm's kept view is computed again.
  const change = () => db.execute(sql`update findings set updated_at = now() where id = (select id from findings order by id limit 1)`);
  // Informational (no target): the firm's view computed again after a change, once per change.
  const recomputed: [string, () => Promise<number>][] = [["firm, every company, 12 months, after a change", firm({ period: "12m" })]];
  const scenarios: [string, () => Promise<number>][] = [
    ["firm, every company, 12 months", firm({ period: "12m" })],
    ["firm, every company, 24 months", firm({ period: "24m" })],
    ["firm, one company", firm({ period: "12m", client: company!.id })],
    ["firm, critical only", firm({ period: "12m", severity: "critical" })],
    ["firm, OWASP LLM01", firm({ period: "12m", category: "LLM01" })],
    ["company, 12 months", own({ period: "12m" })],
    ["company, 24 months", own({ period: "24m" })],
  ];
  console.info(
    `Median and p95 of ${RUNS} runs (3 when slow) after one warm-up (PGlite in memory, ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}); target ${TARGET_MS} ms.\n`,
  );
  console.info(["load", "median ms", "p95 ms", "statements", "opened", "target"].join("\t"));
  let missed = false;
  for (const [label, run] of scenarios) {
    const r = await measure(run);
    const ok = r.median <= TARGET_MS && r.counts.length === 1;
    if (!ok) missed = true;
    console.info([label, r.median.toFixed(1), r.p95.toFixed(1), r.counts.join("/"), r.rows, ok ? "met" : "missed"].join("\t"));
  }
  for (const [label, run] of recomputed) {
    const r = await measure(run, change);
    console.info([label, r.median.toFixed(1), r.p95.toFixed(1), r.counts.join("/"), r.rows, "no target"].join("\t"));
  }
  if (missed) process.exitCode = 1;
} finally {
  await handle.close();
}
