import "server-only";
import { eq } from "drizzle-orm";
import type { BookingStatus } from "@/lib/domain/booking-status";
import { URGENCY_LABELS, type Urgency } from "@/lib/domain/urgency";
import { formatDate } from "@/lib/format";
import type { DbOrTx } from "@/server/core/db/client";
import { serviceBookings } from "./schema";
import { appLink, notifyAdmins, notifyClient } from "@/features/notifications/server";
import { findCompany } from "@/features/clients/server";

// Booking mails (docs/PRODUCT.md#notifications). A booking reaches each status at most once in
// its workflow, so "booking, status" names the event.

type BookingFacts = {
  id: string;
  clientId: string;
  serviceType: string;
  preferredStartDate: string;
  urgency: Urgency;
  /** The name of the person who asked. */
  requestedBy: string;
};

const bookingsLink = () => appLink("/client-portal?section=book-service");

/** A client's new booking request: a confirmation to the client, a notice to the admins. */
export async function notifyBookingReceived(db: DbOrTx, booking: BookingFacts): Promise<void> {
  const facts: [string, string][] = [
    ["Service", booking.serviceType],
    ["Preferred start", formatDate(booking.preferredStartDate)],
    ["Urgency", URGENCY_LABELS[booking.urgency]],
    ["Requested by", booking.requestedBy],
  ];
  await notifyClient(db, booking.clientId, {
    key: `booking:${booking.id}:received`,
    category: "bookings",
    kind: "notify_booking_received",
    content: (company) => ({
      subject: `We received your booking request: ${booking.serviceType}`,
      greetingName: company,
      paragraphs: [
        `Thank you. Your request for ${booking.serviceType} is with our team, who will review it and answer within one business day.`,
      ],
      facts,
      action: { label: "View your bookings", url: bookingsLink() },
    }),
  });
  const client = await findCompany(db, booking.clientId);
  await notifyAdmins(db, {
    key: `booking:${booking.id}:admin-new`,
    category: "admin_bookings",
    kind: "notify_admin_booking",
    content: {
      subject: `New booking request from ${client?.company ?? "a client"}: ${booking.serviceType}`,
      greetingName: "Admin",
      paragraphs: [
        `${booking.requestedBy} of ${client?.company ?? "a client"} requested a service booking. It waits for your review on the dashboard.`,
      ],
      facts,
      action: { label: "Review pending bookings", url: appLink("/admin/dashboard") },
    },
  });
}

const STATUS_MAILS: Partial<Record<BookingStatus, (service: string, reason: string | null) => { subject: string; paragraphs: string[] }>> =
  {
    approved: (service) => ({
      subject: `Your booking for ${service} is approved`,
      paragraphs: [`Good news: your booking request for ${service} is approved. We will be in touch to plan the work.`],
    }),
    declined: (service, reason) => ({
      subject: `Your booking for ${service} was declined`,
      paragraphs: [
        `We are sorry: we cannot take on your booking request for ${service} as requested.`,
        reason ? `Reason: ${reason}` : "Reply to this mail or contact your account manager to talk about alternatives.",
      ],
    }),
    completed: (service) => ({
      subject: `Your booking for ${service} is completed`,
      paragraphs: [`The work booked for ${service} is completed. Thank you for working with us.`],
    }),
  };

/**
 * Called by the admin bookings workflow inside its status-update transaction: mails the client
 * for approved, declined (with the reason) and completed; other statuses mail nobody.
 */
export async function onBookingStatusChanged(
  tx: DbOrTx,
  event: { bookingId: string; clientId: string; status: BookingStatus; reason: string | null },
): Promise<void> {
  const mail = STATUS_MAILS[event.status];
  if (!mail) return;
  const [booking] = await tx
    .select({ serviceType: serviceBookings.serviceType, preferredStartDate: serviceBookings.preferredStartDate })
    .from(serviceBookings)
    .where(eq(serviceBookings.id, event.bookingId));
  if (!booking) return;
  const { subject, paragraphs } = mail(booking.serviceType, event.reason);
  await notifyClient(tx, event.clientId, {
    key: `booking:${event.bookingId}:${event.status}`,
    category: "bookings",
    kind: `notify_booking_${event.status}`,
    content: (company) => ({
      subject,
      greetingName: company,
      paragraphs,
      facts: [
        ["Service", booking.serviceType],
        ["Preferred start", formatDate(booking.preferredStartDate)],
      ],
      action: { label: "View your bookings", url: bookingsLink() },
    }),
  });
}
