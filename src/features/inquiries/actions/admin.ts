"use server";
// Server actions of the inquiries inbox; each one checks the admin session itself (adminAction).
// Opening an inquiry marks it read through the dashboard's markInquiryReadAction.
import { inquiryArchiveSchema } from "@/features/inquiries/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/account/server";
import { setInquiryArchived } from "@/features/inquiries/server";

/** Archive or Unarchive (audited). */
export const setInquiryArchivedAction = adminAction(inquiryArchiveSchema, async (actor, { inquiryId, archived }) =>
  setInquiryArchived(getDb(), { actor, inquiryId, archived }),
);
