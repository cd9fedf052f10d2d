import Link from "next/link";
import { Card } from "@/components/ui/card";
import { modelLabel } from "@/lib/domain/finding-measurement";
import { formatDate } from "@/lib/format";
import type { FindingDetail } from "@/features/findings/server";
import { LazyModelVersionForm, LazyReproducerDownload, LazyRetestOnVersionForm, LazyRunUpload } from "./lazy-finding-forms";

/**
 * The retest request of a Verified Fixed finding not verified on the version the client runs now,
 * beside its status (docs/PRODUCT.md#measured-ai-findings): the usual request, its note suggested.
 */
export function RetestOnVersion({ finding, readOnly }: { finding: FindingDetail; readOnly: boolean }) {
  const target = finding.modelVersion;
  const flagged = target?.notVerified;
  if (!target || !flagged || readOnly || finding.openRetest) return null;
  const model = modelLabel({ provider: target.provider, modelId: target.modelId, modelVersion: null });
  return (
    <LazyRetestOnVersionForm findingId={finding.id} suggestedNote={`We now run ${model} ${flagged.currentVersion}: please retest on it.`} />
  );
}

/**
 * The version of the finding's model the client runs now (docs/PRODUCT.md#measured-ai-findings):
 * what was recorded and by whom, and the form to record another. A Verified Fixed finding shown
 * fixed on another version says so in its status, with the retest request beside it (RetestOnVersion).
 */
export function ModelVersionCard({ finding, readOnly }: { finding: FindingDetail; readOnly: boolean }) {
  const target = finding.modelVersion;
  if (!target) return null;
  const model = modelLabel({ provider: target.provider, modelId: target.modelId, modelVersion: null });
  const [current, ...earlier] = target.history;
  const headingId = `model-version-${finding.id}`;
  return (
    <Card className="space-y-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold">
        The version you run now
      </h2>
      <p className="text-sm" data-testid="current-model-version">
        {current
          ? `${model} ${current.modelVersion}, recorded by ${current.recordedByName} on ${formatDate(current.recordedAt)}.`
          : `No version of ${model} recorded yet. Record the one you run, and findings fixed on another are marked for a retest.`}
      </p>
      {earlier.length > 0 ? (
        <ul className="space-y-1 text-xs text-muted" aria-label="Versions recorded before">
          {earlier.map((r) => (
            <li key={r.id}>
              {r.modelVersion}: {r.recordedByName}, {formatDate(r.recordedAt)}
            </li>
          ))}
        </ul>
      ) : null}
      {readOnly ? null : (
        <LazyModelVersionForm
          projectId={target.projectId}
          provider={target.provider}
          modelId={target.modelId}
          current={current?.modelVersion ?? null}
        />
      )}
      <p className="text-xs text-muted">
        It applies to every finding of {finding.projectName} measured on {model}.{" "}
        <Link href={`/client-portal/runs?project=${encodeURIComponent(target.projectId)}`} className="text-accent underline">
          Scheduled re-runs and their comparison
        </Link>
      </p>
    </Card>
  );
}

/**
 * The reproducer for the client's CI (docs/PRODUCT.md#measured-ai-findings): owners download it
 * behind the fresh proof; the CI posts its runs back through the company API, or an owner uploads a
 * run's results file here.
 */
export function ReproducerCard({ finding, readOnly, isOwner }: { finding: FindingDetail; readOnly: boolean; isOwner: boolean }) {
  if (!finding.isAi) return null;
  const headingId = `reproducer-${finding.id}`;
  return (
    <Card className="space-y-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold">
        Reproducer for your CI
      </h2>
      <p className="text-sm text-muted">
        A promptfoo file with the attack&apos;s prompts, the check that tells a success and the repeats a retest needs, signed by us (a
        detached JWS to check against our published keys). Run it in your CI and post each run back with an API token (findings:write): a
        run that lands the attack on a fixed finding marks it Regressed. Without a token, upload the run&apos;s results file here.
      </p>
      {readOnly ? null : isOwner ? (
        <>
          <LazyReproducerDownload findingId={finding.id} />
          <LazyRunUpload findingId={finding.id} currentVersion={finding.modelVersion?.history[0]?.modelVersion ?? null} />
        </>
      ) : (
        <p className="text-xs text-muted">Only an owner of your company can download the reproducer: its prompts may be harmful text.</p>
      )}
    </Card>
  );
}
