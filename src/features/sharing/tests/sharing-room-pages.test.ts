// The share room a page at a time (docs/PRODUCT.md#sharing-with-third-parties): 20 shares a page,
// newest first, each share once however many pages are read (ties in time included); a share's
// whole activity read on from the latest 50 the room shows; another company's share is never read.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadMoreSharesAction, loadShareActivityAction } from "@/features/sharing/actions/room-pages";
import { listShareRoom } from "@/features/sharing/server";
import { SHARE_ACTIVITY_PAGE } from "@/features/sharing/server/room-activity";
import { SHARE_EVENTS_SHOWN, SHARE_ROOM_PAGE } from "@/features/sharing/server/room";
import { shareEvents, shareItems, shareRecipients, shares } from "@/features/sharing/server/schema";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";
import { demoClientActor } from "@tests/integration/helpers/portal";
import { seedTenantReports, TENANTS } from "@tests/integration/helpers/tenants";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const acme = TENANTS.acme;
const EVENTS = 130;
let busyShare = "";

beforeAll(async () => {
  await seedTenantReports(t.db);
  // 25 shares, the last five made at the same instant (a page may end inside a tie).
  const base = Date.parse("2026-10-01T00:00:00Z");
  const made = await t.db
    .insert(shares)
    .values(
      Array.from({ length: 25 }, (_, n) => ({
        clientId: acme.clientId,
        createdByName: `Pager ${n}`,
        mode: "view" as const,
        ndaKind: "none" as const,
        expiresAt: new Date(Date.now() + 86_400_000),
        createdAt: new Date(base + Math.min(n, 20) * 60_000),
      })),
    )
    .returning({ id: shares.id });
  busyShare = made[0]!.id;
  const [item] = await t.db
    .insert(shareItems)
    .values({ shareId: busyShare, kind: "report", itemId: acme.reportId, label: "Paged report", projectId: acme.projectId })
    .returning({ id: shareItems.id });
  const [recipient] = await t.db
    .insert(shareRecipients)
    .values({ shareId: busyShare, email: "pages@audit.example" })
    .returning({ id: shareRecipients.id });
  await t.db.insert(shareEvents).values(
    Array.from({ length: EVENTS }, (_, n) => ({
      recipientId: recipient!.id,
      shareItemId: item!.id,
      kind: "view" as const,
      page: n + 1,
      clientAddress: "203.0.113.9",
      userAgent: "Pager/1.0",
      createdAt: new Date(base + 3_600_000 + n * 1000),
    })),
  );
});

async function as<T>(email: string, run: () => Promise<T>): Promise<T> {
  requestHeaders.current = authHeaders(await sessionCookie(email));
  return run();
}

describe("the share room a page at a time", () => {
  it("shows 20 shares a page, newest first, and reads every older one exactly once", async () => {
    const owner = await demoClientActor(DEMO_USERS.acme.email);
    const first = await listShareRoom(t.db, { actor: owner });
    expect(first.shares).toHaveLength(SHARE_ROOM_PAGE);
    const seen = first.shares.map((share) => share.id);
    let after = first.next;
    while (after) {
      const page = await as(DEMO_USERS.acme.email, () => loadMoreSharesAction({ after: after! }));
      if (!page.success) throw new Error(page.error);
      seen.push(...page.data.shares.map((share) => share.id));
      after = page.data.next;
    }
    const all = await t.db.select({ id: shares.id, createdAt: shares.createdAt }).from(shares).where(eq(shares.clientId, acme.clientId));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(all.map((share) => share.id).sort());
    // Globex reading on from Acme's share gets its own shares only.
    const globex = await as(DEMO_USERS.globex.email, () => loadMoreSharesAction({ after: first.next! }));
    expect(globex).toMatchObject({ success: true });
    if (globex.success) for (const share of globex.data.shares) expect(seen).not.toContain(share.id);
  });

  it("shows a share's latest 50 events with the count of all, and reads the rest on", async () => {
    const owner = await demoClientActor(DEMO_USERS.acme.email);
    let room = await listShareRoom(t.db, { actor: owner });
    let busy = room.shares.find((share) => share.id === busyShare);
    while (!busy && room.next) {
      room = await listShareRoom(t.db, { actor: owner, after: room.next });
      busy = room.shares.find((share) => share.id === busyShare);
    }
    expect(busy!.eventCount).toBe(EVENTS);
    expect(busy!.events.map((e) => e.page)).toEqual(Array.from({ length: SHARE_EVENTS_SHOWN }, (_, n) => EVENTS - n));
    const rest = await as(DEMO_USERS.acme.email, () => loadShareActivityAction({ shareId: busyShare, offset: SHARE_EVENTS_SHOWN }));
    expect(rest).toMatchObject({ success: true, data: { more: false } });
    if (rest.success)
      expect(rest.data.events.map((e) => e.page)).toEqual(Array.from({ length: EVENTS - SHARE_EVENTS_SHOWN }, (_, n) => 80 - n));
    const firstPage = await as(DEMO_USERS.acme.email, () => loadShareActivityAction({ shareId: busyShare, offset: 0 }));
    expect(firstPage).toMatchObject({ success: true, data: { more: true } });
    if (firstPage.success) expect(firstPage.data.events).toHaveLength(SHARE_ACTIVITY_PAGE);
    // Another company's share reads as missing.
    expect(await as(DEMO_USERS.globex.email, () => loadShareActivityAction({ shareId: busyShare, offset: 0 }))).toMatchObject({
      success: false,
      error: "Share not found",
    });
  });
});
