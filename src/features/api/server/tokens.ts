import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ApiScope } from "@/lib/domain/api-scope";
import {
  type AdminActor,
  assertAdmin,
  assertClient,
  assertClientOwner,
  type ClientActor,
  READ_ONLY_VIEW_MESSAGE,
} from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { apiTokens } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { appLink, notifyClientOwners } from "@/features/notifications/server";
import { newTokenSecret } from "./token-secret";

/** At most this many tokens live at once per company: revoke one to make another. */
export const MAX_LIVE_TOKENS = 20;
export const API_TOKEN_NOT_FOUND = "API token not found";

export type ApiTokenState = "active" | "expired" | "revoked";
export type ApiTokenRow = {
  id: string;
  name: string;
  hint: string;
  scopes: ApiScope[];
  expiresAt: string | null;
  createdByName: string;
  createdAt: string;
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
  revokedAt: string | null;
  revokedByName: string | null;
  state: ApiTokenState;
};

const live = sql`${apiTokens.revokedAt} is null and (${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())`;

function assertWriter(actor: ClientActor) {
  assertClient(actor);
  if (actor.viewer) throw new AppError("forbidden", READ_ONLY_VIEW_MESSAGE);
  assertClientOwner(actor);
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A new token for the actor's company (docs/PRODUCT.md#api-and-webhooks): owners only, after the
 * fresh second factor the action asked for. The secret is returned this once; only its hash stays.
 */
export async function createApiToken(
  db: DbOrTx,
  { actor, name, scopes, lifetimeDays }: { actor: ClientActor; name: string; scopes: ApiScope[]; lifetimeDays: number | null },
): Promise<{ id: string; secret: string; expiresAt: string | null }> {
  assertWriter(actor);
  return db.transaction(async (tx) => {
    // One company's token creations take turns, so two at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api_tokens:${actor.clientId}`}))`);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiTokens)
      .where(and(eq(apiTokens.clientId, actor.clientId), live));
    if ((counted?.n ?? 0) >= MAX_LIVE_TOKENS)
      throw new AppError("conflict", `Your company has ${MAX_LIVE_TOKENS} live API tokens. Revoke one before making another.`);
    const { secret, hash, hint } = newTokenSecret();
    const expiresAt = lifetimeDays === null ? null : new Date(Date.now() + lifetimeDays * 86_400_000);
    const [row] = await tx
      .insert(apiTokens)
      .values({
        clientId: actor.clientId,
        name,
        secretHash: hash,
        hint,
        scopes,
        expiresAt,
        createdByUserId: actor.userId,
        createdByName: actor.name || actor.email,
      })
      .returning({ id: apiTokens.id });
    await recordAudit(tx, {
      actor,
      action: "api_token.created",
      entityType: "api_token",
      entityId: row!.id,
      clientId: actor.clientId,
      after: { name, scopes, expiresAt: iso(expiresAt), hint },
    });
    return { id: row!.id, secret, expiresAt: iso(expiresAt) };
  });
}

/** The company's tokens, newest first, with their last use: owners only (a viewing admin sees as one). */
export async function listApiTokens(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<ApiTokenRow[]> {
  assertClient(actor);
  assertClientOwner(actor);
  return listTokensOf(db, actor.clientId);
}

async function listTokensOf(db: DbOrTx, clientId: string): Promise<ApiTokenRow[]> {
  const rows = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      hint: apiTokens.hint,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      createdByName: apiTokens.createdByName,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      lastUsedAddress: apiTokens.lastUsedAddress,
      revokedAt: apiTokens.revokedAt,
      revokedByName: apiTokens.revokedByName,
    })
    .from(apiTokens)
    .where(eq(apiTokens.clientId, clientId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(200);
  const now = Date.now();
  return rows.map((row) => ({
    ...row,
    scopes: row.scopes as ApiScope[],
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
    state: row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt.getTime() <= now ? "expired" : "active",
  }));
}

/** Revokes a token of the actor's company at once (owners only); revoking a revoked one changes nothing. */
export async function revokeApiToken(db: DbOrTx, { actor, tokenId }: { actor: ClientActor; tokenId: string }): Promise<void> {
  assertWriter(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date(), revokedByName: actor.name || actor.email })
      .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.clientId, actor.clientId), isNull(apiTokens.revokedAt)))
      .returning({ name: apiTokens.name, hint: apiTokens.hint });
    if (!row) {
      const [exists] = await tx
        .select({ id: apiTokens.id })
        .from(apiTokens)
        .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.clientId, actor.clientId)));
      if (!exists) throw new AppError("not_found", API_TOKEN_NOT_FOUND);
      return;
    }
    await recordAudit(tx, {
      actor,
      action: "api_token.revoked",
      entityType: "api_token",
      entityId: tokenId,
      clientId: actor.clientId,
      after: row,
    });
  });
}

/** The company's tokens for the firm's client page: names, scopes, last use; never a secret. */
export async function listClientTokensForAdmin(
  db: DbOrTx,
  { actor, clientId }: { actor: AdminActor; clientId: string },
): Promise<ApiTokenRow[]> {
  assertAdmin(actor);
  return listTokensOf(db, clientId);
}

/**
 * The firm revokes a company's token in an emergency (a leaked secret): audited with the company,
 * and its owners are mailed who revoked it and why it stops working.
 */
export async function revokeApiTokenAsFirm(db: DbOrTx, { actor, tokenId }: { actor: AdminActor; tokenId: string }): Promise<void> {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date(), revokedByName: `${actor.name || actor.email} (the firm)` })
      .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
      .returning({ clientId: apiTokens.clientId, name: apiTokens.name, hint: apiTokens.hint });
    if (!row) {
      const [exists] = await tx.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.id, tokenId));
      if (!exists) throw new AppError("not_found", API_TOKEN_NOT_FOUND);
      return;
    }
    await recordAudit(tx, {
      actor,
      action: "api_token.revoked",
      entityType: "api_token",
      entityId: tokenId,
      clientId: row.clientId,
      after: row,
    });
    await notifyClientOwners(tx, row.clientId, {
      key: `api-token-revoked-by-firm:${tokenId}`,
      category: "integrations",
      kind: "notify_api_token_revoked",
      content: (company) => ({
        subject: "An API token was revoked by our team",
        greetingName: company,
        paragraphs: [
          `${actor.name || actor.email} of our team revoked your company's API token "${row.name}" (${row.hint}). Anything using it now gets 401.`,
          "If you did not expect this, reply to this mail. An owner can make a new token in Settings.",
        ],
        action: { label: "Open Settings", url: appLink("/client-portal?section=settings&tab=api") },
      }),
    });
  });
}
