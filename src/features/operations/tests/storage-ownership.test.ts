// Only the document store's owner sweeps it (docs/DEPLOYMENT.md#restore). A restore drill starts
// an instance on a copy of the live database against the live bucket: that copy, which refers to
// none of the documents uploaded since its dump, must remove nothing and say why, while the live
// database still removes true orphans. Real databases (a live one and a restored one) on one store.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { Db, DbHandle } from "@/server/core/db/client";
import { documents } from "@/features/documents/server/schema";
import { storageOwner } from "@/features/operations/server/schema";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { diskStorage } from "@/server/core/storage/disk-storage";
import type { DocumentStorage } from "@/server/core/storage/storage";
import { sweepOrphanedObjects } from "@/features/operations/server/orphans";
import { claimStorage, confirmStorageOwner, OWNER_MARKER } from "@/features/operations/server/ownership";
import { CONTESTED, NOT_OURS, STALE } from "@/features/operations/server/ownership-rule";
import { openTestDatabase } from "@tests/integration/helpers/db";

const T0 = new Date();
/** Minutes after the start of each story; uploads happen at T0 (their files' real time). */
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4 ${text}`);

const opened: (DbHandle & { dispose: () => Promise<void> })[] = [];
afterAll(async () => {
  await Promise.all(opened.map((h) => h.dispose()));
});
afterEach(() => vi.restoreAllMocks());

/** A database with the demo data set, its document files in `storage`. */
async function demoDatabase(storage: DocumentStorage): Promise<Db> {
  const handle = await openTestDatabase({ seedDemo: true, storage });
  opened.push(handle);
  return handle.db;
}

const emptyStore = () => diskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "owner-store-")));

async function keysOf(storage: DocumentStorage): Promise<string[]> {
  const found: string[] = [];
  for await (const object of storage.list("documents/")) found.push(object.key);
  return found.sort();
}

async function markerOf(storage: DocumentStorage): Promise<string | null> {
  const bytes = await storage.read(OWNER_MARKER);
  return bytes && new TextDecoder().decode(bytes).trim();
}

/** What the app logs from here on (warnings and errors), one entry a line. */
function logLines(): string[] {
  const lines: string[] = [];
  for (const level of ["warn", "error"] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
  vi.spyOn(console, "info").mockImplementation(() => {});
  return lines;
}

/**
 * The live deployment on its store, claimed at T0; a dump of its database taken then, restored
 * into a second database; and, after the dump, an upload to the live deployment and an upload
 * killed between its object and its row.
 */
async function liveDumpAndRestore() {
  const storage = emptyStore();
  const live = await demoDatabase(storage);
  const restored = await demoDatabase(storage);
  expect(await confirmStorageOwner(live, storage, at(0))).toEqual({ owner: true });
  const [claimAtDump] = await live.select().from(storageOwner);
  await restored.insert(storageOwner).values(claimAtDump!);

  await storage.put("documents/uploaded-after-the-dump.pdf", pdf("after the dump"));
  await live.insert(documents).values({
    clientId: DEMO_CLIENTS.acme.id,
    name: "After the dump.pdf",
    storageKey: "documents/uploaded-after-the-dump.pdf",
    fileSize: 22,
    mimeType: "application/pdf",
    category: "deliverable",
  });
  await storage.put("documents/killed-upload.pdf", pdf("orphan"));
  return { storage, live, restored, claimAtDump: claimAtDump! };
}

describe("the orphan sweep and the store's owner", () => {
  it("a restored database on the live store removes nothing and logs why; the owner still removes true orphans", async () => {
    const { storage, live, restored, claimAtDump } = await liveDumpAndRestore();
    const before = await keysOf(storage);
    // The live instances renew their claim while they run.
    expect(await confirmStorageOwner(live, storage, at(11))).toEqual({ owner: true });
    expect(await markerOf(storage)).not.toBe(claimAtDump.claim);

    // The drill, hours later: an instance on the restored database runs its daily sweep.
    const lines = logLines();
    expect(await sweepOrphanedObjects(restored, storage, { now: at(180) })).toEqual([]);
    expect(lines).toEqual([`[storage] orphan sweep skipped: ${STALE}`]);
    expect(await keysOf(storage)).toEqual(before);
    expect(before).toContain("documents/uploaded-after-the-dump.pdf");

    // The live database's sweep removes the dead upload only, never the marker.
    expect(await sweepOrphanedObjects(live, storage, { now: at(180) })).toEqual(["documents/killed-upload.pdf"]);
    expect(await keysOf(storage)).toEqual(before.filter((key) => key !== "documents/killed-upload.pdf"));
    expect(await keysOf(storage)).toContain(OWNER_MARKER);
  });

  it("the first database on an empty store claims it; another database then finds it taken", async () => {
    const storage = emptyStore();
    const first = await demoDatabase(storage);
    expect(await markerOf(storage)).toBeNull();
    expect(await confirmStorageOwner(first, storage, at(0))).toEqual({ owner: true });
    const [row] = await first.select().from(storageOwner);
    expect(await markerOf(storage)).toBe(row!.claim);

    const other = await demoDatabase(storage);
    await storage.put("documents/not-in-either.pdf", pdf("x"));
    const lines = logLines();
    expect(await sweepOrphanedObjects(other, storage, { now: at(180) })).toEqual([]);
    expect(lines).toEqual([`[storage] orphan sweep skipped: ${NOT_OURS}`]);
    expect(await other.select().from(storageOwner)).toEqual([]);
    expect(await keysOf(storage)).toContain("documents/not-in-either.pdf");
  });

  it("two databases first started on one empty store at the same moment: exactly one owns it", async () => {
    const storage = emptyStore();
    const [a, b] = [await demoDatabase(storage), await demoDatabase(storage)];
    const results = await Promise.all([confirmStorageOwner(a, storage, at(0)), confirmStorageOwner(b, storage, at(0))]);
    expect(results.filter((r) => r.owner)).toHaveLength(1);
    const owner = results[0]!.owner ? a : b;
    const [row] = await owner.select().from(storageOwner);
    expect(await markerOf(storage)).toBe(row!.claim);
  });

  it("a copy started before the owner renewed may renew first: the running owner then marks the store contested, and neither sweeps", async () => {
    const { storage, live, restored } = await liveDumpAndRestore();
    const lines = logLines();
    // The copy's first checks come before the live instances' next renewal, and it sweeps at
    // once: only objects more than an hour old go, which are older than the dump.
    expect(await sweepOrphanedObjects(restored, storage, { now: at(12) })).toEqual([]);
    expect(lines).toEqual([]);
    // The live deployment, running all along, finds its claim renewed by someone else.
    expect(await confirmStorageOwner(live, storage, at(14))).toEqual({ owner: false, reason: CONTESTED });
    expect(await markerOf(storage)).toBe("contested");
    expect(await sweepOrphanedObjects(restored, storage, { now: at(24 * 60) })).toEqual([]);
    expect(await sweepOrphanedObjects(live, storage, { now: at(24 * 60) })).toEqual([]);
    expect(lines).toEqual([
      `[storage] ${CONTESTED}`,
      `[storage] orphan sweep skipped: ${CONTESTED}`,
      `[storage] orphan sweep skipped: ${CONTESTED}`,
    ]);
    expect(await keysOf(storage)).toContain("documents/uploaded-after-the-dump.pdf");
  });

  it("a renewal whose marker write was lost is repaired, and a lost marker is written again", async () => {
    const storage = emptyStore();
    const db = await demoDatabase(storage);
    expect(await confirmStorageOwner(db, storage, at(0))).toEqual({ owner: true });
    const [first] = await db.select().from(storageOwner);
    expect(await confirmStorageOwner(db, storage, at(11))).toEqual({ owner: true });
    const [renewed] = await db.select().from(storageOwner);
    expect(renewed).toMatchObject({ previousClaim: first!.claim });
    expect(renewed!.claim).not.toBe(first!.claim);

    await storage.put(OWNER_MARKER, new TextEncoder().encode(`${first!.claim}\n`));
    expect(await confirmStorageOwner(db, storage, at(12))).toEqual({ owner: true });
    expect(await markerOf(storage)).toBe(renewed!.claim);

    await storage.delete(OWNER_MARKER);
    expect(await confirmStorageOwner(db, storage, at(13))).toEqual({ owner: true });
    expect(await markerOf(storage)).toBe(renewed!.claim);
  });

  it("npm run storage:claim hands the store to the restored database on purpose; its sweep then runs", async () => {
    const { storage, live, restored } = await liveDumpAndRestore();
    expect(await confirmStorageOwner(live, storage, at(11))).toEqual({ owner: true });
    logLines();
    expect((await confirmStorageOwner(restored, storage, at(180))).owner).toBe(false);

    // The live database is gone for good (the reason for the restore); the operator hands over.
    await claimStorage(restored, storage, at(181));
    expect(await confirmStorageOwner(restored, storage, at(182))).toEqual({ owner: true });
    // What was uploaded after the dump has no row here: the procedure copies it aside first.
    expect((await sweepOrphanedObjects(restored, storage, { now: at(183) })).sort()).toEqual([
      "documents/killed-upload.pdf",
      "documents/uploaded-after-the-dump.pdf",
    ]);
  });
});
