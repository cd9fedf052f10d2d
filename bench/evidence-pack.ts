// `npm run bench:evidence`: an engagement's evidence pack (docs/PRODUCT.md#evidence-packs) on a
// fresh in-memory PGlite with the demo data: a 100-case test plan adopted, three targets (model
// versions), the coverage record, and 500 published findings (evidence files, decided retests,
// measurements, accepted risks). Times `issuePack`, what the admin's "Issue the evidence pack" runs
// (PDF, OSCAL twin validated, hashes, JWS, the PDF into the report vault; target ≤ 10 s), counts its
// statements beside an engagement of 50 findings and 30 recorded cases (they must be the same), and
// times the coverage read the admin's evidence page and the portal's coverage card call (`getCoverage`,
// target ≤ 150 ms). Prints "met" or "missed" per target. `--findings N` changes the large size.
// Run with tsx --import ./scripts/no-server-only.mjs (server-only modules) from the repository root.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-evidence-"));
process.env.DATA_DIR = dataDir; // the vault's PDFs; the database itself stays in memory
process.env.STORAGE = "disk";
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";
process.env.APP_URL = "http://localhost:3000";

const { sql, eq } = await import("drizzle-orm");
const { openPglite, installDbHandle } = await import("../src/server/core/db/client");
const { migrateDatabase } = await import("../src/server/core/db/migrate");
const { countQueries } = await import("../src/server/core/db/query-counter");
const { seedDemoData } = await import("../src/features/demo/server/seed-demo");
const { DEMO_CLIENTS, DEMO_USERS } = await import("../src/features/demo/server/demo-data");
const { getStorage } = await import("../src/server/core/storage/storage");
const { getCoverage, issuePack } = await import("../src/features/evidence/server");
const { reports } = await import("../tests/helpers/all-tables");
const { saveSizedPlan, seedEvidenceEngagement } = await import("../tests/helpers/evidence-engagement");

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const LARGE = arg("--findings", 500);
const SMALL = 50;
const CASES = 100;
const ISSUE_RUNS = 5;
const READ_RUNS = 15;
const ISSUE_TARGET_MS = 10_000;
const READ_TARGET_MS = 150;

const admin = { role: "admin" as const, userId: DEMO_USERS.admin.id, email: DEMO_USERS.admin.email, name: DEMO_USERS.admin.name };
const clientOf = (who: "acme" | "globex") => ({
  role: "client" as const,
  userId: DEMO_USERS[who].id,
  email: DEMO_USERS[who].email,
  name: DEMO_USERS[who].name,
  clientId: DEMO_CLIENTS[who].id,
  company: DEMO_CLIENTS[who].company,
  personRole: "owner" as const,
  billingWithheld: false,
  reportsWithheld: false,
  findingsWithheld: false,
});
const packInput = (projectId: string) => ({
  projectId,
  testers: "Dana Whitfield, Sam Okafor",
  independence: "The testers have no part in building or operating the system tested.",
  limitations: "Black-box testing of the production gateway only.",
});

/** Median and p95 of `runs` timed calls, and every statement count seen (one figure when constant). */
async function measure(runs: number, fn: () => Promise<unknown>) {
  const times: number[] = [];
  const counts = new Set<number>();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const { queries } = await countQueries(fn);
    times.push(performance.now() - t0);
    counts.add(queries);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.ceil(times.length * 0.95) - 1]!, counts: [...counts] };
}
const verdict = (ok: boolean) => (ok ? "met" : "missed");

const handle = openPglite(undefined);
try {
  await migrateDatabase(handle);
  installDbHandle(handle);
  const { db } = handle;
  const seeded = performance.now();
  await seedDemoData(db, getStorage());
  const plan = await saveSizedPlan(db, admin, CASES);
  // Two companies: the firm's look at one engagement, recorded once per visit, is not undone by the other's.
  const small = await seedEvidenceEngagement(db, { clientId: DEMO_CLIENTS.globex.id, plan, by: admin, findingCount: SMALL, recorded: 30 });
  const large = await seedEvidenceEngagement(db, {
    clientId: DEMO_CLIENTS.acme.id,
    plan,
    by: admin,
    findingCount: LARGE,
    recorded: CASES * 3,
  });
  await db.execute(sql`analyze`);
  console.info(
    `Seeded the demo, a ${CASES}-case plan and two engagements (${SMALL} findings and 30 results; ${LARGE} findings and ${CASES * 3} results on 3 targets) in ${Math.round(performance.now() - seeded)} ms.`,
  );
  console.info(`PGlite in memory, ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}.\n`);

  // The first pack of an engagement supersedes none and records the firm's first look: one warm-up each.
  const issue = (projectId: string) => () => issuePack(db, { actor: admin, input: packInput(projectId) });
  await issue(small)();
  await issue(large)();
  const issuedSmall = await measure(ISSUE_RUNS, issue(small));
  const issuedLarge = await measure(ISSUE_RUNS, issue(large));
  const [pdf] = await db
    .select({ size: reports.fileSize })
    .from(reports)
    .where(eq(reports.projectId, large))
    .orderBy(sql`${reports.version} desc`)
    .limit(1);
  const sameCount = issuedSmall.counts.length === 1 && issuedLarge.counts.length === 1 && issuedSmall.counts[0] === issuedLarge.counts[0];
  console.info(["load", "median ms", "p95 ms", "statements", "target"].join("\t"));
  console.info(
    [
      `issue the pack, ${SMALL} findings`,
      issuedSmall.median.toFixed(0),
      issuedSmall.p95.toFixed(0),
      issuedSmall.counts.join("/"),
      "-",
    ].join("\t"),
  );
  console.info(
    [
      `issue the pack, ${LARGE} findings (PDF ${((pdf?.size ?? 0) / 1024).toFixed(0)} KB)`,
      issuedLarge.median.toFixed(0),
      issuedLarge.p95.toFixed(0),
      issuedLarge.counts.join("/"),
      verdict(issuedLarge.median <= ISSUE_TARGET_MS),
    ].join("\t"),
  );
  console.info(
    [
      `statements, ${SMALL} vs ${LARGE} findings`,
      "",
      "",
      `${issuedSmall.counts.join("/")} vs ${issuedLarge.counts.join("/")}`,
      verdict(sameCount),
    ].join("\t"),
  );

  let missed = issuedLarge.median > ISSUE_TARGET_MS || !sameCount;
  for (const [label, actor, smallActor] of [
    ["coverage read, admin's evidence page", admin, admin],
    ["coverage read, portal's coverage card", clientOf("acme"), clientOf("globex")],
  ] as const) {
    const read = () => getCoverage(db, { actor, projectId: large });
    await read();
    const r = await measure(READ_RUNS, read);
    const smallCount = (await countQueries(() => getCoverage(db, { actor: smallActor, projectId: small }))).queries;
    const ok = r.median <= READ_TARGET_MS && r.counts.length === 1 && r.counts[0] === smallCount;
    if (!ok) missed = true;
    console.info(
      [`${label}, ${CASES * 3} results`, r.median.toFixed(1), r.p95.toFixed(1), `${smallCount} vs ${r.counts.join("/")}`, verdict(ok)].join(
        "\t",
      ),
    );
  }
  if (missed) process.exitCode = 1;
} finally {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
