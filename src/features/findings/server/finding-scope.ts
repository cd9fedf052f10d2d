import "server-only";
import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { DEFAULT_DUE_DAYS, type DueDays, UNRESOLVED_FINDING_STATUSES } from "@/lib/domain/finding";
import { type Actor, assertFindingsVisible, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { findingDueDays, findings } from "./schema/records";
import { inClientProject } from "@/features/projects/server";
import { AppError } from "@/server/core/errors";

export const FINDING_NOT_FOUND = () => new AppError("not_found", "Finding not found");

/**
 * What a client may see: its own company's published findings. A draft and another company's
 * finding are both simply absent, so an id reveals nothing. A member from whom the owners withheld
 * the findings (docs/PRODUCT.md#portal-team) is refused here, where every client read and write of
 * a finding takes its scope.
 */
export const clientFindingScope = (actor: ClientActor): SQL => {
  assertFindingsVisible(actor);
  return and(eq(findings.clientId, actor.clientId), inClientProject(findings.projectId, actor.clientId), isNotNull(findings.publishedAt))!;
};

/** For the reads and writes reached by engagement rather than by finding (runs, model versions): the same refusal. */
export const assertFindingsReach = (actor: Actor): void => {
  if (actor.role === "client") assertFindingsVisible(actor);
};

/** One finding the actor may reach: any for the firm, a published one of its own for a client. */
export const findingScope = (actor: Actor, findingId: string): SQL =>
  actor.role === "admin" ? eq(findings.id, findingId) : and(eq(findings.id, findingId), clientFindingScope(actor))!;

/** Today in UTC as a SQL date, the one "today" of due dates and expiries. */
export const todayUtc = sql`(now() at time zone 'utc')::date`;

/** Past its due date and not yet dealt with. */
export const overdueSql = sql<boolean>`(${findings.dueOn} is not null and ${findings.dueOn} < ${todayUtc} and ${inArray(findings.status, [...UNRESOLVED_FINDING_STATUSES])})`;

/** The engagement's days from publishing to the due date (the defaults when it set none). */
export async function dueDaysOf(db: DbOrTx, projectId: string): Promise<DueDays> {
  const [row] = await db
    .select({ critical: findingDueDays.critical, high: findingDueDays.high, medium: findingDueDays.medium, low: findingDueDays.low })
    .from(findingDueDays)
    .where(eq(findingDueDays.projectId, projectId))
    .limit(1);
  return row ?? { ...DEFAULT_DUE_DAYS };
}
