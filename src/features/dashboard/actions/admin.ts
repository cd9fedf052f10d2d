"use server";
// Server actions of the dashboard; each one checks the admin session itself (adminAction).
import { bookingIdSchema } from "@/features/bookings/validation";
import { inquiryIdSchema } from "@/features/inquiries/validation";
import { mailIdSchema } from "@/features/operations/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/account/server";
import { approveBooking, markInquiryRead } from "@/features/dashboard/server";
import { retryFailedMail } from "@/features/operations/server";

export const approveBookingAction = adminAction(bookingIdSchema, async (actor, { bookingId }) =>
  approveBooking(getDb(), { actor, bookingId }),
);

export const markInquiryReadAction = adminAction(inquiryIdSchema, async (actor, { inquiryId }) => {
  const { readAt } = await markInquiryRead(getDb(), { actor, inquiryId });
  return { readAt: new Date(readAt).toISOString() };
});

export const retryFailedMailAction = adminAction(mailIdSchema, async (actor, { mailId }) => retryFailedMail(getDb(), { actor, mailId }));
