import "server-only";
import { and, asc, eq, isNotNull, isNull, lt } from "drizzle-orm";
import { MODEL_VERSION_RUN_GRACE_DAYS, nextDueAt, RERUN_CADENCE_LABELS, type RerunCadence } from "@/lib/domain/rerun";
import type { RerunScheduleValues } from "@/features/measurements/validation";
import { type Actor, assertClientOwner, personIdOf } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { rerunSchedules } from "../schema/reruns";
import { findProject } from "@/features/projects/server";
import { recordAudit } from "@/features/audit/server";
import { appLink, notifyAdmins, notifyClientOwners } from "@/features/notifications/server";
import { engagementOf, sameRerunProvider } from "./engagement";

// Schedules of re-runs (docs/PRODUCT.md#measured-ai-findings): one per engagement target, set by
// the firm or an owner of the company. A run that did not arrive by its due time is flagged
// overdue by the periodic job; the next run clears the flag.

export type RerunSchedule = {
  id: string;
  provider: string | null;
  modelId: string;
  cadence: RerunCadence;
  dueAt: string | null;
  overdueAt: string | null;
  setByName: string;
};

/** Sets (or changes) the target's schedule; due from now on its cadence (a version schedule: from the next version recorded). */
export async function setRerunSchedule(db: Db, { actor, input }: { actor: Actor; input: RerunScheduleValues }): Promise<{ id: string }> {
  if (actor.role === "client") assertClientOwner(actor);
  return db.transaction(async (tx) => {
    const project = await engagementOf(tx, actor, input.projectId);
    const values = {
      cadence: input.cadence,
      dueAt: nextDueAt(input.cadence, new Date()),
      overdueAt: null,
      setBy: personIdOf(actor),
      setByName: actor.name,
    };
    const [existing] = await tx
      .select({ id: rerunSchedules.id, cadence: rerunSchedules.cadence })
      .from(rerunSchedules)
      .where(
        and(
          eq(rerunSchedules.projectId, project.id),
          eq(rerunSchedules.modelId, input.modelId),
          sameRerunProvider(rerunSchedules.provider, input.provider),
        ),
      )
      .for("update")
      .limit(1);
    const [row] = existing
      ? await tx.update(rerunSchedules).set(values).where(eq(rerunSchedules.id, existing.id)).returning({ id: rerunSchedules.id })
      : await tx
          .insert(rerunSchedules)
          .values({ projectId: project.id, provider: input.provider, modelId: input.modelId, ...values })
          .returning({ id: rerunSchedules.id });
    await recordAudit(tx, {
      actor,
      action: "finding.rerun_schedule_set",
      entityType: "project",
      entityId: project.id,
      clientId: project.clientId,
      before: existing ? { cadence: existing.cadence } : null,
      after: { name: `${input.modelId}: ${RERUN_CADENCE_LABELS[input.cadence]}`, cadence: input.cadence },
    });
    return { id: row!.id };
  });
}

/** The engagement's schedules (the actor's own engagement; 404 otherwise). */
export async function listRerunSchedules(db: Db, { actor, projectId }: { actor: Actor; projectId: string }): Promise<RerunSchedule[]> {
  const project = await engagementOf(db, actor, projectId);
  const rows = await db
    .select({
      id: rerunSchedules.id,
      provider: rerunSchedules.provider,
      modelId: rerunSchedules.modelId,
      cadence: rerunSchedules.cadence,
      dueAt: rerunSchedules.dueAt,
      overdueAt: rerunSchedules.overdueAt,
      setByName: rerunSchedules.setByName,
    })
    .from(rerunSchedules)
    .where(eq(rerunSchedules.projectId, project.id))
    .orderBy(asc(rerunSchedules.modelId));
  return rows.map((row) => ({ ...row, dueAt: row.dueAt?.toISOString() ?? null, overdueAt: row.overdueAt?.toISOString() ?? null }));
}

/** A version recorded on a target with a schedule "on each model version": its run is due within the grace days. */
export async function dueOnNewModelVersion(db: DbOrTx, target: { projectId: string; provider: string | null; modelId: string }) {
  await db
    .update(rerunSchedules)
    .set({ dueAt: new Date(Date.now() + MODEL_VERSION_RUN_GRACE_DAYS * 86_400_000), overdueAt: null })
    .where(
      and(
        eq(rerunSchedules.projectId, target.projectId),
        eq(rerunSchedules.modelId, target.modelId),
        sameRerunProvider(rerunSchedules.provider, target.provider),
        eq(rerunSchedules.cadence, "model_version"),
      ),
    );
}

/**
 * The periodic job: schedules past their due time with no run flagged overdue (once: the flag is
 * the job's state, so a second pass finds nothing), the company's owners and the firm told.
 */
export async function flagOverdueSchedules(db: Db, now = new Date()): Promise<{ flagged: number }> {
  return db.transaction(async (tx) => {
    const flagged = await tx
      .update(rerunSchedules)
      .set({ overdueAt: now })
      .where(and(isNotNull(rerunSchedules.dueAt), lt(rerunSchedules.dueAt, now), isNull(rerunSchedules.overdueAt)))
      .returning({
        id: rerunSchedules.id,
        projectId: rerunSchedules.projectId,
        modelId: rerunSchedules.modelId,
        dueAt: rerunSchedules.dueAt,
      });
    for (const schedule of flagged) {
      const project = await findProject(tx, schedule.projectId);
      if (!project) continue;
      const key = `rerun-overdue:${schedule.id}:${schedule.dueAt!.toISOString()}`;
      const facts: [string, string][] = [
        ["Engagement", project.projectName],
        ["Model", schedule.modelId],
        ["Due", schedule.dueAt!.toISOString().slice(0, 10)],
      ];
      const subject = `Scheduled re-run overdue: ${schedule.modelId}`;
      await notifyClientOwners(tx, project.clientId, {
        key: `${key}:owners`,
        category: "findings",
        kind: "notify_rerun_overdue",
        content: (company) => ({
          subject,
          greetingName: company,
          paragraphs: [`The scheduled re-run of the reproducers on ${schedule.modelId} did not arrive by its due time.`],
          facts,
          action: { label: "Open the runs", url: appLink(`/client-portal/runs?project=${schedule.projectId}`) },
        }),
      });
      await notifyAdmins(tx, {
        key: `${key}:firm`,
        category: "admin_findings",
        kind: "notify_rerun_overdue",
        content: {
          subject,
          greetingName: "Admin",
          paragraphs: ["A scheduled re-run did not arrive by its due time."],
          facts,
          action: { label: "Open the runs", url: appLink(`/admin/findings/runs?project=${schedule.projectId}`) },
        },
      });
    }
    return { flagged: flagged.length };
  });
}
