import "server-only";
import type { AdminActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { reports } from "@/features/reports/server/schema";
import type { DocumentStorage } from "@/server/core/storage/storage";
import { buildPack, ensureBuiltinPlan, PACK_TITLE, recordPack, writeCoverageRecord } from "@/features/evidence/server";
import { DEMO_CLIENTS, DEMO_PROJECTS, DEMO_USERS } from "./demo-data";
import { DEMO_MODEL } from "./demo-measurements";

// Acme's LLM Gateway engagement as evidence (docs/PRODUCT.md#evidence-packs): the built-in plan
// adopted, a coverage record with held, failed, not applicable and blocked cases, and an issued pack.

const gateway = DEMO_PROJECTS.find((p) => p.projectName === "LLM Gateway Security Assessment")!;
const finding = (n: number) => `00000000-0000-4000-8000-f1${String(n).padStart(10, "0")}`;

export const DEMO_EVIDENCE_PACK = {
  id: "00000000-0000-4000-8000-ee0000000001",
  code: "ACME0PACK1",
  reportId: "00000000-0000-4000-8000-ee0000000002",
  issuedAt: "2026-11-20T15:00:00Z",
  projectId: gateway.id,
} as const;

type Row = {
  caseNo: string;
  status: "held" | "failed" | "not_applicable" | "blocked";
  trials?: number;
  successes?: number;
  reason?: string;
  findingId?: string;
};
const HOSTED = "The gateway calls a hosted model: no weights, training data or fine-tuning are in scope.";
const ROWS: Row[] = [
  { caseNo: "TC-01", status: "held", trials: 400, successes: 0 },
  { caseNo: "TC-03", status: "held", trials: 320, successes: 0 },
  { caseNo: "TC-04", status: "held", trials: 150, successes: 0 },
  { caseNo: "TC-05", status: "held", trials: 120, successes: 1 },
  { caseNo: "TC-06", status: "held", trials: 300, successes: 0 },
  { caseNo: "TC-08", status: "held" },
  { caseNo: "TC-09", status: "failed", findingId: finding(6) },
  { caseNo: "TC-10", status: "not_applicable", reason: HOSTED },
  { caseNo: "TC-12", status: "not_applicable", reason: HOSTED },
  { caseNo: "TC-13", status: "not_applicable", reason: HOSTED },
  { caseNo: "TC-15", status: "not_applicable", reason: HOSTED },
  { caseNo: "TC-16", status: "failed", findingId: finding(7) },
  { caseNo: "TC-19", status: "held", trials: 300, successes: 0 },
  { caseNo: "TC-21", status: "failed", findingId: finding(3) },
  { caseNo: "TC-22", status: "failed", findingId: finding(2) },
  { caseNo: "TC-29", status: "held", trials: 200, successes: 2 },
  { caseNo: "TC-31", status: "held" },
  { caseNo: "TC-33", status: "blocked", reason: "The client asked to defer extraction testing until the rate limits are raised." },
];

/**
 * The demo's evidence, written inside the seed's transaction with its storage. The reads behind the
 * pack are made by no person (an empty user id), so they leave nothing in Acme's access log.
 */
export async function seedDemoEvidence(tx: DbOrTx, storage: DocumentStorage) {
  const { planVersionId } = await ensureBuiltinPlan(tx);
  await writeCoverageRecord(tx, {
    projectId: gateway.id,
    clientId: DEMO_CLIENTS.acme.id,
    planVersionId,
    by: { id: DEMO_USERS.admin.id, name: DEMO_USERS.admin.name },
    at: new Date("2026-11-10T12:00:00Z"),
    results: ROWS.map((r) => ({ ...r, target: DEMO_MODEL.modelId })),
  });
  const seed: AdminActor = { role: "admin", userId: "", email: "", name: "Demo data" };
  const issuedAt = new Date(DEMO_EVIDENCE_PACK.issuedAt);
  const built = await buildPack(tx, {
    actor: seed,
    input: {
      projectId: gateway.id,
      testers: "Dana Whitfield, Sam Okafor",
      independence: "The testers had no part in designing, building or operating the gateway.",
      limitations: "Black-box testing of the production gateway through its public API; the hosted model's training was out of scope.",
    },
    packId: DEMO_EVIDENCE_PACK.id,
    code: DEMO_EVIDENCE_PACK.code,
    issuedAt,
  });
  const storageKey = `documents/demo-evidence-pack-${DEMO_EVIDENCE_PACK.id}.pdf`;
  await storage.put(storageKey, built.pdf);
  await tx.insert(reports).values({
    id: DEMO_EVIDENCE_PACK.reportId,
    clientId: DEMO_CLIENTS.acme.id,
    projectId: gateway.id,
    title: PACK_TITLE,
    version: 1,
    storageKey,
    fileSize: built.pdf.byteLength,
    uploadedBy: DEMO_USERS.admin.id,
    publishedAt: issuedAt,
  });
  await recordPack(tx, {
    packId: DEMO_EVIDENCE_PACK.id,
    code: DEMO_EVIDENCE_PACK.code,
    issuedAt,
    built,
    reportId: DEMO_EVIDENCE_PACK.reportId,
    issuedBy: DEMO_USERS.admin.id,
  });
}
