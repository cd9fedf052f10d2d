import { CalendarClock } from "lucide-react";
import type { Metadata } from "next";
import { BookingActions } from "@/features/bookings/components/admin/booking-actions";
import { FilterForm } from "@/components/admin/filter-form";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";
import { PageHeader } from "@/components/admin/page-header";
import { Pagination } from "@/components/admin/pagination";
import { StatusBadge } from "@/components/ui/status-badge";
import { BOOKING_STATUS_LABELS, BOOKING_STATUS_TONES, BOOKING_STATUSES } from "@/lib/domain/booking-status";
import { BOOKING_SERVICE_TYPES } from "@/lib/domain/services";
import { URGENCY_LEVEL_LABELS, URGENCY_TONES } from "@/lib/domain/urgency";
import { formatDate } from "@/lib/format";
import { bookingListQuerySchema } from "@/features/bookings/validation";
import { getDb } from "@/server/core/get-db";
import { openAdminListPage, type PageSearchParams } from "@/features/identity/server";
import { type AdminBookingRow, listAdminBookings } from "@/features/bookings/server";

export const metadata: Metadata = { title: "Bookings" };

const COLUMNS: Column<AdminBookingRow>[] = [
  {
    header: "Client",
    cell: (b) => (
      <>
        {b.company}
        {b.requestedBy ? <span className="block text-xs text-muted">Requested by {b.requestedBy}</span> : null}
      </>
    ),
  },
  {
    header: "Request",
    cell: (b) => (
      <div className="max-w-xs">
        <p className="font-medium">{b.serviceType}</p>
        <details className="text-xs text-muted">
          <summary className="cursor-pointer">Description{b.estimatedScope ? ` · scope ${b.estimatedScope}` : ""}</summary>
          <p className="mt-1 whitespace-pre-wrap text-foreground">{b.projectDescription}</p>
        </details>
        {b.status === "declined" && b.declineReason ? (
          <p className="mt-1 whitespace-pre-wrap text-xs text-muted">Reason: {b.declineReason}</p>
        ) : null}
      </div>
    ),
  },
  { header: "Start", priority: "low", cell: (b) => formatDate(b.preferredStartDate) },
  {
    header: "Urgency",
    cell: (b) => <StatusBadge value={b.urgency} label={URGENCY_LEVEL_LABELS[b.urgency]} tone={URGENCY_TONES[b.urgency]} />,
  },
  {
    header: "Status",
    cell: (b) => <StatusBadge value={b.status} label={BOOKING_STATUS_LABELS[b.status]} tone={BOOKING_STATUS_TONES[b.status]} />,
  },
  { header: "Requested", priority: "low", cell: (b) => formatDate(b.createdAt), className: "text-muted" },
  { header: "Actions", cell: (b) => <BookingActions bookingId={b.id} status={b.status} label={`${b.serviceType} for ${b.company}`} /> },
];

export default async function AdminBookingsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { actor, query } = await openAdminListPage(searchParams, bookingListQuerySchema);
  const { rows, total, page, pageSize } = await listAdminBookings(getDb(), { actor, ...query });
  const filtered = query.status !== "all" || query.service !== "all";

  return (
    <>
      <PageHeader title="Bookings" description="Every client's service booking requests: approve, decline with a reason, mark completed." />
      <FilterForm
        basePath="/admin/bookings"
        fields={[
          {
            kind: "select",
            name: "status",
            label: "Status",
            value: query.status,
            options: [
              { value: "all", label: "All statuses" },
              ...BOOKING_STATUSES.map((s) => ({ value: s, label: BOOKING_STATUS_LABELS[s] })),
            ],
          },
          {
            kind: "select",
            name: "service",
            label: "Service",
            value: query.service,
            options: [{ value: "all", label: "All services" }, ...BOOKING_SERVICE_TYPES.map((s) => ({ value: s, label: s }))],
          },
          {
            kind: "select",
            name: "sort",
            label: "Sort by",
            value: query.sort,
            options: [
              { value: "newest", label: "Newest request" },
              { value: "start", label: "Start date (soonest)" },
              { value: "urgency", label: "Urgency (highest)" },
            ],
          },
        ]}
      />
      <ListTable
        caption="Service bookings"
        columns={COLUMNS}
        rows={rows}
        minWidthClass="md:min-w-[760px]"
        filtered={filtered}
        empty={EMPTY}
      />
      <Pagination
        basePath="/admin/bookings"
        params={{
          status: query.status === "all" ? undefined : query.status,
          service: query.service === "all" ? undefined : query.service,
          sort: query.sort === "newest" ? undefined : query.sort,
        }}
        page={page}
        pageSize={pageSize}
        total={total}
        noun="bookings"
      />
    </>
  );
}

/** What the list says when it has no rows. */
const EMPTY: ListEmptyTexts = {
  icon: CalendarClock,
  whenFiltered: { title: "No bookings match these filters", hint: "Try another status or service" },
  whenNone: { title: "No bookings yet", hint: "Clients' requests from the portal appear here" },
};
