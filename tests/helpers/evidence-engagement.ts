// An engagement with an evidence record of a chosen size (docs/PRODUCT.md#evidence-packs), for the
// statement-count test and `npm run bench:evidence`: a test plan of N cases (the built-in plan's
// cases numbered again), published findings with evidence files, decided retests, measurements and
// accepted risks, three targets (model versions), and the coverage record with cases recorded on
// each target. Written straight into the tables, as the demo seed writes its own.
import { randomUUID } from "node:crypto";
import type { AdminActor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { BUILTIN_CASES, savePlan, writeCoverageRecord } from "@/features/evidence/server";
import type { PlanCase } from "@/features/evidence/validation";
import { engagementModelVersions, findingEvidence, findingMeasurements, findingRetests, findings, projects } from "./all-tables";

const SEVERITIES = ["critical", "high", "medium", "low", "informational"] as const;
const STATUSES = ["open", "in_remediation", "verified_fixed", "fixed_pending_retest", "risk_accepted"] as const;
export const EVIDENCE_TARGETS = [
  { provider: "openai", modelId: "gpt-4.1", modelVersion: "2025-04-14" },
  { provider: "anthropic", modelId: "claude-sonnet", modelVersion: "4.5" },
  { provider: null, modelId: "gateway-router", modelVersion: "v3.2.0" },
] as const;
const targetLabel = (t: (typeof EVIDENCE_TARGETS)[number]) => (t.provider ? `${t.provider}/${t.modelId}` : t.modelId);
const sha = (n: number) => n.toString(16).padStart(64, "0");

/** A plan of `count` cases (the built-in plan's, numbered TC-001 on), saved by the admin. */
export async function saveSizedPlan(db: Db, actor: AdminActor, count: number): Promise<{ planVersionId: string; cases: PlanCase[] }> {
  const cases: PlanCase[] = Array.from({ length: count }, (_, i) => {
    const base = BUILTIN_CASES[i % BUILTIN_CASES.length]!;
    return { ...base, no: `TC-${String(i + 1).padStart(3, "0")}`, title: `${base.title} (${i + 1})` };
  });
  const saved = await savePlan(db, {
    actor,
    input: { name: `Sized plan ${randomUUID().slice(0, 8)}`, methodology: "Adversarial testing, measured cases in trials.", cases },
  });
  return { planVersionId: saved.planVersionId, cases };
}

/**
 * A new engagement of `clientId` with `findingCount` published findings and `recorded` results of
 * the plan's cases spread over the three targets (a failed one links a finding). No retest is left
 * open, so the pack can be issued.
 */
export async function seedEvidenceEngagement(
  db: Db,
  opts: { clientId: string; plan: { planVersionId: string; cases: PlanCase[] }; findingCount: number; recorded: number; by: AdminActor },
): Promise<string> {
  const [project] = await db
    .insert(projects)
    .values({ clientId: opts.clientId, projectName: `Evidence engagement ${randomUUID().slice(0, 8)}`, status: "in_progress" })
    .returning({ id: projects.id });
  const projectId = project!.id;
  const published = new Date(Date.now() - 30 * 86_400_000);
  const rows = await db
    .insert(findings)
    .values(
      Array.from({ length: opts.findingCount }, (_, i) => {
        const status = STATUSES[i % STATUSES.length]!;
        return {
          clientId: opts.clientId,
          projectId,
          title: `Finding ${i + 1}: prompt injection through retrieved documents`,
          severity: SEVERITIES[i % SEVERITIES.length]!,
          status,
          cvssScoreTenths: (i * 7) % 101,
          cvssVector: i % 2 === 0 ? "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N" : null,
          description: "Instructions hidden in a retrieved document override the system prompt.",
          remediation: "Separate retrieved content from instructions and filter the model's tools.",
          owaspLlm: ["LLM01"],
          atlas: ["AML.T0051.001"],
          publishedAt: new Date(published.getTime() + i * 60_000),
          ...(status === "risk_accepted" ? { riskReason: "Compensating control in place.", riskExpiresOn: "2027-06-30" } : {}),
        };
      }),
    )
    .returning({ id: findings.id });
  const ids = rows.map((r) => r.id);
  const every = (n: number) => ids.filter((_, i) => i % n === 0);
  if (ids.length > 0) {
    await db.insert(findingEvidence).values(
      every(2).map((findingId, i) => ({
        findingId,
        name: `screenshot-${i + 1}.png`,
        storageKey: `test/evidence/${randomUUID()}.png`,
        fileSize: 1024,
        mimeType: "image/png",
      })),
    );
    await db.insert(findingRetests).values(
      every(4).map((findingId) => ({
        findingId,
        note: "Please retest",
        requestedByName: "Client owner",
        result: "verified_fixed" as const,
        decidedAt: new Date(),
      })),
    );
    await db.insert(findingMeasurements).values(
      every(3).map((findingId, i) => {
        const target = EVIDENCE_TARGETS[i % EVIDENCE_TARGETS.length]!;
        return {
          findingId,
          source: "import" as const,
          trials: 300,
          successes: i % 9,
          provider: target.provider,
          modelId: target.modelId,
          modelVersion: target.modelVersion,
          systemPromptSha256: sha(i % 3),
          probe: "promptinject",
          detector: "garak.detectors.promptinject",
          recordedByName: "Import",
        };
      }),
    );
  }
  await db
    .insert(engagementModelVersions)
    .values(EVIDENCE_TARGETS.map((t) => ({ projectId, ...t, recordedByName: opts.by.name, recordedBy: opts.by.userId })));
  const cells = opts.plan.cases.flatMap((c) => EVIDENCE_TARGETS.map((t) => ({ caseNo: c.no, target: targetLabel(t) })));
  await writeCoverageRecord(db, {
    projectId,
    clientId: opts.clientId,
    planVersionId: opts.plan.planVersionId,
    by: { id: opts.by.userId, name: opts.by.name },
    at: new Date(),
    results: cells.slice(0, opts.recorded).map((cell, i) => {
      const kind = i % 5;
      if (kind === 1 && ids.length > 0) return { ...cell, status: "failed" as const, findingId: ids[i % ids.length]! };
      if (kind === 2) return { ...cell, status: "not_applicable" as const, reason: "The model is a hosted API: no weights to inspect." };
      if (kind === 3) return { ...cell, status: "blocked" as const, reason: "The client asked to defer this case." };
      return { ...cell, status: "held" as const, trials: 300, successes: i % 2 };
    }),
  });
  return projectId;
}
