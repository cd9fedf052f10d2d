import "server-only";
import { and, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { ShareItemKind, ShareMode, ShareNdaKind } from "@/lib/domain/share";
import { type AdminActor, assertAdmin, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { findProject, projectFacts } from "@/features/projects/server";
import { assertMayShare, membersMayShare } from "./access";
import { listShareableItems, type ShareableItem } from "./item-kinds";
import { shareEvents, shareForbiddenProjects, shareItems, shareRecipients, shares } from "./schema";

// The owners' share room and the firm's view of it (docs/PRODUCT.md#sharing-with-third-parties).

export type ShareRoomRecipient = {
  id: string;
  email: string;
  name: string | null;
  revokedAt: string | null;
  ndaAcceptedAt: string | null;
  ndaName: string | null;
  ndaSha256: string | null;
  views: number;
  downloads: number;
  lastSeenAt: string | null;
};
export type ShareRoomEvent = { recipient: string; item: string; kind: "view" | "download"; page: number | null; at: string };
export type ShareRoomShare = {
  id: string;
  createdAt: string;
  createdBy: string;
  message: string | null;
  mode: ShareMode;
  ndaKind: ShareNdaKind;
  expiresAt: string;
  revokedAt: string | null;
  items: { id: string; kind: ShareItemKind; label: string }[];
  recipients: ShareRoomRecipient[];
  /** The latest SHARE_EVENTS_SHOWN events; `eventCount` says how many there are in all. */
  events: ShareRoomEvent[];
  eventCount: number;
};

/** Shares on a page of the room; the company API reads its newest 100 at once. */
export const SHARE_ROOM_PAGE = 20;
/** Events shown with each share; the rest load on demand (`listShareActivity`). */
export const SHARE_EVENTS_SHOWN = 50;

// Inside a subquery a bare column name would be the subquery's own row's: the recipient's id is named with its table.
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A page of the company's shares, newest first, each with its items, recipients and latest 50
 * events: all of them for an owner (and a viewing admin), a sharing member's own for that member.
 * `after`: the last share of the page before (its id: the keyset is read from the row itself, so
 * the timestamps' precision never matters); `next` names this page's last share when more follow.
 */
export async function listShareRoom(
  db: DbOrTx,
  { actor, after = null, limit = SHARE_ROOM_PAGE }: { actor: ClientActor; after?: string | null; limit?: number },
): Promise<{ shares: ShareRoomShare[]; membersMayShare: boolean; next: string | null }> {
  assertClient(actor);
  const owner = actor.personRole === "owner";
  if (!owner) await assertMayShare(db, actor);
  const page = await db
    .select({
      id: shares.id,
      createdAt: shares.createdAt,
      createdBy: shares.createdByName,
      message: shares.message,
      mode: shares.mode,
      ndaKind: shares.ndaKind,
      expiresAt: shares.expiresAt,
      revokedAt: shares.revokedAt,
      eventCount: sql<number>`(select count(*)::int from share_events e join share_items i on i.id = e.share_item_id where i.share_id = "shares"."id")`,
    })
    .from(shares)
    .where(
      and(
        eq(shares.clientId, actor.clientId),
        owner ? undefined : eq(shares.createdByUserId, actor.userId),
        after ? sql`(${shares.createdAt}, ${shares.id}) < (select s.created_at, s.id from shares s where s.id = ${after})` : undefined,
      ),
    )
    .orderBy(desc(shares.createdAt), desc(shares.id))
    .limit(limit + 1);
  const rows = page.slice(0, limit);
  const ids = rows.map((r) => r.id);
  const [items, recipients, events] = ids.length
    ? await Promise.all([
        db
          .select({ id: shareItems.id, shareId: shareItems.shareId, kind: shareItems.kind, label: shareItems.label })
          .from(shareItems)
          .where(inArray(shareItems.shareId, ids)),
        db
          .select({
            id: shareRecipients.id,
            shareId: shareRecipients.shareId,
            email: shareRecipients.email,
            name: shareRecipients.name,
            revokedAt: shareRecipients.revokedAt,
            ndaAcceptedAt: shareRecipients.ndaAcceptedAt,
            ndaName: shareRecipients.ndaName,
            ndaSha256: shareRecipients.ndaSha256,
            views: sql<number>`(select count(*)::int from share_events e where e.recipient_id = "share_recipients"."id" and e.kind = 'view')`,
            downloads: sql<number>`(select count(*)::int from share_events e where e.recipient_id = "share_recipients"."id" and e.kind = 'download')`,
            lastSeenAt:
              sql<Date | null>`(select max(e.created_at) from share_events e where e.recipient_id = "share_recipients"."id")`.mapWith(
                (v: string | Date | null) => (v ? new Date(v) : null),
              ),
          })
          .from(shareRecipients)
          .where(inArray(shareRecipients.shareId, ids))
          .orderBy(shareRecipients.email),
        db
          .select({
            shareId: shareItems.shareId,
            recipient: shareRecipients.email,
            item: shareItems.label,
            kind: shareEvents.kind,
            page: shareEvents.page,
            at: shareEvents.createdAt,
          })
          .from(shareEvents)
          .innerJoin(shareItems, eq(shareItems.id, shareEvents.shareItemId))
          .innerJoin(shareRecipients, eq(shareRecipients.id, shareEvents.recipientId))
          .where(inArray(shareItems.shareId, ids))
          .orderBy(desc(shareEvents.createdAt), desc(shareEvents.id))
          .limit(500),
      ])
    : [[], [], []];
  return {
    membersMayShare: owner ? await membersMayShare(db, actor.clientId) : true,
    next: page.length > limit ? rows[rows.length - 1]!.id : null,
    shares: rows.map((share) => ({
      ...share,
      createdAt: share.createdAt.toISOString(),
      expiresAt: share.expiresAt.toISOString(),
      revokedAt: iso(share.revokedAt),
      items: items.filter((i) => i.shareId === share.id).map(({ shareId: _, ...i }) => i),
      recipients: recipients
        .filter((r) => r.shareId === share.id)
        .map(({ shareId: _, ...r }) => ({
          ...r,
          revokedAt: iso(r.revokedAt),
          ndaAcceptedAt: iso(r.ndaAcceptedAt),
          lastSeenAt: iso(r.lastSeenAt),
        })),
      events: events
        .filter((e) => e.shareId === share.id)
        .slice(0, SHARE_EVENTS_SHOWN)
        .map(({ shareId: _, ...e }) => ({ ...e, at: e.at.toISOString() })),
    })),
  };
}

/** What the share form offers: the company's current items, its engagements closed to sharing left out. */
export async function listShareableForActor(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<ShareableItem[]> {
  assertClient(actor);
  const projects = projectFacts(db);
  const forbidden = await db
    .select({ projectId: shareForbiddenProjects.projectId })
    .from(shareForbiddenProjects)
    .innerJoin(projects, eq(projects.projectId, shareForbiddenProjects.projectId))
    .where(eq(projects.clientId, actor.clientId));
  const items = await listShareableItems(db, actor.clientId, new Set(forbidden.map((f) => f.projectId)));
  // The retest summaries are the findings' own, not offered to a member from whom they are withheld.
  return actor.findingsWithheld ? items.filter((item) => item.kind !== "retest_summary") : items;
}

export type FirmSharedDeliverable = { label: string; kind: ShareItemKind; shares: number; parties: number; lastSharedAt: string };

/**
 * The firm's view of a company's sharing (the client page): which deliverables were shared, in how
 * many shares and with how many parties (recipients' addresses are the owners' to see, never the
 * firm's), and the engagements closed to sharing.
 */
export async function listSharingForAdmin(db: DbOrTx, { actor, clientId }: { actor: AdminActor; clientId: string }) {
  assertAdmin(actor);
  const deliverables = await db
    .select({
      label: shareItems.label,
      kind: shareItems.kind,
      shares: sql<number>`count(distinct ${shares.id})::int`,
      parties: sql<number>`count(distinct ${shareRecipients.email})::int`,
      lastSharedAt: max(shares.createdAt),
    })
    .from(shareItems)
    .innerJoin(shares, eq(shares.id, shareItems.shareId))
    .leftJoin(shareRecipients, eq(shareRecipients.shareId, shares.id))
    .where(eq(shares.clientId, clientId))
    .groupBy(shareItems.label, shareItems.kind)
    .orderBy(desc(max(shares.createdAt)));
  const projects = projectFacts(db);
  const engagements = await db
    .select({
      id: projects.projectId,
      name: projects.projectName,
      forbidden: sql<boolean>`${shareForbiddenProjects.projectId} is not null`,
    })
    .from(projects)
    .leftJoin(shareForbiddenProjects, eq(shareForbiddenProjects.projectId, projects.projectId))
    .where(eq(projects.clientId, clientId))
    .orderBy(projects.projectName);
  return {
    deliverables: deliverables.map((d) => ({
      ...d,
      lastSharedAt: (d.lastSharedAt ?? new Date(0)).toISOString(),
    })) as FirmSharedDeliverable[],
    engagements,
  };
}

/** The firm forbids (or allows again) sharing an engagement's documents; shares already made stay until revoked. Audited. */
export async function setSharingForbidden(
  db: DbOrTx,
  { actor, projectId, forbidden }: { actor: AdminActor; projectId: string; forbidden: boolean },
) {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const project = await findProject(tx, projectId);
    if (!project) throw new AppError("not_found", "Engagement not found");
    if (forbidden) await tx.insert(shareForbiddenProjects).values({ projectId, forbiddenBy: actor.userId }).onConflictDoNothing();
    else await tx.delete(shareForbiddenProjects).where(eq(shareForbiddenProjects.projectId, projectId));
    await recordAudit(tx, {
      actor,
      action: forbidden ? "sharing.engagement_forbidden" : "sharing.engagement_allowed",
      entityType: "project",
      entityId: projectId,
      clientId: project.clientId,
    });
  });
}

/** How many of the company's shares are open now (the Overview's count, the API). */
export async function countOpenShares(db: DbOrTx, clientId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shares)
    .where(and(eq(shares.clientId, clientId), sql`${shares.revokedAt} is null and ${shares.expiresAt} > now()`));
  return row?.n ?? 0;
}
