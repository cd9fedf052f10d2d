import "server-only";
import { and, eq, inArray, max } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { findingImports } from "./schema/imports";

/**
 * When an import last brought findings into each of the engagements (ISO), for the admin
 * Engagements list's page of rows; an engagement never imported into is left out. One statement,
 * through the imports' project index.
 */
export async function lastImportsOf(
  db: DbOrTx,
  { actor, projectIds }: { actor: AdminActor; projectIds: string[] },
): Promise<Map<string, string>> {
  assertAdmin(actor);
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select({ projectId: findingImports.projectId, last: max(findingImports.decidedAt) })
    .from(findingImports)
    .where(and(inArray(findingImports.projectId, projectIds), eq(findingImports.state, "applied")))
    .groupBy(findingImports.projectId);
  return new Map(rows.flatMap(({ projectId, last }) => (last ? [[projectId, last.toISOString()] as const] : [])));
}
