import "server-only";
import { createHash } from "node:crypto";
import { DEMO_USERS } from "./demo-data";
import { DEMO_FINDINGS } from "./demo-findings";

// The demo engagement's import history (docs/PRODUCT.md#admin-findings): a garak run imported three
// weeks ago that brought two of its findings (the prompt injection still a draft, the system
// prompt leak), and a later Nuclei scan previewed and discarded.

const DEMO_IMPORT_IDS = { garak: "00000000-0000-4000-8000-f20000000001", nuclei: "00000000-0000-4000-8000-f20000000002" };
const day = (days: number) => new Date(Date.now() + days * 86_400_000);
const fingerprint = (text: string) => createHash("sha256").update(text).digest("hex");

/** The demo findings the garak run found, with what the importer recorded of them. */
const FROM_GARAK = [
  { finding: DEMO_FINDINGS[0]!, ruleId: "promptinject.HijackHateHumans:promptinject.AttackRogueString" },
  { finding: DEMO_FINDINGS[1]!, ruleId: "leakreplay.LiteratureCloze:base.TriggerListDetector" },
];

export function demoImportRows() {
  const { clientId, projectId } = FROM_GARAK[0]!.finding;
  const by = { createdBy: DEMO_USERS.admin.id, createdByName: DEMO_USERS.admin.name };
  return {
    imports: [
      {
        id: DEMO_IMPORT_IDS.garak,
        clientId,
        projectId,
        format: "garak" as const,
        fileName: "garak.gateway-run.report.jsonl",
        fileSize: 1_482_113,
        state: "applied" as const,
        newCount: FROM_GARAK.length,
        ...by,
        createdAt: day(-21),
        decidedAt: day(-21),
      },
      {
        id: DEMO_IMPORT_IDS.nuclei,
        clientId,
        projectId,
        format: "nuclei" as const,
        fileName: "nuclei-gateway.jsonl",
        fileSize: 88_204,
        state: "discarded" as const,
        newCount: 4,
        ...by,
        createdAt: day(-3),
        decidedAt: day(-3),
      },
    ],
    items: FROM_GARAK.map(({ finding }) => ({ importId: DEMO_IMPORT_IDS.garak, findingId: finding.id, outcome: "new" as const })),
    /** What the importer wrote on each finding it created (its taxonomy is the demo finding's own). */
    findings: FROM_GARAK.map(({ finding, ruleId }) => ({
      id: finding.id,
      sourceTool: "garak" as const,
      ruleId,
      fingerprint: fingerprint(`demo:${ruleId}`),
    })),
  };
}
