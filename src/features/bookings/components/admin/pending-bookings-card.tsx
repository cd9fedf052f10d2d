"use client";

import { CalendarClock } from "@/components/ui/sprite-icon";
import Link from "next/link";
import { useState } from "react";
import { approveBookingAction } from "@/features/bookings/actions/admin";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { LazyDialog } from "@/components/ui/lazy-dialog";
import { cn } from "@/lib/cn";
import { TONE_CLASSES } from "@/lib/domain/tone";
import { URGENCY_LABELS, URGENCY_LEVEL_LABELS, URGENCY_TONES } from "@/lib/domain/urgency";
import { formatDate } from "@/lib/format";
import type { PendingBooking } from "@/features/bookings/server";
import { DashboardCard } from "@/components/admin/dashboard-card";
import { useCardItems } from "@/components/admin/use-card-items";

/** A pending booking as the page hands it over (dates as ISO text). */
export type BookingView = Omit<PendingBooking, "createdAt"> & { createdAt: string };

const PREVIEW = 3;

/** Pending Service Bookings from the database: urgency as priority, Approve and View Details. */
export function PendingBookingsCard({ bookings: initial, total }: { bookings: BookingView[]; total: number }) {
  const { items: bookings, removed, running: busyId, message, run } = useCardItems(initial);
  const [details, setDetails] = useState<BookingView | null>(null);
  const remaining = total - removed;
  const visible = bookings.slice(0, PREVIEW);

  const approve = (booking: BookingView) =>
    run(
      booking,
      () => approveBookingAction({ bookingId: booking.id }),
      () => {
        setDetails(null);
        return `Approved the ${booking.serviceType} booking for ${booking.company}.`;
      },
    );

  return (
    <DashboardCard
      headingId="pending-bookings-heading"
      icon={CalendarClock}
      title="Pending Service Bookings"
      badge={
        remaining > 0 ? (
          <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-300">{remaining}</span>
        ) : null
      }
    >
      {message ? (
        <Alert tone={message.tone} className="mt-3">
          {message.text}
        </Alert>
      ) : null}
      {bookings.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No pending bookings</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {visible.map((booking) => (
            <li key={booking.id} className="rounded-lg border border-slate-800 bg-slate-900/60 p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium">{booking.serviceType}</p>
                  <p className="text-sm text-muted">
                    {booking.company}
                    {booking.requestedBy ? ` (${booking.requestedBy})` : ""} · starts {formatDate(booking.preferredStartDate)}
                  </p>
                </div>
                <span className={cn("rounded border px-2 py-0.5 text-xs font-bold", TONE_CLASSES[URGENCY_TONES[booking.urgency]])}>
                  {URGENCY_LEVEL_LABELS[booking.urgency]}
                  <span className="sr-only"> priority</span>
                </span>
              </div>
              <div className="mt-3 flex gap-2">
                <Button
                  size="sm"
                  onClick={() => approve(booking)}
                  disabled={busyId === booking.id}
                  aria-label={`${busyId === booking.id ? "Approving" : "Approve"} ${booking.serviceType} for ${booking.company}`}
                >
                  {busyId === booking.id ? "Approving..." : "Approve"}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setDetails(booking)}
                  aria-label={`View details of ${booking.serviceType} for ${booking.company}`}
                >
                  View Details
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {/* Shown whenever a booking is pending: it is the way to the whole list, however short. */}
      {bookings.length > 0 ? (
        <Link href="/admin/bookings?status=pending&sort=urgency" className={buttonClasses("ghost", "sm", "mt-3 w-full")}>
          View All {remaining} Bookings
        </Link>
      ) : null}
      {details ? (
        <LazyDialog
          open
          onOpenChange={(open) => (open ? null : setDetails(null))}
          title="Booking request"
          description={`${details.company}${details.requestedBy ? `, requested by ${details.requestedBy}` : ""} · submitted ${formatDate(details.createdAt)}`}
        >
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted">Service type</dt>
              <dd className="font-medium">{details.serviceType}</dd>
            </div>
            <div>
              <dt className="text-muted">Preferred start date</dt>
              <dd className="font-medium">{formatDate(details.preferredStartDate)}</dd>
            </div>
            <div>
              <dt className="text-muted">Urgency</dt>
              <dd className="font-medium">{URGENCY_LABELS[details.urgency]}</dd>
            </div>
            <div>
              <dt className="text-muted">Estimated scope</dt>
              <dd className="font-medium">{details.estimatedScope || "—"}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-muted">Project description</dt>
              <dd className="whitespace-pre-wrap">{details.projectDescription}</dd>
            </div>
          </dl>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDetails(null)}>
              Close
            </Button>
            <Button onClick={() => approve(details)} disabled={busyId === details.id}>
              {busyId === details.id ? "Approving..." : "Approve"}
            </Button>
          </div>
        </LazyDialog>
      ) : null}
    </DashboardCard>
  );
}
