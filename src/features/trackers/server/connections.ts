import "server-only";
import { demoMarkOf } from "@/server/core/demo-services";
import type { DemoMark } from "@/lib/domain/demo-service";
import { randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { DEFAULT_TRACKER_MAPPING, type TrackerKind, type TrackerMapping, type TrackerState } from "@/lib/domain/tracker";
import {
  type AdminActor,
  assertAdmin,
  assertClient,
  assertClientOwner,
  type ClientActor,
  READ_ONLY_VIEW_MESSAGE,
} from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { trackerConnections } from "./schema";
import { AppError } from "@/server/core/errors";
import { sealSecret } from "@/server/core/sealed-secret";
import { recordAudit } from "@/features/audit/server";
import { TOKEN_PURPOSE, trackerClient, trackerClientOf } from "./tracker-client";
import { TrackerError } from "./tracker-error";

// A company's connections to its ticket systems (docs/PRODUCT.md#integrations): owners make, test
// and remove them; the firm sees their kind, target and state, never a secret.

export { TOKEN_PURPOSE };
export const WEBHOOK_SECRET_PURPOSE = "tracker-webhook-secret";
export const CONNECTION_NOT_FOUND = "Connection not found";
/** A company's connections at most: one per repository or project it files into. */
export const MAX_CONNECTIONS = 10;

export type TrackerConnectionRow = {
  id: string;
  kind: TrackerKind;
  baseUrl: string;
  target: string;
  state: TrackerState;
  stateMessage: string | null;
  lastSyncAt: string | null;
  mapping: TrackerMapping;
  createdByName: string;
  createdAt: string;
  /** A demo service's connection, or a demo connection whose service is off (docs/PRODUCT.md#demo-services). */
  demo: DemoMark;
};

function assertWriter(actor: ClientActor) {
  assertClient(actor);
  if (actor.viewer) throw new AppError("forbidden", READ_ONLY_VIEW_MESSAGE);
  assertClientOwner(actor);
}

type Connection = typeof trackerConnections.$inferSelect;

const refusedBy = (error: TrackerError) => new AppError("bad_request", error.message, { fieldErrors: { token: error.message } });

/**
 * Connects the actor's company to a repository (owners, after the fresh second factor the action
 * asks for): the tracker must accept the token for it first. The token is sealed and never shown
 * again; the webhook secret is answered this once, for the tracker's webhook settings.
 */
export async function connectTracker(
  db: DbOrTx,
  {
    actor,
    kind,
    baseUrl,
    target,
    token,
    issueType,
  }: { actor: ClientActor; kind: TrackerKind; baseUrl: string; target: string; token: string; issueType?: string },
): Promise<{ id: string; webhookSecret: string }> {
  assertWriter(actor);
  let name: string;
  try {
    // The tracker's answer to "can this token file tickets there?": its name for the target.
    ({ name } = await trackerClient({ kind, baseUrl, target, token, issueType }).check());
  } catch (error) {
    if (error instanceof TrackerError) throw refusedBy(error);
    throw error;
  }
  const webhookSecret = randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: trackerConnections.id })
      .from(trackerConnections)
      .where(eq(trackerConnections.clientId, actor.clientId));
    if (existing.length >= MAX_CONNECTIONS)
      throw new AppError("conflict", `Your company has ${MAX_CONNECTIONS} connections. Remove one before adding another.`);
    const [row] = await tx
      .insert(trackerConnections)
      .values({
        clientId: actor.clientId,
        kind,
        baseUrl,
        target: name,
        sealedToken: sealSecret(token, TOKEN_PURPOSE),
        sealedWebhookSecret: sealSecret(webhookSecret, WEBHOOK_SECRET_PURPOSE),
        mapping: issueType ? { ...DEFAULT_TRACKER_MAPPING, issueType } : DEFAULT_TRACKER_MAPPING,
        createdByName: actor.name || actor.email,
        lastSyncAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: trackerConnections.id });
    if (!row) throw new AppError("conflict", `${name} is already connected.`);
    await recordAudit(tx, {
      actor,
      action: "tracker.connected",
      entityType: "tracker_connection",
      entityId: row.id,
      clientId: actor.clientId,
      after: { kind, baseUrl, target: name, ...(issueType ? { issueType } : {}) },
    });
    return { id: row.id, webhookSecret };
  });
}

