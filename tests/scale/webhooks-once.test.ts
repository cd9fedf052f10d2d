// Webhook deliveries with three instances' job engines on one PostgreSQL database, each with its own
// pool (as three servers would have): 2,000 events to one receiver, which refuses about one message
// in five at its first try, arrive each exactly once (counted by webhook-id), the refused ones on
// their retry. The engines run in this process: a built server refuses a loopback receiver.
import http from "node:http";
import { sql } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openPostgres } from "@/server/core/db/client";
import * as schema from "../helpers/all-tables";
import { migrateDatabase } from "@/server/core/db/migrate";
import { createJobEngine } from "@/server/core/jobs/engine";
import { useJobSender } from "@/server/core/jobs/send";
import { allowLoopbackForTests } from "@/server/core/outbound/guarded-fetch";
import { newSealedWebhookSecret, queueWebhookEvents } from "@/features/webhooks/server";
import { webhookJobs } from "@/features/webhooks/server/jobs";
import { createPostgresDatabase } from "../helpers/postgres-database";
import { scaleDatabaseServer } from "./cluster";

const EVENTS = 2_000;
let database: { url: string; drop: () => Promise<void> };
const handles: DbHandle[] = [];
const engines: PgBoss[] = [];
let server: http.Server;
let port = 0;
/** Per webhook-id, the statuses the receiver answered. */
const answers = new Map<string, number[]>();

beforeAll(async () => {
  database = await createPostgresDatabase(scaleDatabaseServer(), "scale_jobs");
  server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      const before = answers.get(id) ?? [];
      // About one message in five is refused at its first try (by its id's last character).
      const status = before.length === 0 && id.charCodeAt(id.length - 1) % 5 === 0 ? 503 : 204;
      answers.set(id, [...before, status]);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  allowLoopbackForTests(`127.0.0.1:${port}`);
});
afterAll(async () => {
  useJobSender(undefined);
  for (const engine of engines) await engine.stop({ graceful: false, close: false, timeout: 1000 });
  for (const handle of handles) await handle.close();
  await new Promise((resolve) => server.close(resolve));
  await database?.drop();
});

describe("three instances delivering webhooks", () => {
  it("delivers each of 2,000 events exactly once, those refused at first on their retry", async () => {
    const first = openPostgres(database.url, 5);
    handles.push(first);
    await migrateDatabase(first);
    const sender = await createJobEngine(first, webhookJobs, { sendOnly: true });
    engines.push(sender);
    useJobSender(sender);
    const { db } = first;
    const [client] = await db
      .insert(schema.clients)
      .values({ company: "Scale Corp", contactPerson: "Scale", contactEmail: "scale@scale.example" })
      .returning({ id: schema.clients.id });
    await db.insert(schema.webhookEndpoints).values({
      clientId: client!.id,
      kind: "standard",
      url: `http://127.0.0.1:${port}/hook`,
      events: ["finding.published"],
      sealedSecret: newSealedWebhookSecret(),
      createdByName: "Scale",
    });
    const ids: string[] = [];
    for (let i = 0; i < EVENTS; i += 500)
      ids.push(
        ...(await db.transaction((tx) =>
          queueWebhookEvents(
            tx,
            Array.from({ length: Math.min(500, EVENTS - i) }, (_, n) => ({
              clientId: client!.id,
              type: "finding.published" as const,
              data: { findingId: `scale-${i + n}` },
              chatText: "Scale",
              portalPath: "/client-portal",
            })),
          ),
        )),
      );
    expect(ids).toHaveLength(EVENTS);
    // Three instances' engines, each on its own pool, start working together.
    for (let i = 0; i < 3; i++) {
      const handle = i === 0 ? first : openPostgres(database.url, 5);
      if (i > 0) handles.push(handle);
      engines.push(await createJobEngine(handle, webhookJobs));
    }
    const delivered = () => ids.filter((id) => answers.get(id)?.includes(204)).length;
    const deadline = Date.now() + 100_000;
    while (delivered() < EVENTS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 2000)); // a second copy would arrive now
    expect(delivered()).toBe(EVENTS);
    const refusedFirst = ids.filter((id) => answers.get(id)![0] === 503);
    expect(refusedFirst.length).toBeGreaterThan(0);
    for (const id of ids) expect(answers.get(id)).toEqual(refusedFirst.includes(id) ? [503, 204] : [204]);
    const rows = (await db.execute(sql`select status, count(*)::int as n from webhook_deliveries group by 1`)) as unknown as {
      rows: { status: string; n: number }[];
    };
    expect(rows.rows).toEqual([{ status: "succeeded", n: EVENTS }]);
  });
});
