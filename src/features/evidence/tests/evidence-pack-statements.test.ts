// Issuing an evidence pack and reading an engagement's coverage record cost the same statements
// whatever the engagement's size (docs/PRODUCT.md#evidence-packs; `npm run bench:evidence` times
// them at 500 findings): 5 findings and 6 recorded cases, or 60 findings and 120 recorded cases
// over three targets, each with evidence files, decided retests and measurements.
import { describe, expect, it } from "vitest";
import { recordQueries } from "@/server/core/db/query-counter";
import { getCoverage, issuePack } from "@/features/evidence/server";
import { ensureSigningKeys } from "@/features/signing/server";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { saveSizedPlan, seedEvidenceEngagement } from "@tests/helpers/evidence-engagement";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });

const packInput = (projectId: string) => ({
  projectId,
  testers: "Dana Whitfield, Sam Okafor",
  independence: "The testers have no part in building or operating the system tested.",
  limitations: "Black-box testing of the production gateway only.",
});

/**
 * The statements' texts, sorted (reads sent side by side may arrive in either order), a list of
 * parameters as one: a failing comparison names the statement added.
 */
const texts = (statements: string[]) =>
  statements
    .map((s) =>
      s
        .replace(/\s+/g, " ")
        .replace(/\$\d+(, \$\d+)*/g, "$…")
        .slice(0, 160),
    )
    .sort();

describe("evidence pack statements", () => {
  it("issues a pack and reads the coverage in as many statements for 60 findings as for 5", async () => {
    const admin = await adminActor();
    const plan = await saveSizedPlan(t.db, admin, 40);
    const base = { clientId: DEMO_CLIENTS.acme.id, plan, by: admin };
    const small = await seedEvidenceEngagement(t.db, { ...base, findingCount: 5, recorded: 6 });
    const large = await seedEvidenceEngagement(t.db, { ...base, findingCount: 60, recorded: 120 });
    // The signing key is read once a minute, not per pack: read it now, so neither issue below reads it.
    await ensureSigningKeys(t.db);
    const issue = (projectId: string) => recordQueries(() => issuePack(t.db, { actor: admin, input: packInput(projectId) }));

    // Each engagement's first pack (nothing to supersede), then its second (the first superseded).
    for (const round of ["first", "second"]) {
      const few = await issue(small);
      const many = await issue(large);
      expect({ round, statements: texts(many.statements) }).toEqual({ round, statements: texts(few.statements) });
    }

    for (const actor of [admin, await clientActor()]) {
      const few = await recordQueries(() => getCoverage(t.db, { actor, projectId: small }));
      const many = await recordQueries(() => getCoverage(t.db, { actor, projectId: large }));
      expect(texts(many.statements)).toEqual(texts(few.statements));
      expect(few.result!.results).toHaveLength(6);
      expect(many.result!.results).toHaveLength(120);
      expect(many.result!.counts.total).toBe(40 * 3);
    }
  });
});
