import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/core/db/client";
import { storageOwner } from "./schema";
import type { DocumentStorage } from "@/server/core/storage/storage";
import { type OwnershipStep, decideOwnership } from "./ownership-rule";

// Which database may remove objects from the document store (docs/DEPLOYMENT.md#restore). The
// orphan sweep deletes every object its database does not refer to, so only the store's owner may
// sweep: a database restored from a backup and pointed at the live bucket would otherwise delete
// every document uploaded since its dump. The rule is in ownership-rule.ts; this file does the
// reading and writing.

/** The marker object: the owner's current claim, or CONTESTED. Under documents/ (the bucket policy covers it); the sweep skips names starting with a dot, which no upload gets. */
export const OWNER_MARKER = "documents/.owner";
const CONTESTED_TEXT = "contested";
// One renewal at a time per database, across its instances; any fixed number of our own.
const LOCK = 0x53544f52;

export type Ownership = { owner: true } | { owner: false; reason: string };

const encoder = new TextEncoder();

async function readMarker(storage: DocumentStorage): Promise<string | null> {
  const bytes = await storage.read(OWNER_MARKER);
  return bytes === null ? null : new TextDecoder().decode(bytes).trim();
}

const writeMarker = (storage: DocumentStorage, text: string) => storage.put(OWNER_MARKER, encoder.encode(`${text}\n`));

/**
 * Claims the store when it has no owner yet, renews this database's claim when due, and says
 * whether this database owns the store (and why not). Every instance runs it every few minutes:
 * the renewals are what make a restored copy's claim stale.
 */
export async function confirmStorageOwner(db: Db, storage: DocumentStorage, now: Date = new Date()): Promise<Ownership> {
  // The marker is written once the database has committed (see "owner" below).
  const marker: { write?: string } = {};
  const result = await db.transaction(async (tx): Promise<Ownership> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    const [row] = await tx.select().from(storageOwner).limit(1);
    const found = await readMarker(storage);
    const step: OwnershipStep = decideOwnership(row ?? null, found === CONTESTED_TEXT ? { contested: true } : found, now);
    switch (step.kind) {
      case "claim": {
        const claim = randomUUID();
        if (!(await storage.putIfAbsent(OWNER_MARKER, encoder.encode(`${claim}\n`))))
          return { owner: false, reason: "another database claimed the store at the same moment" };
        await tx.insert(storageOwner).values({ claim, renewedAt: now });
        console.info("[storage] this database now owns the document store (it had no owner)");
        return { owner: true };
      }
      case "restore-marker": {
        if (!(await storage.putIfAbsent(OWNER_MARKER, encoder.encode(`${step.claim}\n`))))
          return { owner: false, reason: "another database wrote the store's marker at the same moment" };
        return { owner: true };
      }
      case "owner": {
        if (step.rewriteMarker) marker.write = step.claim;
        if (step.renew) {
          // The database first: a marker write lost after this commit leaves the marker on the
          // previous claim, which the next check accepts and repairs.
          marker.write = randomUUID();
          await tx.update(storageOwner).set({ claim: marker.write, previousClaim: step.claim, renewedAt: now });
        }
        return { owner: true };
      }
      case "contest": {
        await writeMarker(storage, CONTESTED_TEXT);
        console.error(`[storage] ${step.reason}`);
        return { owner: false, reason: step.reason };
      }
      case "refuse":
        return { owner: false, reason: step.reason };
    }
  });
  if (marker.write) await writeMarker(storage, marker.write);
  return result;
}

/**
 * Makes this database the store's owner, whatever the marker says: the deliberate handover after a
 * restore (`npm run storage:claim`). Another database still renewing its own claim on the store
 * will mark it contested at its next renewal, which stops both.
 */
export async function claimStorage(db: Db, storage: DocumentStorage, now: Date = new Date()): Promise<void> {
  const claim = randomUUID();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    await tx
      .insert(storageOwner)
      .values({ claim, renewedAt: now })
      .onConflictDoUpdate({ target: storageOwner.id, set: { claim, previousClaim: null, renewedAt: now } });
    await writeMarker(storage, claim);
  });
}
