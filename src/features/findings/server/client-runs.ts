import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { FINDING_STATUS_LABELS, type FindingStatus } from "@/lib/domain/finding";
import { isAiFinding } from "@/lib/domain/finding-measurement";
import { clientRunSchema, type ClientRunValues, RUN_FILE_MAX_BYTES, runUploadSchema } from "@/features/measurements/validation";
import { assertClient, type ClientActor, personIdOf } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { findingEvents, findingRetests, findings } from "./schema/records";
import { AppError } from "@/server/core/errors";
import { parseInput } from "@/server/core/handler";
import { MULTIPART_OVERHEAD_BYTES } from "@/server/core/body-limit";
import { readMultipart } from "@/server/core/uploads/multipart";
import { recordAudit } from "@/features/audit/server";
import { queueWebhookEvent } from "@/features/webhooks/server";
import { notifyFindingRegressed } from "./finding-mail";
import { FINDING_NOT_FOUND, findingScope } from "./finding-scope";
import { findingStatusEvent } from "./finding-webhooks";
import { insertMeasurement, measurementNote } from "@/features/measurements/server";

// A run of the client's own CI posted back to an AI finding (docs/PRODUCT.md#measured-ai-findings),
// typically of the reproducer it downloaded: stored as a measurement like any other. A run that
// still lands the attack on a finding marked fixed means the fix did not hold (often a model
// upgrade): the finding is Regressed, the firm and the company's owners are told.

/** Marked fixed: Verified Fixed, or Fixed and waiting for the firm's retest. */
const FIXED: readonly FindingStatus[] = ["verified_fixed", "fixed_pending_retest"];

export const NO_RUNS_FOR_THIS_FINDING =
  "Only an AI finding takes runs: this finding is filed under no OWASP LLM category or ATLAS technique.";

/** The columns a scheduled re-run adds to a measurement. */
export type RerunColumns = {
  rerunId: string;
  turnsUsed: number | null;
  turnBudget: number | null;
  seedPrompts: number | null;
  effectiveTrials: number | null;
};

export type ClientRunResult = { measurementId: string; status: FindingStatus; regressed: boolean; rate: string };

/**
 * Stores a run (source "run", named for the token or person that posted it) with its timeline
 * entry; with successes on a fixed finding, in the same transaction: the finding Regressed (an
 * open retest request withdrawn, since the fix it asks about did not hold), the status timeline
 * entry, the webhook event, the audit entry in the company's access log, and the mails.
 */
export async function recordClientRun(
  db: DbOrTx,
  {
    actor,
    findingId,
    input,
    rerun,
  }: {
    actor: ClientActor;
    findingId: string;
    input: ClientRunValues;
    /** A scheduled re-run's part (server/reruns/): its run and any multi-turn counts. */
    rerun?: RerunColumns;
  },
): Promise<ClientRunResult> {
  assertClient(actor);
  return db.transaction(async (tx) => {
    const [finding] = await tx
      .select({
        id: findings.id,
        clientId: findings.clientId,
        title: findings.title,
        status: findings.status,
        owaspLlm: findings.owaspLlm,
        atlas: findings.atlas,
        sourceTool: findings.sourceTool,
      })
      .from(findings)
      .where(findingScope(actor, findingId))
      .for("update")
      .limit(1);
    if (!finding) throw FINDING_NOT_FOUND();
    if (!isAiFinding(finding)) throw new AppError("bad_request", NO_RUNS_FOR_THIS_FINDING);
    const row = await insertMeasurement(tx, {
      findingId,
      source: "run",
      ...input,
      ...rerun,
      recordedBy: personIdOf(actor),
      recordedByName: actor.name,
    });
    const measurementId = row!.id;
    const rate = measurementNote(input);
    const by = { actorId: personIdOf(actor), actorRole: "client" as const, actorName: actor.name };
    // Both entries of one transaction would share its time: the run is dated first, the status change a millisecond after.
    const at = new Date();
    await tx.insert(findingEvents).values({ findingId, kind: "measured", note: `Your CI's run: ${rate}`, ...by, createdAt: at });
    if (input.successes === 0 || !FIXED.includes(finding.status)) return { measurementId, status: finding.status, regressed: false, rate };

    await tx.delete(findingRetests).where(and(eq(findingRetests.findingId, findingId), isNull(findingRetests.result)));
    await tx.update(findings).set({ status: "regressed" }).where(eq(findings.id, findingId));
    const note = `${FINDING_STATUS_LABELS.regressed}: ${rate}, in a run of your CI (${actor.name})`;
    await tx.insert(findingEvents).values({
      findingId,
      kind: "regressed",
      fromStatus: finding.status,
      toStatus: "regressed",
      note,
      ...by,
      createdAt: new Date(at.getTime() + 1),
    });
    await queueWebhookEvent(tx, findingStatusEvent(finding, "regressed"));
    await recordAudit(tx, {
      actor,
      action: "finding.regressed",
      entityType: "finding",
      entityId: findingId,
      clientId: finding.clientId,
      before: { status: finding.status },
      // `name` is the item the access log shows, `by` who posted it (a token is no user).
      after: { status: "regressed", name: `${finding.title}: ${rate}`, by: actor.name, measurementId },
    });
    await notifyFindingRegressed(tx, {
      measurementId,
      clientId: finding.clientId,
      company: actor.company,
      findingId,
      title: finding.title,
      rate,
      by: actor.name,
    });
    return { measurementId, status: "regressed" as const, regressed: true, rate };
  });
}

/** A run's counts read from its results file as it streams in (a malformed file is a 400 naming the problem). */
export type ReadUploadedRun = (source: AsyncIterable<Uint8Array>) => Promise<{
  trials: number;
  successes: number;
  provider: string | null;
  modelId: string | null;
  detector: string | null;
}>;

export const NO_RUN_FILE = "Choose the results file of your run (promptfoo eval -c <reproducer> -o results.json).";
const RUN_FILE_TOO_LARGE = () => new AppError("payload_too_large", `The results file is over ${RUN_FILE_MAX_BYTES / 1024 / 1024} MB.`);

/**
 * An owner's upload of a run's results in the portal (multipart: `modelVersion`, then `file`, the
 * promptfoo results.json): the file is counted as it streams in, never stored, and the run recorded
 * as one posted through the API would be. The form's version is the run's; the model named in the
 * file, if one, is kept with it. `readRun` counts the file (the caller hands in the imports slice's
 * promptfoo reader: the readers of the tools' files are that slice's, which findings may not import).
 */
export async function recordUploadedRun(
  db: Db,
  { actor, findingId, request, readRun }: { actor: ClientActor; findingId: string; request: Request; readRun: ReadUploadedRun },
) {
  assertClient(actor);
  const { fields, file } = await readMultipart(request, {
    maxBodyBytes: RUN_FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    maxFileBytes: RUN_FILE_MAX_BYTES,
    tooLarge: RUN_FILE_TOO_LARGE,
    onFile: async (part) => {
      const run = await readRun(part.stream);
      // The parser cut the file at the limit: a count of part of it is no run.
      if (part.stream.truncated) throw RUN_FILE_TOO_LARGE();
      return run;
    },
  });
  const { modelVersion } = parseInput(runUploadSchema, { modelVersion: fields.get("modelVersion") });
  if (!file) throw new AppError("bad_request", NO_RUN_FILE);
  const input = parseInput(clientRunSchema, { ...file, modelVersion, probe: null });
  return recordClientRun(db, { actor, findingId, input });
}
