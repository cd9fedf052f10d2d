import "server-only";
import type { FindingHistory } from "./history";
import { remediationOverall } from "./remediation";
import type { Spread } from "./percentiles";

// AI findings (docs/PRODUCT.md#analytics): their time to Verified Fixed, and the regressions that
// followed each recorded change of the model version a client runs. A change is a target's record
// naming another version than the record before it; its regressions are the AI findings of the
// same engagement that came back between it and the target's next change.

export type ModelVersionRecord = { projectId: string; provider: string | null; modelId: string; modelVersion: string; recordedAt: Date };
export type VersionChange = {
  projectId: string;
  target: string;
  fromVersion: string;
  toVersion: string;
  changedAt: Date;
  regressions: number;
};

export const targetName = (r: Pick<ModelVersionRecord, "provider" | "modelId">) => (r.provider ? `${r.provider}/${r.modelId}` : r.modelId);

export function versionChanges(records: readonly ModelVersionRecord[], histories: readonly FindingHistory[]): VersionChange[] {
  const byTarget = new Map<string, ModelVersionRecord[]>();
  for (const r of records) {
    const key = `${r.projectId}\u0000${targetName(r)}`;
    const list = byTarget.get(key);
    if (list) list.push(r);
    else byTarget.set(key, [r]);
  }
  // The AI findings' returns per engagement, gathered once (not once per change).
  const returnsOf = new Map<string, Date[]>();
  for (const h of histories) {
    if (!h.ai || h.regressedAt.length === 0) continue;
    const returns = returnsOf.get(h.projectId);
    if (returns) returns.push(...h.regressedAt);
    else returnsOf.set(h.projectId, [...h.regressedAt]);
  }
  const changes: VersionChange[] = [];
  for (const list of byTarget.values()) {
    const sorted = [...list].sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1]!;
      const cur = sorted[i]!;
      if (prev.modelVersion === cur.modelVersion) continue;
      const next = sorted.slice(i + 1).find((r) => r.modelVersion !== cur.modelVersion)?.recordedAt ?? null;
      const regressions = (returnsOf.get(cur.projectId) ?? []).filter((at) => at >= cur.recordedAt && (next === null || at < next)).length;
      changes.push({
        projectId: cur.projectId,
        target: targetName(cur),
        fromVersion: prev.modelVersion,
        toVersion: cur.modelVersion,
        changedAt: cur.recordedAt,
        regressions,
      });
    }
  }
  return changes.sort((a, b) => b.changedAt.getTime() - a.changedAt.getTime());
}

/** Time to Verified Fixed of the AI findings fixed in the period. */
export const aiTimeToVerifiedFixed = (histories: readonly FindingHistory[], from: Date, to: Date): Spread =>
  remediationOverall(
    histories.filter((h) => h.ai),
    from,
    to,
  );
