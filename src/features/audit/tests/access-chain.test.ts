// A company's access log is a hash chain the firm cannot quietly rewrite
// (docs/PRODUCT.md#portal-access-log): a changed, removed or smuggled-in entry fails the check the
// owners' portal runs and `npm run audit:verify` runs, naming the first entry that no longer
// matches; retention cuts the chain at a signed checkpoint and it still verifies; a signed head
// verifies and a tampered one does not; writers racing for one company keep one valid chain.
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { type Db, openPostgres } from "@/server/core/db/client";
import { forgetSigningKeys } from "@/features/signing/server";
import { createPostgresDatabase } from "@tests/helpers/postgres-database";
import { GET as accessLogRoute } from "@/app/api/client/access-log/route";
import { auditChainHeads, auditChainSignedHeads, auditLog } from "@/features/audit/server/schema";
import { clients } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { taskRuns } from "@/features/operations/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { chainColumns, hashedText, linkEntries, linkHash } from "@/features/audit/server/chain";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import {
  latestSignedHeads,
  linkUnchainedEntries,
  listRecentAccessForAdmin,
  recordAudit,
  recordFirmAccess,
  signChainHeads,
  verifyAccessChain,
  verifyAccessChainAgainstHead,
} from "@/features/audit/server";
import { sendAccessLogDigests } from "@/features/notifications/server/scheduled";
import { pruneOldData, runRetentionIfDue } from "@/features/operations/server/retention";
import { listenToEveryEvent, queuedEvents } from "@tests/integration/helpers/webhook-events";
import { adminActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase, usingPostgres } from "@tests/integration/helpers/db";
import { TENANTS } from "@tests/integration/helpers/tenants";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const acme = TENANTS.acme;
beforeAll(async () => {
  await linkUnchainedEntries(t.db);
});

/** A company of its own per test, so that one test's tampering never reaches another's chain. */
async function freshCompany(name: string, db: Db = t.db): Promise<string> {
  const [row] = await db
    .insert(clients)
    .values({ company: `${name} ${crypto.randomUUID().slice(0, 8)}`, contactPerson: "Test", contactEmail: "test@example.com" })
    .returning({ id: clients.id });
  return row!.id;
}

/** `count` looks by the firm at the company's pages, one after the other (each another screen, so each is an entry). */
async function looks(clientId: string, count: number, db: Db = t.db): Promise<void> {
  const actor = await adminActor();
  for (let i = 0; i < count; i++)
    await recordFirmAccess(db, {
      actor,
      action: "finding.view",
      clientIds: [clientId],
      entityType: "finding",
      entityId: crypto.randomUUID(),
      after: { name: `Look ${i}` },
    });
}

const entriesOf = (clientId: string, db: Db = t.db) =>
  db
    .select({ id: auditLog.id, seq: auditLog.chainSeq, hash: auditLog.chainHash, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.clientId, clientId))
    .orderBy(asc(auditLog.chainSeq));

