"use server";
// Server actions of the dashboard; each one checks the admin session itself (adminAction).
import { bookingIdSchema, inquiryIdSchema, mailIdSchema } from "@/lib/validation/admin";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/server/modules/account";
import { approveBooking, markInquiryRead } from "@/server/modules/dashboard";
import { retryFailedMail } from "@/server/modules/operations";

export const approveBookingAction = adminAction(bookingIdSchema, async (actor, { bookingId }) =>
  approveBooking(getDb(), { actor, bookingId }),
);

export const markInquiryReadAction = adminAction(inquiryIdSchema, async (actor, { inquiryId }) => {
  const { readAt } = await markInquiryRead(getDb(), { actor, inquiryId });
  return { readAt: new Date(readAt).toISOString() };
});

export const retryFailedMailAction = adminAction(mailIdSchema, async (actor, { mailId }) => retryFailedMail(getDb(), { actor, mailId }));
