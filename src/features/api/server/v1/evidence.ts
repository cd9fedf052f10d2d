import "server-only";
import type { z } from "zod";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { currentPackOf, getCoverage } from "@/features/evidence/server";
import type { apiCoverageSchema, apiEvidencePackSchema } from "@/features/api/validation";
import type { ApiCaller } from "../token-auth";

// The company API's evidence reads (docs/PRODUCT.md#evidence-packs): an engagement's coverage and its current pack.

export const NO_COVERAGE = "This engagement has no coverage record";

type Counts = { total: number; run: number; held: number; failed: number; not_applicable: number; blocked: number; not_started: number };
const counts = (c: Counts) => ({
  total: c.total,
  run: c.run,
  held: c.held,
  failed: c.failed,
  notApplicable: c.not_applicable,
  blocked: c.blocked,
  notStarted: c.not_started,
});

export async function apiGetCoverage(db: DbOrTx, caller: ApiCaller, projectId: string): Promise<z.output<typeof apiCoverageSchema>> {
  const coverage = await getCoverage(db, { actor: caller.actor, projectId });
  if (!coverage) throw new AppError("not_found", NO_COVERAGE);
  return {
    data: {
      projectId,
      plan: { name: coverage.plan.name, version: coverage.plan.version, atlasRelease: coverage.plan.atlasRelease },
      summary: coverage.sentence,
      counts: counts(coverage.counts),
      targets: coverage.targets.map((t) => t.label),
      cases: coverage.plan.cases.map((c) => ({
        no: c.no,
        title: c.title,
        acceptance: c.acceptance,
        owasp: c.owasp,
        atlas: c.atlas.id,
        euAiAct: c.euAiAct,
        nist: c.nist,
        iso42001: c.iso42001,
      })),
      results: coverage.results.map((r) => ({
        caseNo: r.caseNo,
        target: r.target,
        status: r.status,
        trials: r.trials,
        successes: r.successes,
        reason: r.reason,
        findingIds: r.findings.map((f) => f.id),
      })),
      families: coverage.families.map((f) => ({
        family: f.family,
        counts: counts(f.counts),
        controls: f.controls.map((c) => ({ id: c.id, label: c.label, counts: counts(c.counts) })),
      })),
    },
  };
}

export async function apiGetEvidencePack(
  db: DbOrTx,
  caller: ApiCaller,
  projectId: string,
): Promise<z.output<typeof apiEvidencePackSchema>> {
  const pack = await currentPackOf(db, { actor: caller.actor, projectId });
  return {
    data: {
      id: pack.id,
      projectId: pack.projectId,
      code: pack.code,
      verifyUrl: pack.verifyUrl,
      state: pack.state,
      issuedAt: pack.issuedAt.toISOString(),
      jws: pack.jws,
      facts: pack.facts as unknown as Record<string, unknown>,
      oscal: pack.oscal as Record<string, unknown>,
    },
  };
}
