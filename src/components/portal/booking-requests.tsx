import { formatDate } from "@/lib/format";
import { URGENCY_OPTIONS } from "@/lib/validation/portal";
import type { PortalBooking } from "@/server/data/portal-bookings";
import { StatusBadge } from "./status-badge";

const urgencyLabel = (value: string) => URGENCY_OPTIONS.find((option) => option.value === value)?.label ?? value;

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
                Preferred start {formatDate(booking.preferredStartDate)} · {urgencyLabel(booking.urgency)} · Requested {formatDate(booking.createdAt)}
              </p>
            </div>
            <StatusBadge status={booking.status} />
          </li>
        ))}
      </ul>
    </div>
  );
}
