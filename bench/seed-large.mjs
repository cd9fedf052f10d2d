// The large data set of the request-path budgets on PostgreSQL (bench/README.md, "The request
// path"): 200 more companies, each with five engagements, and 100,000 published findings and 10,000
// invoices spread over every company, the demo's included, so the demo client's portal, the admin
// dashboard and the clients list all read a firm of that size. Written with generate_series in a
// few statements (about a minute on the 2-core machine), then ANALYZE, so the planner sees the
// sizes as a real database of that size would.
//
// `npm run bench:http -- --large` seeds it after the demo seed (PostgreSQL only: the embedded
// database belongs to the product's process). Alone, on a database the product has migrated:
// `node bench/seed-large.mjs <postgres-url> [--companies N] [--findings N] [--invoices N]`.
import pg from "pg";

export const LARGE = { companies: 200, findings: 100_000, invoices: 10_000 };

/** Statements in order; each runs alone (no transaction is needed on a throwaway database). */
function statements({ companies, findings, invoices }) {
  return [
    `insert into clients (company, contact_person, contact_email)
       select 'Bench Company ' || lpad(g::text, 3, '0'), 'Bench Contact ' || g, 'bench' || g || '@bench.example'
         from generate_series(1, ${companies}) g`,
    `insert into projects (client_id, project_name, status)
       select c.id, c.company || ' engagement ' || e,
              (array['in_progress','open','on_hold','completed','in_progress'])[e]
         from clients c cross join generate_series(1, 5) e
        where c.company like 'Bench Company %'`,
    // Every finding published in the last two years; statuses by g % 20 (8 Verified Fixed, 5 open,
    // one each of the rest); due dates from the severity, as the product sets them.
    `with p as (select id, client_id, row_number() over (order by id) as rn, count(*) over () as n from projects),
          f as (select g, now() - ((g % 730) || ' days')::interval as published,
                       (array['critical','high','medium','low','informational'])[1 + (g / 3) % 5] as severity,
                       (array['verified_fixed','verified_fixed','verified_fixed','verified_fixed','verified_fixed',
                              'verified_fixed','verified_fixed','verified_fixed','open','open','open','open','open',
                              'in_remediation','fixed_pending_retest','still_open','regressed','risk_accepted',
                              'wont_fix','false_positive'])[1 + g % 20] as status
                  from generate_series(1, ${findings}) g)
     insert into findings (client_id, project_id, title, severity, status, published_at, due_on, owasp_llm, updated_at)
     select p.client_id, p.id, 'Bench finding ' || f.g, f.severity, f.status, f.published,
            case f.severity when 'critical' then f.published::date + 7 when 'high' then f.published::date + 30
                            when 'medium' then f.published::date + 90 when 'low' then f.published::date + 180 end,
            case when f.g % 4 = 0 then array['LLM01'] else '{}'::text[] end,
            least(now(), f.published + ((1 + f.g % 200) || ' days')::interval)
       from f join p on p.rn = 1 + (f.g % p.n)`,
    // Invoices over every company: most paid, some pending or overdue, a few cancelled.
    `with c as (select id, row_number() over (order by id) as rn, count(*) over () as n from clients),
          i as (select g, current_date - (g % 700) as issued,
                       (array['paid','paid','paid','paid','paid','paid','pending','pending','overdue','cancelled'])[1 + g % 10] as status
                  from generate_series(1, ${invoices}) g)
     insert into invoices (client_id, invoice_number, amount_cents, status, issued_date, due_date, paid_date, description, total_paid_cents)
     select c.id, 'BENCH-' || lpad(i.g::text, 6, '0'), 50000 + (i.g % 97) * 2500, i.status, i.issued, i.issued + 30,
            case when i.status = 'paid' then i.issued + 10 end, 'Bench invoice ' || i.g,
            case when i.status = 'paid' then 50000 + (i.g % 97) * 2500 else 0 end
       from i join c on c.rn = 1 + (i.g % c.n)`,
    "analyze",
  ];
}

/** Seeds the large data set into the migrated database at `url`; returns the seconds it took. */
export async function seedLarge(url, sizes = LARGE) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    for (const text of statements(sizes)) await client.query(text);
  } finally {
    await client.end();
  }
  return (Date.now() - started) / 1000;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  if (!url || url.startsWith("--")) {
    console.error("usage: node bench/seed-large.mjs <postgres-url> [--companies N] [--findings N] [--invoices N]");
    process.exit(2);
  }
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  const sizes = {
    companies: arg("--companies", LARGE.companies),
    findings: arg("--findings", LARGE.findings),
    invoices: arg("--invoices", LARGE.invoices),
  };
  const seconds = await seedLarge(url, sizes);
  console.info(
    `[seed-large] ${sizes.companies} companies, ${sizes.findings} findings, ${sizes.invoices} invoices in ${seconds.toFixed(1)} s`,
  );
}
