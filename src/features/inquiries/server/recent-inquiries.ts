import "server-only";
import { desc, eq } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { contactInquiries } from "./schema";
import { recordAudit } from "@/features/audit/server";
import { inquiryMessageColumns, lockInquiry, unreadInquiriesCount } from "./admin-inquiries";

// The dashboard's inquiries card (docs/PRODUCT.md#admin-dashboard) and opening an inquiry anywhere: the newest, and marking one read.

/** The newest contact inquiries (what visitors sent) and how many are unread. */
export async function listRecentInquiries(db: DbOrTx, { actor, limit = 5 }: { actor: AdminActor; limit?: number }) {
  assertAdmin(actor);
  const rows = await db
    .select({
      ...inquiryMessageColumns,
      readAt: contactInquiries.readAt,
      createdAt: contactInquiries.createdAt,
      unread: unreadInquiriesCount,
    })
    .from(contactInquiries)
    .orderBy(desc(contactInquiries.createdAt), desc(contactInquiries.id))
    .limit(limit);
  return { inquiries: rows.map(({ unread: _u, ...r }) => r), unread: rows[0]?.unread ?? 0 };
}

/** Marks an inquiry read (first read wins; reading it again changes nothing). */
export async function markInquiryRead(db: Db, { actor, inquiryId }: { actor: AdminActor; inquiryId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const before = await lockInquiry(tx, inquiryId);
    if (before.readAt) return { readAt: before.readAt };
    const readAt = new Date();
    await tx.update(contactInquiries).set({ readAt }).where(eq(contactInquiries.id, inquiryId));
    await recordAudit(tx, {
      actor,
      action: "inquiry.read",
      entityType: "contact_inquiry",
      entityId: inquiryId,
      before: { readAt: null },
      after: { readAt },
    });
    return { readAt };
  });
}
