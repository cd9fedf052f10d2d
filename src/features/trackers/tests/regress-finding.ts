// A finding verified fixed that a run of its reproducer lands on again (Regressed), for the tests
// of the ticket reopened (docs/PRODUCT.md#integrations). The finding is made an AI finding (an
// OWASP LLM id) first, as only those take runs.
import { eq } from "drizzle-orm";
import type { Db } from "@/server/core/db/client";
import { findings } from "@/features/findings/server/schema/records";
import { recordClientRun } from "@/features/findings/server";
import { clientRunSchema } from "@/features/measurements/validation/measurement";
import type { ClientActor } from "@/server/core/actor";

export async function regressFinding(db: Db, { actor, findingId }: { actor: ClientActor; findingId: string }): Promise<void> {
  await db
    .update(findings)
    .set({ owaspLlm: ["LLM01"] })
    .where(eq(findings.id, findingId));
  const result = await recordClientRun(db, {
    actor,
    findingId,
    input: clientRunSchema.parse({ trials: 10, successes: 2, modelVersion: "gateway-model 2026-12" }),
  });
  if (result.status !== "regressed") throw new Error(`the run left the finding ${result.status}, not regressed`);
}
