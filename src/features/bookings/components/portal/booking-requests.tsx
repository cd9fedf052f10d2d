import { StatusBadge } from "@/components/ui/status-badge";
import { BOOKING_STATUS_LABELS, BOOKING_STATUS_TONES } from "@/lib/domain/booking-status";
import { URGENCY_LABELS } from "@/lib/domain/urgency";
import { formatDate } from "@/lib/format";
import type { PortalBooking } from "@/features/bookings/server";

/** The client's latest booking requests and where each stands. */
export function BookingRequests({ bookings }: { bookings: PortalBooking[] }) {
  if (bookings.length === 0) return null;
  return (
    <div>
      <h3 className="mb-3 font-semibold">Your Booking Requests</h3>
      <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800">
        {bookings.map((booking) => (
          <li key={booking.id} data-booking={booking.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{booking.serviceType}</p>
              <p className="truncate text-muted" title={booking.projectDescription}>
                {booking.projectDescription}
              </p>
              <p className="text-xs text-muted">
                Preferred start {formatDate(booking.preferredStartDate)} · {URGENCY_LABELS[booking.urgency]} · Requested{" "}
                {formatDate(booking.createdAt)}
              </p>
              {booking.status === "declined" && booking.declineReason ? (
                <p className="mt-1 whitespace-pre-wrap text-sm">
                  <span className="font-medium text-muted">Reason: </span>
                  {booking.declineReason}
                </p>
              ) : null}
            </div>
            <StatusBadge value={booking.status} label={BOOKING_STATUS_LABELS[booking.status]} tone={BOOKING_STATUS_TONES[booking.status]} />
          </li>
        ))}
      </ul>
    </div>
  );
}
