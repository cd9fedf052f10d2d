import "server-only";
import { and, desc, eq, isNotNull, isNull, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "@/lib/validation/admin-fields";
import { type InquiryListQuery } from "@/features/inquiries/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { containsAny, matchingCount, type Paged, pageOffset, splitTotal } from "@/server/core/db/admin-sql";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { lockRowById } from "@/server/core/db/lock-row";
import { contactInquiries } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";

/** What a visitor sent through the contact form: the inbox, the dashboard card and the open inquiry show it. */
export type InquiryMessage = {
  id: string;
  name: string;
  email: string;
  company: string;
  serviceInterest: string;
  message: string;
};

export type AdminInquiryRow = InquiryMessage & {
  readAt: Date | null;
  archivedAt: Date | null;
  clientId: string | null;
  clientCompany: string | null;
  createdAt: Date;
};

/** The columns of an InquiryMessage. */
export const inquiryMessageColumns = {
  id: contactInquiries.id,
  name: contactInquiries.name,
  email: contactInquiries.email,
  company: contactInquiries.company,
  serviceInterest: contactInquiries.serviceInterest,
  message: contactInquiries.message,
};

/**
 * The company name of the client whose id `clientId` holds, as SQL the list embeds (the clients
 * module's `companyNameSql`): the clients slice reads this one, so the caller hands it in.
 */
export type CompanyNameSql = (clientId: SQLWrapper) => SQL<string | null>;

const columnsWith = (companyName: CompanyNameSql) => ({
  ...inquiryMessageColumns,
  readAt: contactInquiries.readAt,
  archivedAt: contactInquiries.archivedAt,
  clientId: contactInquiries.clientId,
  clientCompany: companyName(contactInquiries.clientId),
  createdAt: contactInquiries.createdAt,
});

const FILTERS: Record<InquiryListQuery["status"], ReturnType<typeof and>> = {
  // The inbox: everything not archived, read or not.
  all: isNull(contactInquiries.archivedAt),
  new: and(isNull(contactInquiries.readAt), isNull(contactInquiries.archivedAt)),
  read: and(isNotNull(contactInquiries.readAt), isNull(contactInquiries.archivedAt)),
  archived: isNotNull(contactInquiries.archivedAt),
};

/**
 * One page of contact inquiries, newest first, searched over name, company, e-mail and message;
 * the linked client's name through `companyName` (a sub-select in the same statement).
 */
export async function listAdminInquiries(
  db: DbOrTx,
  {
    actor,
    companyName,
    q = "",
    status = "all",
    page = 1,
    pageSize = ADMIN_PAGE_SIZE,
  }: { actor: AdminActor; companyName: CompanyNameSql } & Partial<InquiryListQuery> & { pageSize?: number },
): Promise<Paged<AdminInquiryRow>> {
  assertAdmin(actor);
  const matches = containsAny(q, [contactInquiries.name, contactInquiries.company, contactInquiries.email, contactInquiries.message]);
  const rows = await db
    .select({ ...columnsWith(companyName), total: matchingCount() })
    .from(contactInquiries)
    .where(and(FILTERS[status], matches))
    .orderBy(desc(contactInquiries.createdAt), desc(contactInquiries.id))
    .limit(pageSize)
    .offset(pageOffset(page, pageSize));
  return { ...splitTotal(rows), page, pageSize };
}

/** Unread inquiries not archived, as a scalar subquery: the sidebar's count, read with the frame's other figures. */
export const unreadInquiriesCount = sql<number>`(
  select count(*) from ${contactInquiries}
   where ${and(isNull(contactInquiries.readAt), isNull(contactInquiries.archivedAt))})`.mapWith(Number);

/** Unread inquiries not archived: the sidebar's count. */
export async function countUnreadInquiries(db: DbOrTx, { actor }: { actor: AdminActor }): Promise<number> {
  assertAdmin(actor);
  const [row] = await db.select({ n: unreadInquiriesCount }).from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

/** Locks one inquiry for the rest of the transaction and reads its read and archived marks and linked client; an unknown id is a 404. */
export async function lockInquiry(tx: DbOrTx, inquiryId: string) {
  return lockRowById(tx, contactInquiries, inquiryId, "Inquiry not found", {
    id: contactInquiries.id,
    readAt: contactInquiries.readAt,
    archivedAt: contactInquiries.archivedAt,
    clientId: contactInquiries.clientId,
  });
}

/** Archives or restores an inquiry (audited; archiving one already archived changes nothing). */
export async function setInquiryArchived(
  db: Db,
  { actor, inquiryId, archived }: { actor: AdminActor; inquiryId: string; archived: boolean },
) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const before = await lockInquiry(tx, inquiryId);
    if (Boolean(before.archivedAt) === archived) return { archivedAt: before.archivedAt?.toISOString() ?? null };
    const archivedAt = archived ? new Date() : null;
    await tx.update(contactInquiries).set({ archivedAt }).where(eq(contactInquiries.id, inquiryId));
    await recordAudit(tx, {
      actor,
      action: archived ? "inquiry.archive" : "inquiry.unarchive",
      entityType: "contact_inquiry",
      entityId: inquiryId,
      before: { archivedAt: before.archivedAt },
      after: { archivedAt },
    });
    return { archivedAt: archivedAt?.toISOString() ?? null };
  });
}

/**
 * Links an inquiry to the client just created from it, inside the creation's transaction. An
 * unknown inquiry refuses the whole creation (404), so no client is made from a stale link; one
 * already linked keeps its first client (409).
 */
export async function linkInquiryToClient(
  tx: DbOrTx,
  { actor, inquiryId, clientId }: { actor: AdminActor; inquiryId: string; clientId: string },
) {
  assertAdmin(actor);
  const before = await lockInquiry(tx, inquiryId);
  if (before.clientId) throw new AppError("conflict", "This inquiry is already linked to a client.");
  await tx
    .update(contactInquiries)
    .set({ clientId, readAt: before.readAt ?? new Date() })
    .where(eq(contactInquiries.id, inquiryId));
  await recordAudit(tx, {
    actor,
    action: "inquiry.link_client",
    entityType: "contact_inquiry",
    entityId: inquiryId,
    before: { clientId: null },
    after: { clientId },
  });
}
