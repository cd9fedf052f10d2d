// What an owner can check without the firm (docs/DEPLOYMENT.md#access-log-integrity): the portal
// offers the newest signed head, the access-log CSV carries each entry's chain number, hash, actor
// id and hashed text, and scripts/access-log-csv-verify.mjs recomputes the chain from the file:
// OK for an intact log; FAILED for a tail cut after the kept head, a planted entry and a renamed actor.
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as accessLogRoute } from "@/app/api/client/access-log/route";
import { GET as accessLogExport } from "@/app/api/client/access-log/export/route";
import { auditChainHeads, auditLog } from "@/features/audit/server/schema";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { linkUnchainedEntries, recordFirmAccess, signChainHeads } from "@/features/audit/server";
import { adminActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { TENANTS } from "@tests/integration/helpers/tenants";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const acme = TENANTS.acme;
const dir = path.join(os.tmpdir(), `access-log-${crypto.randomUUID()}`);
beforeAll(async () => {
  await linkUnchainedEntries(t.db);
  await fs.mkdir(dir, { recursive: true });
});

const owner = async () => authHeaders(await sessionCookie(DEMO_USERS.acme.email));
const noParams = { params: Promise.resolve({}) };

async function looks(count: number) {
  const actor = await adminActor();
  for (let i = 0; i < count; i++)
    await recordFirmAccess(t.db, {
      actor,
      action: "finding.view",
      clientIds: [acme.clientId],
      entityType: "finding",
      entityId: crypto.randomUUID(),
      after: { name: i % 2 ? "=HYPERLINK(1)" : `Look ${i}` },
    });
}

/** The portal's CSV export saved to a file, as an owner downloads it. */
async function exportFile(): Promise<string> {
  const response = await accessLogExport(new Request(`${APP_ORIGIN}/api/client/access-log/export`, { headers: await owner() }), noParams);
  expect(response.status).toBe(200);
  const file = path.join(dir, `${crypto.randomUUID()}.csv`);
  await fs.writeFile(file, await response.text());
  return file;
}

/** The newest signed head the portal offers, saved as the owner keeps it. */
async function portalHead(): Promise<{ file: string; seq: number }> {
  const response = await accessLogRoute(new Request(`${APP_ORIGIN}/api/client/access-log?page=1`, { headers: await owner() }), noParams);
  const body = (await response.json()) as { signedHead: { jws: string; seq: number } | null };
  expect(body.signedHead).not.toBeNull();
  const file = path.join(dir, `${crypto.randomUUID()}.jws`);
  await fs.writeFile(file, body.signedHead!.jws);
  return { file, seq: body.signedHead!.seq };
}

const verify = (...args: string[]) =>
  spawnSync(process.execPath, ["scripts/access-log-csv-verify.mjs", ...args], { encoding: "utf8", timeout: 60_000 });

describe("the owner's own check of the access log", () => {
  it("the CSV carries the chain; the verifier answers OK for an intact log and its kept head, and fails on a tail cut after that head", async () => {
    await looks(4);
    await signChainHeads(t.db);
    const head = await portalHead();
    const csv = await fs.readFile(await exportFile(), "utf8");
    for (const column of ["chain_seq", "chain_hash", "actor_id", "hashed_text"]) expect(csv.split("\r\n")[0]).toContain(column);

    const ok = verify(await exportFile(), "--head", head.file);
    expect(ok.stderr).toBe("");
    expect(ok.stdout).toContain("OK:");
    expect(ok.status).toBe(0);

    // The firm cuts the last two entries and moves its head row back: its own chain is consistent.
    const [last] = await t.db.select().from(auditChainHeads).where(eq(auditChainHeads.clientId, acme.clientId));
    const [kept] = await t.db
      .select({ id: auditLog.id, hash: auditLog.chainHash })
      .from(auditLog)
      .where(sql`${auditLog.clientId} = ${acme.clientId} and ${auditLog.chainSeq} = ${last!.seq - 2}`);
    await t.db.execute(sql`delete from audit_log where client_id = ${acme.clientId} and chain_seq > ${last!.seq - 2}`);
    await t.db
      .update(auditChainHeads)
      .set({ seq: last!.seq - 2, hash: kept!.hash!, entryId: kept!.id })
      .where(eq(auditChainHeads.clientId, acme.clientId));
    expect(verify(await exportFile()).status).toBe(0);
    const cut = verify(await exportFile(), "--head", head.file);
    expect(cut.status).toBe(1);
    expect(cut.stderr).toContain(`before the signed head's number ${head.seq}`);
  });

  it("fails on a renamed actor and on a planted entry", async () => {
    await looks(2);
    expect(verify(await exportFile()).status).toBe(0);
    const [newest] = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.clientId, acme.clientId))
      .orderBy(sql`${auditLog.chainSeq} desc nulls last`)
      .limit(1);
    await t.db.execute(sql`update audit_log set actor_name = 'Someone Else' where id = ${newest!.id}`);
    const renamed = verify(await exportFile());
    expect(renamed.status).toBe(1);
    expect(renamed.stderr).toContain(`Entry ${newest!.id}`);
    await t.db.execute(sql`update audit_log set actor_name = ${DEMO_USERS.admin.name} where id = ${newest!.id}`);
    expect(verify(await exportFile()).status).toBe(0);

    const [planted] = await t.db
      .insert(auditLog)
      .values({ action: "document.download", entityType: "document", clientId: acme.clientId, actorUserId: null })
      .returning({ id: auditLog.id });
    const found = verify(await exportFile());
    expect(found.status).toBe(1);
    expect(found.stderr).toContain(`Entry ${planted!.id}`);
  });
});
