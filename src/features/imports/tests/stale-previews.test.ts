// The imports' periodic work (docs/PRODUCT.md#admin-findings): a preview nobody applied within a
// week is discarded and loses its file's key (the storage sweep then removes the file); a newer one
// and a decided one stay as they are.
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { findingImports } from "@/features/imports/server/schema/imports";
import { discardStalePreviews, PENDING_IMPORT_KEEP_DAYS } from "@/features/imports/server";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function importRow(name: string, state: "pending" | "applied", createdAt: Date) {
  const [row] = await t.db
    .insert(findingImports)
    .values({
      clientId: DEMO_CLIENTS.acme.id,
      projectId: DEMO_FINDINGS[0]!.projectId,
      format: "sarif",
      fileName: `${name}.sarif`,
      fileSize: 100,
      storageKey: state === "pending" ? `test/stale-${name}-${createdAt.getTime()}` : null,
      state,
      createdByName: "Avery Admin",
      createdAt,
      decidedAt: state === "applied" ? createdAt : null,
    })
    .returning({ id: findingImports.id });
  return row!.id;
}

describe("the imports' periodic work", () => {
  it("discards the previews left pending for a week, and only those, however often it runs", async () => {
    const stale = await importRow("stale", "pending", daysAgo(PENDING_IMPORT_KEEP_DAYS + 1));
    const fresh = await importRow("fresh", "pending", daysAgo(PENDING_IMPORT_KEEP_DAYS - 1));
    const applied = await importRow("applied", "applied", daysAgo(30));
    await discardStalePreviews(t.db);
    await discardStalePreviews(t.db);

    const rows = await t.db
      .select({
        id: findingImports.id,
        state: findingImports.state,
        storageKey: findingImports.storageKey,
        decidedAt: findingImports.decidedAt,
      })
      .from(findingImports)
      .where(inArray(findingImports.id, [stale, fresh, applied]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(stale)).toMatchObject({ state: "discarded", storageKey: null });
    expect(byId.get(stale)!.decidedAt).not.toBeNull();
    expect(byId.get(fresh)).toMatchObject({ state: "pending", decidedAt: null });
    expect(byId.get(fresh)!.storageKey).not.toBeNull();
    expect(byId.get(applied)).toMatchObject({ state: "applied" });
  });
});
