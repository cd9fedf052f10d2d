// A PyRIT results file imported into an engagement (docs/PRODUCT.md#measured-ai-findings): the
// finding keeps the conversation ids, and its measurement the turns, the budget and the seed prompts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { POST as importRoute } from "@/app/api/admin/findings/import/route";
import { applyFindingImport, type ImportPreview } from "@/features/imports/server";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { findingMeasurements } from "@/features/measurements/server/schema/measurements";
import { findings } from "@/features/findings/server/schema/records";
import { projects } from "@/features/projects/server/schema";
import { adminActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);
const t = setupTestDatabase({ seedDemo: true });

const FILE = readFileSync(path.resolve(import.meta.dirname, "../../../../tests/fixtures/findings-import/pyrit/crescendo.json"), "utf8");

describe("a PyRIT results file", () => {
  it("imports with its conversation ids, per-conversation counts and turns", async () => {
    const [project] = await t.db
      .insert(projects)
      .values({ clientId: DEMO_CLIENTS.acme.id, projectName: "PyRIT run" })
      .returning({ id: projects.id });
    const form = new FormData();
    form.set("projectId", project!.id);
    form.set("format", "");
    form.set("file", new File([FILE], "pyrit-results.json", { type: "application/json" }));
    const response = await importRoute(
      new Request(`${APP_ORIGIN}/api/admin/findings/import`, {
        method: "POST",
        headers: Object.fromEntries(authHeaders(await sessionCookie("admin@example.com"))),
        body: form,
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(201);
    const { preview } = (await response.json()) as { preview: ImportPreview };
    expect(preview.format).toBe("pyrit");
    await applyFindingImport(t.db, { actor: await adminActor(), importId: preview.id, markMissing: false });

    const [finding] = await t.db.select().from(findings).where(eq(findings.projectId, project!.id));
    expect(finding).toMatchObject({ sourceTool: "pyrit", ruleId: "pyrit:CrescendoAttack", owaspLlm: ["LLM01"] });
    expect(finding!.description).toContain("6f1c2a40-0001-4c1e-9a51-2a7f0c000001: objective achieved in 4 turns");
    // The evidence (its successful conversations) goes into the description, as garak's and promptfoo's.
    expect(finding!.description).toContain("Conversation 6f1c2a40-0001-4c1e-9a51-2a7f0c000001 (4 turns)");
    const [measurement] = await t.db.select().from(findingMeasurements).where(eq(findingMeasurements.findingId, finding!.id));
    expect(measurement).toMatchObject({
      source: "import",
      trials: 3,
      successes: 1,
      turnsUsed: 21,
      turnBudget: 10,
      seedPrompts: 2,
      modelId: "gateway-model",
    });
    expect(measurement!.effectiveTrials).toBeGreaterThanOrEqual(1);
  });
});
