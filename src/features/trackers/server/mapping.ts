import "server-only";
import { and, eq } from "drizzle-orm";
import type { TrackerMapping } from "@/lib/domain/tracker";
import { assertClient, assertClientOwner, type ClientActor, READ_ONLY_VIEW_MESSAGE } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { trackerConnections } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { CONNECTION_NOT_FOUND } from "./connections";
import { trackerClientOf } from "./tracker-client";
import { TrackerError } from "./tracker-error";

// How a connection files tickets (docs/PRODUCT.md#integrations), set by the company's owners.

export type MappingChange = Omit<TrackerMapping, "automaticSince">;

const JIRA_LABEL = "Jira labels cannot contain spaces";

/**
 * What Jira refuses, refused before saving: labels with spaces, and an issue type the project
 * does not have (asked of Jira when it changes, in its words).
 */
async function checkForJira(db: DbOrTx, actor: ClientActor, connectionId: string, mapping: MappingChange): Promise<void> {
  const [connection] = await db
    .select()
    .from(trackerConnections)
    .where(and(eq(trackerConnections.id, connectionId), eq(trackerConnections.clientId, actor.clientId)))
    .limit(1);
  if (connection?.kind !== "jira") return;
  const fieldErrors: Record<string, string> = {};
  for (const [severity, label] of Object.entries(mapping.severityLabels))
    if (/\s/.test(label)) fieldErrors[`severityLabels.${severity}`] = JIRA_LABEL;
  if (Object.keys(fieldErrors).length) throw new AppError("bad_request", JIRA_LABEL, { fieldErrors });
  if (!mapping.issueType || mapping.issueType === connection.mapping.issueType) return;
  try {
    await trackerClientOf({ ...connection, mapping: { issueType: mapping.issueType } }).check();
  } catch (error) {
    if (!(error instanceof TrackerError)) throw error;
    throw new AppError("bad_request", error.message, { fieldErrors: { issueType: error.message } });
  }
}

/**
 * Saves a connection's mapping (owners). Turning automatic creation on starts it from now: the
 * findings published before are not filed all at once (a person files those with Create ticket).
 */
export async function updateTrackerMapping(
  db: DbOrTx,
  { actor, connectionId, mapping }: { actor: ClientActor; connectionId: string; mapping: MappingChange },
): Promise<TrackerMapping> {
  assertClient(actor);
  if (actor.viewer) throw new AppError("forbidden", READ_ONLY_VIEW_MESSAGE);
  assertClientOwner(actor);
  await checkForJira(db, actor, connectionId, mapping);
  return db.transaction(async (tx) => {
    const [connection] = await tx
      .select({ mapping: trackerConnections.mapping, state: trackerConnections.state })
      .from(trackerConnections)
      .where(and(eq(trackerConnections.id, connectionId), eq(trackerConnections.clientId, actor.clientId)))
      .for("update")
      .limit(1);
    if (!connection || connection.state === "revoked") throw new AppError("not_found", CONNECTION_NOT_FOUND);
    const before = connection.mapping;
    const automaticSince =
      mapping.createMode !== "automatic"
        ? undefined
        : before.createMode === "automatic" && before.automaticSince
          ? before.automaticSince
          : new Date().toISOString();
    const issueType = mapping.issueType ?? before.issueType;
    const next: TrackerMapping = { ...mapping, ...(automaticSince ? { automaticSince } : {}), ...(issueType ? { issueType } : {}) };
    await tx.update(trackerConnections).set({ mapping: next }).where(eq(trackerConnections.id, connectionId));
    await recordAudit(tx, {
      actor,
      action: "tracker.mapping_changed",
      entityType: "tracker_connection",
      entityId: connectionId,
      clientId: actor.clientId,
      before,
      after: next,
    });
    return next;
  });
}
