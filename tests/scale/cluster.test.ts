// Three production instances on one PostgreSQL database and one S3 bucket behind a round-robin
// balancer (tests/scale/cluster.ts): what the README promises about instances keeping no state of
// their own, tried for real. The tests share the cluster and run in order; the later ones restart
// and kill instances.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { demoPdf } from "@/features/demo/server/demo-files";
import { SYNC_ALREADY_RUNNING } from "@/features/square/server/sync-lock";
import { createPostgresDatabase } from "../helpers/postgres-database";
import { BUCKET, type Cluster, scaleDatabaseServer, startAll, startCluster } from "./cluster";
import { browserFor, callAction, nextAddress, sessionOn, signedInAdmin, signedInClient, signIn } from "./flows";
import { Browser, httpRequest } from "./http";
import { multipartBody } from "./multipart";
import { putOrphan, sweepOrphans } from "./orphans";

const ROOT = path.resolve(import.meta.dirname, "../..");
let cluster: Cluster;
let db: Client;
let admin: Browser;
let startMs = 0;

async function query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query(text, values)).rows as T[];
}

function s3Client(): S3Client {
  return new S3Client({
    region: "us-east-1",
    endpoint: cluster.s3Endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
}

async function objectExists(key: string): Promise<boolean> {
  try {
    await s3Client().send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

async function upload(browser: Browser, name: string, bytes: Uint8Array, upstream?: number) {
  const form = multipartBody(
    { clientId: DEMO_CLIENTS.acme.id, category: "deliverable" },
    { field: "file", name, type: "application/pdf", bytes },
  );
  return browser.request("/api/admin/documents/upload", {
    method: "POST",
    body: form.body,
    headers: { "content-type": form.contentType },
    upstream,
  });
}

beforeAll(async () => {
  cluster = await startCluster();
  const t0 = Date.now();
  await startAll(cluster);
  startMs = Date.now() - t0;
  db = new Client({ connectionString: cluster.databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  if (cluster) {
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "scale-logs-"));
    for (const i of cluster.instances) fs.writeFileSync(path.join(logDir, `instance-${i.index}.log`), i.output());
    console.info(`[scale] instance logs: ${logDir}`);
    await cluster.stop();
  }
});

describe.sequential("three instances, one database, one bucket", () => {
  it("first start at the same moment: migrations run once, the demo data is seeded once, all three healthy", async () => {
    console.info(`[scale] three instances healthy ${startMs} ms after starting together`);
    for (const instance of cluster.instances) expect((await fetch(`${instance.url}/api/health`)).status).toBe(200);
    const journal = JSON.parse(fs.readFileSync(path.join(ROOT, "drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
    const applied = await query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied[0]!.n).toBe(journal.entries.length);
    // The demo admin and the demo clients' three people (Acme's owner and member, Globex's owner), once.
    expect((await query<{ n: number }>(`select count(*)::int as n from "user"`))[0]!.n).toBe(4);
    const seededLines = cluster.instances.map((i) => (i.output().match(/demo data seeded/g) ?? []).length);
    expect(seededLines.reduce((a, b) => a + b, 0)).toBe(1);
    for (const instance of cluster.instances) expect(instance.output()).not.toMatch(/database not ready/);
  });

  it("a session made through one instance works on the others; signing out on one ends it everywhere", async () => {
    const browser = browserFor(cluster);
    expect((await signIn(browser, "client@example.com", "demo-client-password", 0)).status).toBe(200);
    for (const upstream of [0, 1, 2]) {
      expect((await sessionOn(browser, upstream))?.user.email).toBe("client@example.com");
      expect((await browser.request("/client-portal", { upstream })).status).toBe(200);
    }
    const stolen = new Browser(cluster.appUrl, browser.localAddress, browser.jar.copy());
    const [document] = await query<{ id: string }>("select id from documents where client_id = $1 limit 1", [DEMO_CLIENTS.acme.id]);
    expect((await stolen.request(`/api/client/documents/${document!.id}`, { upstream: 2 })).status).toBe(200);
    expect((await browser.request("/api/auth/sign-out", { method: "POST", json: {}, upstream: 1 })).status).toBe(200);
    for (const upstream of [0, 1, 2]) {
      expect(await sessionOn(stolen, upstream)).toBeNull();
      expect((await stolen.request(`/api/client/documents/${document!.id}`, { upstream })).status).toBe(401);
    }
  });

  it("the sign-in limit is shared: it trips at the same attempt whether attempts rotate over the instances or all hit one", async () => {
    const tripsAt = async (upstream: (n: number) => number | undefined) => {
      const browser = browserFor(cluster);
      const statuses: number[] = [];
      for (let n = 1; n <= 12; n++)
        statuses.push((await signIn(browser, `nobody-${n}-${nextAddress()}@example.com`, "wrong-password-1", upstream(n))).status);
      return statuses;
    };
    const rotating = await tripsAt(() => undefined);
    const onOne = await tripsAt(() => 2);
    expect(rotating.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(rotating.slice(10)).toEqual([429, 429]);
    expect(onOne).toEqual(rotating);
  });

  it("a document uploaded through one instance downloads through a second and deletes through a third; it lives in S3 only", async () => {
    admin = await signedInAdmin(cluster);
    const bytes = demoPdf("Scale harness report");
    const created = await upload(admin, "scale-report.pdf", bytes, 0);
    expect(created.status).toBe(201);
    const { document } = created.json<{ document: { id: string } }>();
    const [row] = await query<{ storage_key: string }>("select storage_key from documents where id = $1", [document.id]);
    expect(await objectExists(row!.storage_key)).toBe(true);

    const view = await admin.request(`/api/admin/documents/${document.id}`, { upstream: 1 });
    expect(view.status).toBe(303);
    const signed = new URL(String(view.headers.location), cluster.appUrl);
    const download = await admin.request(signed.pathname + signed.search, { upstream: 1 });
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body, Buffer.from(bytes))).toBe(0);

    const deleted = await callAction(
      admin,
      "/admin/documents",
      ["src/features/documents/actions/admin.ts", "deleteDocumentAction"],
      [{ documentId: document.id }],
      2,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.text()).toContain('"success":true');
    expect(await objectExists(row!.storage_key)).toBe(false);
    expect(await query("select id from documents where id = $1", [document.id])).toEqual([]);
    for (const instance of cluster.instances) expect(filesUnder(instance.dataDir)).toEqual([]);
  });

  it("300 mails queued across the instances, all three draining: the SMTP server receives each exactly once", async () => {
    const sink = cluster.smtp!;
    sink.received.length = 0;
    const inquiries = Array.from({ length: 150 }, (_, n) => n);
    // Five inquiries per address: the contact form's limit per address.
    const browsers = Array.from({ length: 30 }, () => browserFor(cluster));
    let nextInquiry = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (nextInquiry < inquiries.length) {
          const n = nextInquiry++;
          const response = await browsers[Math.floor(n / 5)]!.request("/api/contact/send", {
            method: "POST",
            json: {
              name: `Scale Tester ${n}`,
              email: `scale-${n}@example.org`,
              company: "Scale Co",
              serviceInterest: "AI Security Assessment",
              message: `Inquiry number ${n} from the harness.`,
            },
          });
          expect(response.status, response.text()).toBe(200);
        }
      }),
    );
    const deadline = Date.now() + 90_000;
    for (;;) {
      const [{ open }] = (await query<{ open: number }>(`select count(*)::int as open from email_outbox where status = 'pending'`)) as [
        { open: number },
      ];
      if (open === 0 && sink.received.length >= 300) break;
      if (Date.now() > deadline) throw new Error(`outbox not drained: ${open} pending, ${sink.received.length} received`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 1000)); // a duplicate would arrive now
    // Mail of earlier tests (the upload's notice to the client) may be delivered meanwhile.
    const acknowledgements = sink.received.filter((m) => m.to.startsWith("scale-")).map((m) => m.to);
    const notifications = sink.received.filter((m) => m.to === "team@example.com");
    expect(acknowledgements).toHaveLength(150);
    expect(new Set(acknowledgements).size).toBe(150);
    expect(notifications).toHaveLength(150);
    expect(new Set(notifications.map((m) => /Scale Tester \d+/.exec(m.raw)?.[0])).size).toBe(150);
    const rows = await query<{ status: string; attempts: number; n: number }>(
      `select status, attempts, count(*)::int as n from email_outbox where kind in ('contact_notification', 'contact_acknowledgement') group by 1, 2`,
    );
    expect(rows).toEqual([{ status: "sent", attempts: 1, n: 300 }]);
  });

  it("Square OAuth started on one instance completes on another", async () => {
    const square = cluster.square!;
    const start = await admin.request("/api/oauth/square?action=authorize", { upstream: 0 });
    expect(start.status).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(square.url);
    authorize.searchParams.set("decision", "allow");
    const decided = await httpRequest(authorize.toString());
    expect(decided.status).toBe(302);
    const callback = new URL(String(decided.headers.location));
    expect(callback.origin).toBe(cluster.appUrl);
    const done = await admin.request(callback.pathname + callback.search, { upstream: 2 });
    expect(done.status).toBe(302);
    expect(String(done.headers.location)).not.toMatch(/error/);
    const status = await admin.request("/api/oauth/square?action=status", { upstream: 1 });
    expect(status.json()).toMatchObject({ connected: true });
  });

  it("a Square sync started on two instances at once: one runs, the other answers that a sync is running; nothing is doubled", async () => {
    // Square answers the first call slowly, so the first sync is surely still running.
    cluster.square!.addFault({ path: "/v2/locations", delayMs: 1500, times: 1 });
    const [a, b] = await Promise.all([
      admin.request("/api/square/sync-invoices", { upstream: 0 }),
      admin.request("/api/square/sync-invoices", { upstream: 1 }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.json()).toMatchObject({ success: false, code: "conflict", error: SYNC_ALREADY_RUNNING });
    const ran = (a.status === 200 ? a : b).json<{ synced: number; created: number }>();
    expect(ran.created).toBeGreaterThan(0);
    const synced = await query<{ n: number }>("select count(*)::int as n from invoices where square_invoice_id is not null");
    expect(synced[0]!.n).toBe(ran.synced);
    expect((await query<{ n: number }>("select count(*)::int as n from audit_log where action = 'square.sync'"))[0]!.n).toBe(1);
    // The lock is free again: the next sync runs and writes nothing new.
    const again = await admin.request("/api/square/sync-invoices", { upstream: 2 });
    expect(again.json()).toMatchObject({ synced: ran.synced, created: 0 });
  });

  it("one webhook delivered to two instances at once is applied once", async () => {
    const square = cluster.square!;
    const invoice = square.invoices().find((i) => i.status === "UNPAID")!;
    square.payInvoice(invoice.id);
    const eventId = `scale-${Date.now()}`;
    const send = (i: number) =>
      square.sendWebhook({
        type: "invoice.payment_made",
        invoiceId: invoice.id,
        eventId,
        targetUrl: `${cluster.instances[i]!.url}/api/square/webhook`,
        notificationUrl: `${cluster.appUrl}/api/square/webhook`,
      });
    const answers = await Promise.all([send(0), send(1)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const bodies = answers.map((a) => JSON.parse(a.body) as { applied: boolean; duplicate?: boolean });
    expect(bodies.filter((b) => b.applied)).toHaveLength(1);
    expect(bodies.filter((b) => b.duplicate)).toHaveLength(1);
    expect((await query<{ n: number }>("select count(*)::int as n from square_webhook_events where event_id = $1", [eventId]))[0]!.n).toBe(
      1,
    );
    const [row] = await query<{ status: string }>("select status from invoices where square_invoice_id = $1", [invoice.id]);
    expect(row!.status).toBe("paid");
  });

  it("rolling restart under 50 concurrent portal clients: each instance stops within 10 s of SIGTERM and comes back; the balancer sees no 5xx", async () => {
    const client = await signedInClient(cluster);
    cluster.proxy.resetStats();
    let running = true;
    const outcomes = { ok: 0, errors: [] as string[] };
    const workers = Array.from({ length: 50 }, async () => {
      const browser = new Browser(cluster.appUrl, nextAddress(), client.jar.copy());
      while (running) {
        try {
          const response = await browser.request("/client-portal");
          if (response.status === 200) outcomes.ok++;
          else outcomes.errors.push(`status ${response.status}`);
        } catch (error) {
          outcomes.errors.push(String(error));
        }
        // A person reads for a moment between pages; it also leaves the two cores of CI some room
        // to start the restarted instance.
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    for (const instance of cluster.instances) {
      await new Promise((r) => setTimeout(r, 1500));
      const t0 = Date.now();
      const code = await instance.signal("SIGTERM");
      const stoppedMs = Date.now() - t0;
      expect(code).toBe(0);
      expect(stoppedMs).toBeLessThan(12_000);
      expect(instance.output()).toMatch(/job engine stopped; database closed/);
      await instance.start();
    }
    await new Promise((r) => setTimeout(r, 1000));
    running = false;
    await Promise.all(workers);
    const fiveHundreds = [...cluster.proxy.stats.byStatus].filter(([status]) => status >= 500);
    console.info(`[scale] rolling restart: ${outcomes.ok} portal loads, ${cluster.proxy.stats.retries} balancer retries`);
    expect(fiveHundreds).toEqual([]);
    expect(outcomes.errors).toEqual([]);
    expect(outcomes.ok).toBeGreaterThan(50);
  }, 300_000);

  it("an instance killed (SIGKILL) in the middle of a sync leaves no half-applied sync, and the lock goes with it", async () => {
    const square = cluster.square!;
    for (let n = 0; n < 5; n++)
      square.publishInvoice(square.invoices()[0]!.primary_recipient?.customer_id ?? "", 10_000 + n, `Scale kill ${n}`);
    const before = await query<{ n: number }>("select count(*)::int as n from invoices");
    const audits = await query<{ n: number }>("select count(*)::int as n from audit_log where action = 'square.sync'");
    square.addFault({ path: "/v2/invoices", delayMs: 3000, times: 1 });
    const victim = cluster.instances[0]!;
    const pending = admin.request("/api/square/sync-invoices", { upstream: 0 }).catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 1000));
    await victim.signal("SIGKILL");
    await pending;
    expect(await query("select count(*)::int as n from invoices")).toEqual(before);
    expect(await query("select count(*)::int as n from audit_log where action = 'square.sync'")).toEqual(audits);
    // The dead instance's lock went with its connection: another instance syncs at once.
    const next = await admin.request("/api/square/sync-invoices", { upstream: 1 });
    expect(next.status, next.text()).toBe(200);
    expect(next.json()).toMatchObject({ created: 5 });
    await victim.start();
  });

  it("instances killed (SIGKILL) in the middle of uploads leave no row without its object; the sweep removes objects without a row", async () => {
    const victim = cluster.instances[1]!;
    const bytes = demoPdf("Large upload " + "x".repeat(10)).slice();
    const big = new Uint8Array(12 * 1024 * 1024);
    big.set(bytes);
    const uploads = Array.from({ length: 4 }, (_, n) =>
      upload(admin, `killed-${n}.pdf`, big, 1).then(
        (r) => r.status,
        (error: unknown) => String(error),
      ),
    );
    await new Promise((r) => setTimeout(r, 1200));
    await victim.signal("SIGKILL");
    const outcomes = await Promise.all(uploads);
    console.info(`[scale] uploads cut by SIGKILL: ${JSON.stringify(outcomes)}`);
    const rows = await query<{ storage_key: string }>("select storage_key from documents");
    for (const row of rows) expect(await objectExists(row.storage_key), row.storage_key).toBe(true);

    // What a kill between the object and the row leaves: an object no row points at.
    const orphanKey = "documents/scale-orphan.pdf";
    await putOrphan(cluster, orphanKey, bytes);
    expect(await objectExists(orphanKey)).toBe(true);
    const removed = await sweepOrphans(cluster);
    expect(removed).toContain(orphanKey);
    expect(await objectExists(orphanKey)).toBe(false);
    for (const row of await query<{ storage_key: string }>("select storage_key from documents"))
      expect(await objectExists(row.storage_key)).toBe(true);
    await victim.start();
  });

  it("restore: a pg_dump of the live database restored into a new database starts the app with the same data", async () => {
    const binDir = fs
      .readdirSync("/usr/lib/postgresql")
      .sort((a, b) => Number(a) - Number(b))
      .map((v) => `/usr/lib/postgresql/${v}/bin`)
      .pop()!;
    const dumpFile = path.join(os.tmpdir(), `scale-${Date.now()}.dump`);
    execFileSync(path.join(binDir, "pg_dump"), ["--format=custom", "--no-owner", "--file", dumpFile, cluster.databaseUrl]);
    const restored = await createPostgresDatabase(scaleDatabaseServer(), "scale_restore");
    try {
      execFileSync(path.join(binDir, "pg_restore"), ["--no-owner", "--exit-on-error", "--dbname", restored.url, dumpFile]);
      const instance = await cluster.spawnInstance({ DATABASE_URL: restored.url, SEED_DEMO: "" });
      const browser = new Browser(cluster.appUrl, nextAddress(), undefined, undefined, instance.url);
      expect((await signIn(browser, "client@example.com", "demo-client-password")).status).toBe(200);
      const [document] = await query<{ id: string }>(
        "select id from documents where client_id = $1 and mime_type = 'application/pdf' order by uploaded_at limit 1",
        [DEMO_CLIENTS.acme.id],
      );
      const link = await browser.request(`/api/client/documents/${document!.id}`);
      expect(link.status).toBe(200);
      const signed = new URL(link.json<{ downloadUrl: string }>().downloadUrl, cluster.appUrl);
      const file = await browser.request(signed.pathname + signed.search);
      expect(file.status).toBe(200);
      expect(file.body.subarray(0, 5).toString()).toBe("%PDF-");
      await instance.signal("SIGTERM");
    } finally {
      fs.rmSync(dumpFile, { force: true });
      await restored.drop();
    }
  });
});
