// `npm run bench:admin`: seeds 2,000 clients, 10,000 projects and 100,000 invoices into a fresh
// in-memory PGlite, then times the data loads of the admin clients, projects and invoices screens
// (first page, searches, filters, a deep page) and counts the statements each one sends. The
// invoices screen's target is 150 ms a page (docs/PRODUCT.md#admin-invoices): each invoices row says
// "met" or "missed", and the last line sums it up.
// Run with tsx --import ./scripts/no-server-only.mjs (server-only modules) from the repository root.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { AdminActor } from "../src/server/core/actor";
import { listAdminClients } from "../src/features/clients/server";
import { listAdminProjects, projectNameSql } from "../src/features/projects/server";
import { clientLockedSql } from "../src/features/projectadmin/server";
import { type AdminInvoiceFilter, clientInvoiceTotalsSql, listAdminInvoices } from "../src/features/invoices/server";
import { openPglite } from "../src/server/core/db/client";
import { migrateDatabase } from "../src/server/core/db/migrate";
import { countQueries } from "../src/server/core/db/query-counter";

const CLIENTS = 2_000;
const PROJECTS = 10_000;
const INVOICES = 100_000;
const RUNS = 15;
/** docs/PRODUCT.md#admin-invoices: the invoices screen's target, a page's median server time. */
const INVOICES_TARGET_MS = 150;

// The module functions check the actor's role; the session lookup itself is better-auth's and is
// the same on every admin page, so it is left out of these figures.
const actor: AdminActor = { role: "admin", userId: "bench-admin", email: "admin@bench.example", name: "Bench Admin" };

async function seed(db: ReturnType<typeof openPglite>["db"]) {
  const started = performance.now();
  await db.execute(sql`insert into "user" (id, name, email, role, email_verified)
    select 'bench-u-' || g, 'Contact ' || g, 'client' || g || '@bench.example', 'client', true
      from generate_series(1, ${CLIENTS}) g`);
  await db.execute(sql`insert into clients (company, contact_person, contact_email, status, joined_date)
    select 'Company ' || lpad(g::text, 4, '0'), 'Contact ' || g, 'client' || g || '@bench.example',
           case when g % 50 = 0 then 'inactive' else 'active' end, date '2024-01-01' + (g % 700)
      from generate_series(1, ${CLIENTS}) g`);
  // Each company's one person, its owner (client_people), found again by the contact e-mail.
  await db.execute(sql`insert into client_people (user_id, client_id, role, status)
    select u.id, c.id, 'owner', 'active' from clients c join "user" u on u.email = c.contact_email`);
  await db.execute(sql`with c as (select id, row_number() over (order by company) as rn from clients)
    insert into projects (client_id, project_name, description, status, start_date, target_completion_date)
    select c.id, 'Project ' || lpad(g::text, 5, '0'), 'Benchmark project ' || g,
           (array['open', 'in_progress', 'on_hold', 'completed', 'frozen', 'cancelled'])[1 + g % 6],
           date '2026-01-01' + (g % 365), case when g % 7 = 0 then null else date '2026-06-01' + (g % 500) end
      from generate_series(1, ${PROJECTS}) g join c on c.rn = 1 + (g % ${CLIENTS})`);
  // Every invoice belongs to its project's client; one in five is not linked to a project.
  await db.execute(sql`with p as (select id, client_id, row_number() over (order by id) as rn from projects)
    insert into invoices (client_id, project_id, invoice_number, amount_cents, status, total_paid_cents, issued_date, due_date)
    select p.client_id, case when g % 5 = 0 then null else p.id end, 'B-' || lpad(g::text, 6, '0'),
           10000 + (g % 997) * 100,
           (array['paid', 'pending', 'overdue', 'cancelled'])[1 + g % 4],
           case when g % 4 = 0 then 10000 + (g % 997) * 100 when g % 4 = 1 then (g % 50) * 100 else 0 end,
           date '2026-01-01' + (g % 300), date '2026-02-01' + (g % 300)
      from generate_series(1, ${INVOICES}) g join p on p.rn = 1 + (g % ${PROJECTS})`);
  await db.execute(sql`analyze`);
  const [counts] = (
    (await db.execute(sql`select (select count(*) from clients)::int as clients, (select count(*) from projects)::int as projects,
      (select count(*) from invoices)::int as invoices`)) as unknown as { rows: { clients: number; projects: number; invoices: number }[] }
  ).rows;
  console.info(
    `Seeded ${counts!.clients} clients, ${counts!.projects} projects, ${counts!.invoices} invoices in ${Math.round(performance.now() - started)} ms.\n`,
  );
}

