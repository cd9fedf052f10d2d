import "server-only";
import { eq, isNull } from "drizzle-orm";
import { type Actor, assertFindingsVisible } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { rerunRuns, rerunSchedules } from "../schema/reruns";
import { findProject } from "@/features/projects/server";
import { AppError } from "@/server/core/errors";

/** Runs, schedules and model versions are reached by engagement: a member from whom the owners withheld the findings is refused, as from a finding (docs/PRODUCT.md#portal-team). */
export const assertFindingsReach = (actor: Actor): void => {
  if (actor.role === "client") assertFindingsVisible(actor);
};

/** A provider as a target names it: unnamed is null, matched as null (never as ""). */
export const sameRerunProvider = (column: typeof rerunRuns.provider | typeof rerunSchedules.provider, provider: string | null) =>
  provider === null ? isNull(column) : eq(column, provider);

/** The engagement, the actor's own (any for the firm), or a 404 like a missing one. */
export async function engagementOf(db: DbOrTx, actor: Actor, projectId: string) {
  assertFindingsReach(actor);
  const row = await findProject(db, projectId, actor.role === "admin" ? undefined : actor.clientId);
  if (!row) throw new AppError("not_found", "Engagement not found");
  return { id: row.id, clientId: row.clientId, name: row.projectName };
}