const rowOf = (c: Connection): TrackerConnectionRow => ({
  id: c.id,
  kind: c.kind,
  baseUrl: c.baseUrl,
  target: c.target,
  state: c.state,
  stateMessage: c.stateMessage,
  lastSyncAt: c.lastSyncAt?.toISOString() ?? null,
  mapping: c.mapping,
  createdByName: c.createdByName,
  createdAt: c.createdAt.toISOString(),
  demo: demoMarkOf(c.baseUrl),
});

/** The company's connections (owners, and a viewing admin). */
export async function listTrackerConnections(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<TrackerConnectionRow[]> {
  assertClient(actor);
  assertClientOwner(actor);
  const rows = await db
    .select()
    .from(trackerConnections)
    .where(eq(trackerConnections.clientId, actor.clientId))
    .orderBy(trackerConnections.createdAt);
  return rows.map(rowOf);
}

/** A company's connections for the firm's client page: kind, target and state, never a secret. */
export async function listClientTrackersForAdmin(
  db: DbOrTx,
  { actor, clientId }: { actor: AdminActor; clientId: string },
): Promise<TrackerConnectionRow[]> {
  assertAdmin(actor);
  const rows = await db
    .select()
    .from(trackerConnections)
    .where(eq(trackerConnections.clientId, clientId))
    .orderBy(trackerConnections.createdAt);
  return rows.map(rowOf);
}

async function ownConnection(db: DbOrTx, actor: ClientActor, connectionId: string): Promise<Connection> {
  const [row] = await db
    .select()
    .from(trackerConnections)
    .where(and(eq(trackerConnections.id, connectionId), eq(trackerConnections.clientId, actor.clientId)))
    .limit(1);
  if (!row) throw new AppError("not_found", CONNECTION_NOT_FOUND);
  return row;
}

/** Marks what the tracker said of the connection's token: connected again, or failing in its words. */
export async function recordTrackerState(db: DbOrTx, connectionId: string, error: TrackerError | null): Promise<void> {
  await db
    .update(trackerConnections)
    .set(error ? { state: "failing", stateMessage: error.message } : { state: "connected", stateMessage: null, lastSyncAt: new Date() })
    // Every call that worked is the last sync; a removed connection stays as it was left.
    .where(and(eq(trackerConnections.id, connectionId), ne(trackerConnections.state, "revoked")));
}

/** **Test connection** (owners): asks the tracker again and records what it said. */
export async function testTrackerConnection(
  db: DbOrTx,
  { actor, connectionId }: { actor: ClientActor; connectionId: string },
): Promise<{ state: TrackerState; message: string | null }> {
  assertWriter(actor);
  const connection = await ownConnection(db, actor, connectionId);
  if (connection.state === "revoked") return { state: "revoked", message: connection.stateMessage };
  try {
    await trackerClientOf(connection).check();
    await recordTrackerState(db, connectionId, null);
    return { state: "connected", message: null };
  } catch (error) {
    if (!(error instanceof TrackerError)) throw error;
    await recordTrackerState(db, connectionId, error);
    return { state: "failing", message: error.message };
  }
}

/** Removes a connection (owners): its tickets stay in the tracker; the findings forget them. */
export async function removeTrackerConnection(
  db: DbOrTx,
  { actor, connectionId }: { actor: ClientActor; connectionId: string },
): Promise<void> {
  assertWriter(actor);
  await db.transaction(async (tx) => {
    const connection = await ownConnection(tx, actor, connectionId);
    await tx.delete(trackerConnections).where(eq(trackerConnections.id, connectionId));
    await recordAudit(tx, {
      actor,
      action: "tracker.removed",
      entityType: "tracker_connection",
      entityId: connectionId,
      clientId: actor.clientId,
      before: { kind: connection.kind, target: connection.target },
    });
  });
}