describe("the access log's hash chain", () => {
  it("numbers each entry of a company's access log and chains it to the previous one; other entries stay out", async () => {
    const company = await freshCompany("Chain");
    await looks(company, 3);
    await recordAudit(t.db, {
      actor: await adminActor(),
      action: "client.update",
      entityType: "client",
      entityId: company,
      clientId: company,
      after: {},
    });
    const rows = await entriesOf(company);
    expect(rows.filter((r) => r.seq !== null).map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(rows.find((r) => r.seq === null)).toBeDefined(); // client.update is not an access
    expect(new Set(rows.filter((r) => r.hash).map((r) => r.hash)).size).toBe(3);
    expect(await verifyAccessChain(t.db, company)).toMatchObject({ ok: true, entries: 3, seq: 3, hash: rows[2]!.hash });
  });

  it("the demo company's existing entries were linked, and its owner's access log shows Integrity Verified", async () => {
    await looks(acme.clientId, 1);
    const response = await accessLogRoute(
      new Request(`${APP_ORIGIN}/api/client/access-log?page=1`, { headers: authHeaders(await sessionCookie(DEMO_USERS.acme.email)) }),
      { params: Promise.resolve({}) },
    );
    const body = (await response.json()) as { integrity: { ok: boolean; entries: number } };
    expect(response.status).toBe(200);
    expect(body.integrity.ok).toBe(true);
    expect(body.integrity.entries).toBeGreaterThan(0);
  });

  it("a direct UPDATE of one entry fails the portal's check and the verification, naming that entry", async () => {
    const company = await freshCompany("Edited");
    await looks(company, 4);
    const rows = await entriesOf(company);
    const target = rows[1]!;
    await t.db.execute(sql`update audit_log set after = '{"name":"Something else"}'::jsonb where id = ${target.id}`);
    const check = await verifyAccessChain(t.db, company);
    expect(check).toMatchObject({ ok: false, entryId: target.id, seq: 2 });
    expect(!check.ok && check.reason).toContain(`Entry ${target.id} no longer matches`);
    // The time too: the log shows it.
    await t.db.execute(sql`update audit_log set after = '{"name":"Look 1"}'::jsonb where id = ${target.id}`);
    expect((await verifyAccessChain(t.db, company)).ok).toBe(true);
    await t.db.execute(sql`update audit_log set created_at = created_at - interval '1 hour' where id = ${rows[2]!.id}`);
    expect(await verifyAccessChain(t.db, company)).toMatchObject({ ok: false, entryId: rows[2]!.id });
  });

  it("the owner's portal names the edited entry", async () => {
    const rows = await entriesOf(acme.clientId);
    const target = rows.find((r) => r.seq === 1)!;
    await t.db.execute(sql`update audit_log set actor_user_id = null where id = ${target.id}`);
    try {
      const response = await accessLogRoute(
        new Request(`${APP_ORIGIN}/api/client/access-log?page=1`, { headers: authHeaders(await sessionCookie(DEMO_USERS.acme.email)) }),
        { params: Promise.resolve({}) },
      );
      const body = (await response.json()) as { integrity: { ok: boolean; entryId: number; reason: string } };
      expect(body.integrity).toMatchObject({ ok: false, entryId: target.id });
      expect(body.integrity.reason).toContain(String(target.id));
    } finally {
      await t.db.execute(
        sql`update audit_log set actor_user_id = (select id from "user" where email = ${DEMO_USERS.admin.email}) where id = ${target.id}`,
      );
    }
    expect((await verifyAccessChain(t.db, acme.clientId)).ok).toBe(true);
  });

  it("deleting an entry fails at the entry after it, and deleting the last one fails too", async () => {
    const company = await freshCompany("Deleted");
    await looks(company, 4);
    const rows = await entriesOf(company);
    await t.db.delete(auditLog).where(eq(auditLog.id, rows[1]!.id));
    expect(await verifyAccessChain(t.db, company)).toMatchObject({ ok: false, entryId: rows[2]!.id, seq: 3 });

    const other = await freshCompany("Truncated");
    await looks(other, 2);
    const last = (await entriesOf(other))[1]!;
    await t.db.delete(auditLog).where(eq(auditLog.id, last.id));
    expect(await verifyAccessChain(t.db, other)).toMatchObject({ ok: false, entryId: last.id, seq: 2 });
  });

  it("an entry inserted around the chain fails until it is linked", async () => {
    const company = await freshCompany("Inserted");
    await looks(company, 2);
    const [smuggled] = await t.db
      .insert(auditLog)
      .values({ action: "document.download", entityType: "document", clientId: company, actorUserId: null })
      .returning({ id: auditLog.id });
    expect(await verifyAccessChain(t.db, company)).toMatchObject({ ok: false, entryId: smuggled!.id });
  });

  it("a signed head verifies against the chain; a tampered head, another company's, or a rewritten chain does not", async () => {
    const company = await freshCompany("Signed");
    await looks(company, 3);
    expect((await signChainHeads(t.db)).length).toBeGreaterThan(0);
    const [head] = await latestSignedHeads(t.db, [company]);
    expect(head).toMatchObject({ clientId: company, seq: 3 });
    expect(await verifyAccessChainAgainstHead(t.db, company, head!.jws)).toMatchObject({ ok: true, seq: 3 });

    // Later entries keep the signed head valid: it is a point of the chain.
    await looks(company, 2);
    expect(await verifyAccessChainAgainstHead(t.db, company, head!.jws)).toMatchObject({ ok: true, seq: 5 });

    const [header, payload, signature] = head!.jws.split(".");
    const forged = JSON.parse(Buffer.from(payload!, "base64url").toString()) as { hash: string };
    forged.hash = "f".repeat(64);
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`;
    expect(await verifyAccessChainAgainstHead(t.db, company, tampered)).toMatchObject({ ok: false });
    expect(await verifyAccessChainAgainstHead(t.db, acme.clientId, head!.jws)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("another company"),
    });

    // The firm rewrites an entry and recomputes every hash after it: the chain is consistent again,
    // but the head the owner kept no longer matches.
    const rows = await entriesOf(company);
    await t.db.execute(sql`update audit_log set after = '{"name":"Rewritten"}'::jsonb where id = ${rows[0]!.id}`);
    await t.db.execute(sql`update audit_log set chain_seq = null, chain_hash = null where client_id = ${company}`);
    await t.db
      .update(auditChainHeads)
      .set({ seq: 0, hash: "0".repeat(64), entryId: null })
      .where(eq(auditChainHeads.clientId, company));
    // Start-up's linking refuses entries dated before the signed head: they stay outside, named.
    await linkUnchainedEntries(t.db);
    expect(await verifyAccessChain(t.db, company)).toMatchObject({ ok: false, entryId: rows[0]!.id });
    // Relinked by hand, they make a consistent chain again.
    await t.db.execute(sql`update audit_log set chain_seq = null, chain_hash = null where client_id = ${company}`);
    await t.db
      .update(auditChainHeads)
      .set({ seq: 0, hash: "0".repeat(64), entryId: null })
      .where(eq(auditChainHeads.clientId, company));
    const unlinked = await t.db
      .select(chainColumns)
      .from(auditLog)
      .where(eq(auditLog.clientId, company))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    await t.db.transaction(async (tx) => linkEntries(tx, unlinked));
    expect((await verifyAccessChain(t.db, company)).ok).toBe(true);
    expect(await verifyAccessChainAgainstHead(t.db, company, head!.jws)).toMatchObject({ ok: false, seq: 3 });
  });

  it("an entry planted with a date before the newest signed head is never linked, so the check names it", async () => {
    const company = await freshCompany("Planted");
    await looks(company, 2);
    await signChainHeads(t.db);
    const [head] = await latestSignedHeads(t.db, [company]);
    const [planted] = await t.db
      .insert(auditLog)
      .values({
        action: "document.download",
        entityType: "document",
        clientId: company,
        actorUserId: null,
        createdAt: new Date(head!.signedAt.getTime() - 60_000),
      })
      .returning({ id: auditLog.id });
    await linkUnchainedEntries(t.db);
    await signChainHeads(t.db);
    expect(await verifyAccessChain(t.db, company)).toMatchObject({ ok: false, entryId: planted!.id });
    expect(await verifyAccessChainAgainstHead(t.db, company, head!.jws)).toMatchObject({ ok: false, entryId: planted!.id });
    // An entry dated after the head (written around the module since) is linked at the next start.
    await t.db.delete(auditLog).where(eq(auditLog.id, planted!.id));
    await t.db.insert(auditLog).values({ action: "document.download", entityType: "document", clientId: company, actorUserId: null });
    await linkUnchainedEntries(t.db);
    expect(await verifyAccessChain(t.db, company)).toMatchObject({ ok: true, entries: 3 });
  });

  it("a tail cut after the head the portal offers fails against that head", async () => {
    const company = await freshCompany("Tail");
    await looks(company, 4);
    await signChainHeads(t.db);
    const [head] = await latestSignedHeads(t.db, [company]);
    const rows = await entriesOf(company);
    // The firm removes the last two entries and moves the head row back, so the chain alone is consistent.
    await t.db.execute(sql`delete from audit_log where client_id = ${company} and chain_seq > 2`);
    await t.db
      .update(auditChainHeads)
      .set({ seq: 2, hash: rows[1]!.hash!, entryId: rows[1]!.id })
      .where(eq(auditChainHeads.clientId, company));
    expect((await verifyAccessChain(t.db, company)).ok).toBe(true);
    expect(await verifyAccessChainAgainstHead(t.db, company, head!.jws)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("before the signed head's number 4"),
    });
  });

  it("the weekly digest mails each owner the latest signed head", async () => {
    await looks(acme.clientId, 1);
    await signChainHeads(t.db);
    const queued = await sendAccessLogDigests(t.db, { force: true });
    expect(queued).toBeGreaterThan(0);
    const [head] = await latestSignedHeads(t.db, [acme.clientId]);
    const [mail] = await t.db
      .select({ to: emailOutbox.toAddress, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "access_log_digest"), eq(emailOutbox.toAddress, DEMO_USERS.acme.email)));
    expect(mail?.text).toContain(head!.jws);
    expect(mail?.text).toContain("audit:verify");
    // A member is no owner: no digest.
    const toMember = await t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "access_log_digest"), eq(emailOutbox.toAddress, DEMO_USERS.acmeMember.email)));
    expect(toMember).toHaveLength(0);
  });

  it("retention removes old entries at a signed checkpoint and the chain still verifies, also against a newer signed head", async () => {
    const company = await freshCompany("Retained");
    await looks(company, 5);
    // The first three are 40 days old.
    await t.db.execute(sql`update audit_log set created_at = now() - interval '40 days' where client_id = ${company} and chain_seq <= 3`);
    // Backdating rewrote what the log shows: relink as if they had been written then.
    await t.db.execute(sql`update audit_log set chain_seq = null, chain_hash = null where client_id = ${company}`);
    await t.db
      .update(auditChainHeads)
      .set({ seq: 0, hash: "0".repeat(64), entryId: null })
      .where(eq(auditChainHeads.clientId, company));
    await linkUnchainedEntries(t.db);
    expect((await verifyAccessChain(t.db, company)).ok).toBe(true);
    await signChainHeads(t.db);
    const [before] = await latestSignedHeads(t.db, [company]);

    const result = await pruneOldData(t.db, new Date(), 30);
    expect(result.auditRows).toBeGreaterThanOrEqual(3);
    const left = await entriesOf(company);
    expect(left.map((r) => r.seq)).toEqual([4, 5]);
    const [head] = await t.db.select().from(auditChainHeads).where(eq(auditChainHeads.clientId, company));
    expect(head).toMatchObject({ checkpointSeq: 3 });
    expect(head!.checkpointJws).toBeTruthy();
    expect(await verifyAccessChain(t.db, company)).toMatchObject({ ok: true, entries: 2, checkpointSeq: 3, seq: 5 });
    expect(await verifyAccessChainAgainstHead(t.db, company, before!.jws)).toMatchObject({ ok: true });

    // Deleting the first entry after the checkpoint still fails.
    await t.db.delete(auditLog).where(eq(auditLog.id, left[0]!.id));
    expect(await verifyAccessChain(t.db, company)).toMatchObject({ ok: false, entryId: left[1]!.id });
  });

  it("a checkpoint moved forward without retention's signature fails, with the entries before it deleted, in the check and the portal", async () => {
    const company = await freshCompany("Forged checkpoint");
    await looks(company, 12);
    const rows = await entriesOf(company);
    const tenth = rows.find((r) => r.seq === 10)!;
    // A database writer points the checkpoint at entry 10 and deletes entries 1 to 10.
    await t.db.update(auditChainHeads).set({ checkpointSeq: 10, checkpointHash: tenth.hash! }).where(eq(auditChainHeads.clientId, company));
    await t.db.execute(sql`delete from audit_log where client_id = ${company} and chain_seq <= 10`);
    const check = await verifyAccessChain(t.db, company);
    expect(check).toMatchObject({ ok: false, seq: 10 });
    expect(!check.ok && check.reason).toContain("retention checkpoint");

    // A signature copied from another checkpoint (another company's, or this one's at another number) fails too.
    await signChainHeads(t.db);
    const [signed] = await t.db.select().from(auditChainHeads).where(eq(auditChainHeads.checkpointSeq, 3)).limit(1);
    if (signed?.checkpointJws) {
      await t.db.update(auditChainHeads).set({ checkpointJws: signed.checkpointJws }).where(eq(auditChainHeads.clientId, company));
      expect(await verifyAccessChain(t.db, company)).toMatchObject({
        ok: false,
        reason: expect.stringContaining("not the one retention signed"),
      });
    }

    // The owner's portal no longer says Integrity Verified.
    const [acmeHead] = await t.db.select().from(auditChainHeads).where(eq(auditChainHeads.clientId, acme.clientId));
    // The entry after Acme's checkpoint: the retention test above may already have cut the
    // demo's oldest entries (their dates are fixed, so which ones depends on the calendar).
    const acmeRows = await entriesOf(acme.clientId);
    const forged = acmeRows.find((r) => r.seq! > acmeHead!.checkpointSeq)!;
    await t.db
      .update(auditChainHeads)
      .set({ checkpointSeq: forged.seq!, checkpointHash: forged.hash! })
      .where(eq(auditChainHeads.clientId, acme.clientId));
    try {
      const response = await accessLogRoute(
        new Request(`${APP_ORIGIN}/api/client/access-log?page=1`, { headers: authHeaders(await sessionCookie(DEMO_USERS.acme.email)) }),
        { params: Promise.resolve({}) },
      );
      const body = (await response.json()) as { integrity: { ok: boolean; reason: string } };
      expect(body.integrity.ok).toBe(false);
      expect(body.integrity.reason).toContain("retention checkpoint");
    } finally {
      await t.db
        .update(auditChainHeads)
        .set({ checkpointSeq: acmeHead!.checkpointSeq, checkpointHash: acmeHead!.checkpointHash, checkpointJws: acmeHead!.checkpointJws })
        .where(eq(auditChainHeads.clientId, acme.clientId));
    }
    expect((await verifyAccessChain(t.db, acme.clientId)).ok).toBe(true);
  });

  it("a signed head states the chain's checkpoint", async () => {
    const company = await freshCompany("Head checkpoint");
    await looks(company, 2);
    await signChainHeads(t.db);
    const [head] = await latestSignedHeads(t.db, [company]);
    const payload = JSON.parse(Buffer.from(head!.jws.split(".")[1]!, "base64url").toString()) as { checkpoint: unknown };
    expect(payload.checkpoint).toEqual({ seq: 0, hash: "0".repeat(64) });
  });

  it("the actor's name and e-mail are stored and hashed at write time: a rename changes nothing shown, an edited name fails", async () => {
    const company = await freshCompany("Renamed");
    await looks(company, 2);
    const admin = await adminActor();
    await t.db.update(user).set({ name: "Someone Else Entirely" }).where(eq(user.id, admin.userId));
    try {
      const shown = await listRecentAccessForAdmin(t.db, { actor: admin, clientId: company });
      expect(shown.map((e) => e.who)).toEqual([DEMO_USERS.admin.name, DEMO_USERS.admin.name]);
      expect(shown[0]!.whoEmail).toBe(DEMO_USERS.admin.email);
      expect((await verifyAccessChain(t.db, company)).ok).toBe(true);
    } finally {
      await t.db.update(user).set({ name: DEMO_USERS.admin.name }).where(eq(user.id, admin.userId));
    }
    const rows = await entriesOf(company);
    await t.db.execute(sql`update audit_log set actor_name = 'Someone Else Entirely' where id = ${rows[0]!.id}`);
    expect(await verifyAccessChain(t.db, company)).toMatchObject({ ok: false, entryId: rows[0]!.id, seq: 1 });
    await t.db.execute(
      sql`update audit_log set actor_name = ${DEMO_USERS.admin.name}, actor_email = 'other@example.com' where id = ${rows[0]!.id}`,
    );
    expect(await verifyAccessChain(t.db, company)).toMatchObject({ ok: false, entryId: rows[0]!.id });
  });

  it("an entry of hash version 1 (written before names were stored) keeps the hash it had: the name backfilled later is not in it", async () => {
    const entry = {
      id: 7,
      createdAt: new Date("2026-01-02T03:04:05.678Z"),
      actorUserId: "u1",
      actorName: null,
      actorEmail: null,
      hashVersion: 1,
      action: "finding.view",
      entityType: "finding",
      entityId: "f1",
      clientId: "c1",
      after: { name: "A finding" },
    };
    // The text version 1 has always hashed.
    expect(hashedText(3, entry)).toBe(
      '{"action":"finding.view","actor":"u1","after":{"name":"A finding"},"at":"2026-01-02T03:04:05.678Z","client":"c1","id":7,"seq":3,"target":{"id":"f1","type":"finding"}}',
    );
    expect(linkHash("0".repeat(64), 3, { ...entry, actorName: "Backfilled", actorEmail: "b@example.com" })).toBe(
      linkHash("0".repeat(64), 3, entry),
    );
    expect(linkHash("0".repeat(64), 3, { ...entry, hashVersion: 2, actorName: "A" })).not.toBe(
      linkHash("0".repeat(64), 3, { ...entry, hashVersion: 2, actorName: "B" }),
    );
  });

  it.runIf(usingPostgres)("writers racing for one company on separate connections keep one valid chain", async () => {
    const company = await freshCompany("Concurrent");
    const actor = await adminActor();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.db.transaction(async (tx) => {
          // A download: each counts (a look at the same screen would be one visit).
          await recordFirmAccess(tx, {
            actor,
            action: "export.findings",
            clientIds: [company, acme.clientId],
            entityType: "finding",
            after: { name: `Race ${i}` },
          });
        }),
      ),
    );
    const rows = await entriesOf(company);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await verifyAccessChain(t.db, company)).toMatchObject({ ok: true, entries: 12 });
    expect((await verifyAccessChain(t.db, acme.clientId)).ok).toBe(true);
  });

  it("a head is signed again only once the chain moved", async () => {
    const company = await freshCompany("Once");
    await looks(company, 1);
    await signChainHeads(t.db);
    const count = async () =>
      (await t.db.select({ id: auditChainSignedHeads.id }).from(auditChainSignedHeads).where(eq(auditChainSignedHeads.clientId, company)))
        .length;
    expect(await count()).toBe(1);
    await signChainHeads(t.db);
    expect(await count()).toBe(1);
    await looks(company, 1);
    await signChainHeads(t.db);
    expect(await count()).toBe(2);
  });

  it("the daily task tells the company's webhooks of each head it signs (access_log.head_signed), ids only", async () => {
    const company = await freshCompany("Hooked");
    await listenToEveryEvent(t.db, company);
    await looks(company, 2);
    await t.db.delete(taskRuns).where(eq(taskRuns.name, "retention"));
    expect(await runRetentionIfDue(t.db)).not.toBeNull();
    const [head] = await latestSignedHeads(t.db, [company]);
    expect(head?.seq).toBe(2);
    expect(await queuedEvents(t.db, company, "access_log.head_signed")).toEqual([
      {
        data: { seq: 2, hash: head!.hash },
        chatText: "The access log's head was signed (entry 2)",
        portalPath: "/client-portal?section=settings&tab=access-log",
      },
    ]);
  });
});

// `npm run audit:verify` as an operator runs it, on a database of its own (PostgreSQL: the script
// reaches it through DATABASE_URL like the server would).
describe.runIf(usingPostgres)("npm run audit:verify", () => {
  const verify = (url: string, args: string[]) =>
    spawnSync(
      process.execPath,
      [path.resolve("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/audit-verify.ts", ...args],
      {
        env: { ...process.env, DATABASE_URL: url, AUTH_SECRET: "x".repeat(40), APP_ENV: "development", DATA_DIR: "" },
        encoding: "utf8",
        timeout: 180_000,
      },
    );

  it("answers OK for an intact chain and a kept head, and fails naming the edited entry", { timeout: 420_000 }, async () => {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, "verify", {
      template: inject("databaseTemplates")!.seeded,
    });
    const handle = openPostgres(created.url, 1);
    try {
      await linkUnchainedEntries(handle.db);
      // The signing key cached for this file's database is not this database's.
      forgetSigningKeys();
      await signChainHeads(handle.db);
      const [head] = await latestSignedHeads(handle.db, [acme.clientId]);
      const headFile = path.join(os.tmpdir(), `head-${crypto.randomUUID()}.jws`);
      await fs.writeFile(headFile, head!.jws);

      const ok = verify(created.url, ["--company", acme.clientId, "--head", headFile]);
      expect(ok.stdout).toContain("OK:");
      expect(ok.status).toBe(0);

      const [first] = await handle.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.clientId, acme.clientId), eq(auditLog.chainSeq, 1)));
      await handle.db.execute(sql`update audit_log set after = '{"name":"Rewritten"}'::jsonb where id = ${first!.id}`);
      const failed = verify(created.url, ["--company", acme.clientId]);
      expect(failed.status).toBe(1);
      expect(failed.stderr).toContain(`first mismatching entry ${first!.id}`);
      await fs.rm(headFile, { force: true });
    } finally {
      forgetSigningKeys();
      await handle.close();
      await created.drop();
    }
  });

  it(
    "fails on a prefix deleted under a forged checkpoint, a tail cut against the portal's head, a planted entry and a renamed actor",
    { timeout: 600_000 },
    async () => {
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, "verifyedits", {
        template: inject("databaseTemplates")!.seeded,
      });
      const handle = openPostgres(created.url, 1);
      const db = handle.db;
      const headFile = path.join(os.tmpdir(), `head-${crypto.randomUUID()}.jws`);
      try {
        forgetSigningKeys();
        const [forged, tail, planted, renamed] = await Promise.all(
          ["Forged", "Tail", "Planted", "Renamed"].map((name) => freshCompany(name, db)),
        );
        for (const company of [forged!, tail!, planted!, renamed!]) await looks(company, 4, db);
        await signChainHeads(db);

        // A database writer points the checkpoint at entry 2 and deletes entries 1 and 2.
        const second = (await entriesOf(forged!, db)).find((r) => r.seq === 2)!;
        await db
          .update(auditChainHeads)
          .set({ checkpointSeq: 2, checkpointHash: second.hash! })
          .where(eq(auditChainHeads.clientId, forged!));
        await db.execute(sql`delete from audit_log where client_id = ${forged!} and chain_seq <= 2`);
        const forgedRun = verify(created.url, ["--company", forged!]);
        expect(forgedRun.status).toBe(1);
        expect(forgedRun.stderr).toContain("retention checkpoint");

        // The owner kept the head the portal offered; the firm cuts the last two entries.
        const [head] = await latestSignedHeads(db, [tail!]);
        await fs.writeFile(headFile, head!.jws);
        const rows = await entriesOf(tail!, db);
        await db.execute(sql`delete from audit_log where client_id = ${tail!} and chain_seq > 2`);
        await db
          .update(auditChainHeads)
          .set({ seq: 2, hash: rows[1]!.hash!, entryId: rows[1]!.id })
          .where(eq(auditChainHeads.clientId, tail!));
        expect(verify(created.url, ["--company", tail!]).status).toBe(0);
        const tailRun = verify(created.url, ["--company", tail!, "--head", headFile]);
        expect(tailRun.status).toBe(1);
        expect(tailRun.stderr).toContain("before the signed head's number 4");

        // An entry planted with a date before the newest head is never linked in.
        const [plantedHead] = await latestSignedHeads(db, [planted!]);
        const [plant] = await db
          .insert(auditLog)
          .values({
            action: "document.download",
            entityType: "document",
            clientId: planted!,
            createdAt: new Date(plantedHead!.signedAt.getTime() - 60_000),
          })
          .returning({ id: auditLog.id });
        await linkUnchainedEntries(db);
        const plantedRun = verify(created.url, ["--company", planted!]);
        expect(plantedRun.status).toBe(1);
        expect(plantedRun.stderr).toContain(plant!.id);

        // The stored name of the admin who looked is changed.
        const [first] = await entriesOf(renamed!, db);
        await db.execute(sql`update audit_log set actor_name = 'Someone Else Entirely' where id = ${first!.id}`);
        const renamedRun = verify(created.url, ["--company", renamed!]);
        expect(renamedRun.status).toBe(1);
        expect(renamedRun.stderr).toContain(`first mismatching entry ${first!.id}`);
      } finally {
        await fs.rm(headFile, { force: true });
        forgetSigningKeys();
        await handle.close();
        await created.drop();
      }
    },
  );
});