type Scenario = { screen: string; label: string; run: () => Promise<{ rows: unknown[]; total: number }> };

async function measure(scenario: Scenario) {
  await scenario.run(); // warm-up: plans and caches
  const times: number[] = [];
  let queries = 0;
  let rows = 0;
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const { result, queries: q } = await countQueries(scenario.run);
    times.push(performance.now() - t0);
    queries = q;
    rows = result.rows.length;
    total = result.total;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;
  return { ...scenario, median, p95, queries, rows, total };
}

const handle = openPglite(undefined);
try {
  await migrateDatabase(handle);
  await seed(handle.db);
  const db = handle.db;
  const invoicePage = (filter: AdminInvoiceFilter, after?: string) => async () => {
    const page = await listAdminInvoices(db, { actor, filter, after, projectName: projectNameSql });
    return { rows: page.rows, total: page.totals.count };
  };
  const picked = (
    (await db.execute(sql`select c.id, (select i.issued_date || '_' || i.id from invoices i order by i.issued_date desc, i.id desc
        offset 50000 limit 1) as deep from clients c order by c.company offset 41 limit 1`)) as unknown as {
      rows: { id: string; deep: string }[];
    }
  ).rows[0]!;
  const scenarios: Scenario[] = [
    { screen: "clients", label: "first page", run: () => listAdminClients(db, { actor, totals: clientInvoiceTotalsSql }) },
    {
      screen: "clients",
      label: 'search "company 12"',
      run: () => listAdminClients(db, { actor, totals: clientInvoiceTotalsSql, q: "company 12" }),
    },
    {
      screen: "clients",
      label: 'search "CLIENT1999@"',
      run: () => listAdminClients(db, { actor, totals: clientInvoiceTotalsSql, q: "CLIENT1999@" }),
    },
    { screen: "clients", label: "last page (80)", run: () => listAdminClients(db, { actor, totals: clientInvoiceTotalsSql, page: 80 }) },
    { screen: "projects", label: "first page", run: () => listAdminProjects(db, { actor, clientLocked: clientLockedSql }) },
    {
      screen: "projects",
      label: 'search "project 0999"',
      run: () => listAdminProjects(db, { actor, clientLocked: clientLockedSql, q: "project 0999" }),
    },
    {
      screen: "projects",
      label: 'search "company 0042"',
      run: () => listAdminProjects(db, { actor, clientLocked: clientLockedSql, q: "company 0042" }),
    },
    {
      screen: "projects",
      label: "status in_progress",
      run: () => listAdminProjects(db, { actor, clientLocked: clientLockedSql, status: "in_progress" }),
    },
    { screen: "projects", label: "last page (400)", run: () => listAdminProjects(db, { actor, clientLocked: clientLockedSql, page: 400 }) },
    { screen: "invoices", label: "first page", run: invoicePage({}) },
    { screen: "invoices", label: "page after 50,000", run: invoicePage({}, picked.deep) },
    { screen: "invoices", label: "overdue of one client", run: invoicePage({ client: picked.id, status: "overdue" }) },
    { screen: "invoices", label: "partially paid", run: invoicePage({ status: "partially_paid" }) },
    { screen: "invoices", label: "due in March", run: invoicePage({ dates: "due", from: "2026-03-01", to: "2026-03-31" }) },
    // Contains, ignoring case: served by the trigram index (invoices_number_trgm_idx).
    { screen: "invoices", label: 'number "B-0999"', run: invoicePage({ number: "B-0999" }) },
    { screen: "invoices", label: 'number "b-09999"', run: invoicePage({ number: "b-09999" }) },
  ];
  console.info(`Median and p95 of ${RUNS} runs after one warm-up (PGlite in memory, ${process.version}).\n`);
  console.info(["screen", "load", "median ms", "p95 ms", "queries", "rows", "total", `target ${INVOICES_TARGET_MS} ms`].join("\t"));
  const missed: string[] = [];
  for (const scenario of scenarios) {
    const r = await measure(scenario);
    const verdict = r.screen === "invoices" ? (r.median <= INVOICES_TARGET_MS ? "met" : "missed") : "";
    if (verdict === "missed") missed.push(r.label);
    console.info([r.screen, r.label, r.median.toFixed(1), r.p95.toFixed(1), r.queries, r.rows, r.total, verdict].join("\t"));
  }
  console.info(
    missed.length === 0
      ? `\nAdmin invoices: every page met the ${INVOICES_TARGET_MS} ms target.`
      : `\nAdmin invoices: missed the ${INVOICES_TARGET_MS} ms target on ${missed.join(", ")}.`,
  );
} finally {
  await handle.close();
}
