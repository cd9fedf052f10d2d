"use server";
// Server actions of the inquiries inbox; each one checks the admin session itself (adminAction).
import { inquiryArchiveSchema, inquiryIdSchema } from "@/features/inquiries/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { markInquiryRead, setInquiryArchived } from "@/features/inquiries/server";

/** Archive or Unarchive (audited). */
export const setInquiryArchivedAction = adminAction(inquiryArchiveSchema, async (actor, { inquiryId, archived }) =>
  setInquiryArchived(getDb(), { actor, inquiryId, archived }),
);

/** Opening an inquiry (the inbox or the dashboard's card) marks it read; the first read wins. */
export const markInquiryReadAction = adminAction(inquiryIdSchema, async (actor, { inquiryId }) => {
  const { readAt } = await markInquiryRead(getDb(), { actor, inquiryId });
  return { readAt: new Date(readAt).toISOString() };
});
