import { Calendar } from "lucide-react";
import { formatDate } from "@/lib/format";
import type { PortalBooking } from "@/features/bookings/server";

/** Approved bookings from today on, soonest first: what the overview counts as upcoming meetings. */
export function UpcomingMeetings({ meetings }: { meetings: PortalBooking[] }) {
  return (
    <section aria-labelledby="upcoming-meetings-heading" className="mb-6 max-w-3xl">
      <h2 id="upcoming-meetings-heading" className="mb-3 text-lg font-semibold">
        Upcoming Meetings
      </h2>
      {meetings.length === 0 ? (
        <p className="text-sm text-muted">No upcoming meetings. Approved bookings appear here from their start date.</p>
      ) : (
        <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800">
          {meetings.map((m) => (
            <li key={m.id} data-meeting={m.id} className="flex items-start gap-3 p-3 text-sm">
              <Calendar className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
              <div className="min-w-0">
                <p className="font-medium">
                  {m.serviceType} · starts {formatDate(m.preferredStartDate)}
                </p>
                <p className="truncate text-muted" title={m.projectDescription}>
                  {m.projectDescription}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
