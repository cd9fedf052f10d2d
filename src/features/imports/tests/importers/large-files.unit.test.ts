// A large upload streams through the importers: memory stays flat whatever the file's size
// (docs: the findings module README, "Importers"). IMPORT_MEMORY_TEST_MB sets the Nessus file's
// size (40 by default; the 200 MB case: IMPORT_MEMORY_TEST_MB=200).
import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readImport } from "@/features/imports/server/importers";
import { NESSUS_ITEM_BYTES, writeLargeNessus, writeLargeNuclei } from "@tests/helpers/large-import-files";

const SIZE_MB = Number(process.env.IMPORT_MEMORY_TEST_MB ?? 40);
const directory = mkdtempSync(path.join(tmpdir(), "large-import-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const gc = (globalThis as { gc?: () => void }).gc;
/** Heap in use after a collection when the test runs with --expose-gc, else the process's resident size. */
const memory = () => {
  if (gc) {
    gc();
    return process.memoryUsage().heapUsed;
  }
  return process.memoryUsage().rss;
};

describe("large files", () => {
  it(`streams a ${SIZE_MB} MB Nessus file with memory growing by less than 100 MB`, { timeout: 120_000 }, async () => {
    const file = path.join(directory, "large.nessus");
    const items = Math.round((SIZE_MB * 1024 * 1024) / NESSUS_ITEM_BYTES);
    const bytes = await writeLargeNessus(file, items);
    expect(bytes).toBeGreaterThanOrEqual(SIZE_MB * 1024 * 1024);

    const before = memory();
    let peak = 0;
    let count = 0;
    const severities = new Set<string>();
    for await (const finding of readImport("nessus", createReadStream(file, { highWaterMark: 64 * 1024 }))) {
      count += 1;
      severities.add(finding.severity);
      if (count % 5000 === 0) peak = Math.max(peak, memory() - before);
    }
    peak = Math.max(peak, memory() - before);
    expect(count).toBe(items);
    expect(severities.size).toBe(5);
    expect(peak).toBeLessThan(100 * 1024 * 1024);
  });

  it("streams a Nuclei file line by line", { timeout: 60_000 }, async () => {
    const file = path.join(directory, "large.jsonl");
    await writeLargeNuclei(file, 20_000);
    let count = 0;
    let last = "";
    for await (const finding of readImport("nuclei", createReadStream(file))) {
      count += 1;
      last = finding.assets.split("\n")[0]!;
    }
    expect(count).toBe(20_000);
    expect(last).toBe("https://host17.example.test/path/19999");
  });
});
