"use server";
// Server actions of the inquiries inbox; each one checks the admin session itself (adminAction).
// Opening an inquiry marks it read through the dashboard's markInquiryReadAction.
import { inquiryArchiveSchema } from "@/lib/validation/admin";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/server/modules/account";
import { setInquiryArchived } from "@/server/modules/inquiries";

/** Archive or Unarchive (audited). */
export const setInquiryArchivedAction = adminAction(inquiryArchiveSchema, async (actor, { inquiryId, archived }) =>
  setInquiryArchived(getDb(), { actor, inquiryId, archived }),
);
