// The sweep of stored objects no row refers to (src/features/operations/server/orphans.ts), on disk storage:
// what an upload killed between its object and its row leaves behind.
import { describe, expect, it } from "vitest";
import { documents } from "@/features/documents/server/schema";
import { reports } from "@/features/reports/server/schema";
import { getStorage } from "@/server/core/storage/storage";
import { ORPHAN_MIN_AGE_MS, sweepOrphanedObjects } from "@/features/operations/server/orphans";
import { OWNER_MARKER } from "@/features/operations/server/ownership";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of getStorage().list("documents/")) keys.push(object.key);
  return keys.sort();
}

describe("orphan sweep", () => {
  it("removes objects older than an hour that no row refers to, and keeps every referenced or recent object", async () => {
    const storage = getStorage();
    await storage.put("documents/orphan-of-a-killed-upload.pdf", new TextEncoder().encode("%PDF-1.4 orphan"));
    // Documents' files and reports' files (the demo data publishes one) alike.
    const referenced = [
      ...(await t.db.select({ key: documents.storageKey }).from(documents)),
      ...(await t.db.select({ key: reports.storageKey }).from(reports)),
    ]
      .map((r) => r.key)
      .sort();
    expect(referenced.length).toBeGreaterThan(0);
    expect(referenced.some((key) => key.startsWith("documents/demo-report-"))).toBe(true);

    // Just written: an upload may still be about to write its row.
    expect(await sweepOrphanedObjects(t.db, storage)).toEqual([]);
    expect(await storedKeys()).toContain("documents/orphan-of-a-killed-upload.pdf");

    const later = new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000);
    expect(await sweepOrphanedObjects(t.db, storage, { now: later })).toEqual(["documents/orphan-of-a-killed-upload.pdf"]);
    // The store's owner marker (written by this database's first sweep, which claimed the store) stays.
    expect(await storedKeys()).toEqual([OWNER_MARKER, ...referenced].sort());
  });
});
