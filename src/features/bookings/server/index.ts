import "server-only";
// The bookings module's public face: everything outside src/features/bookings/server imports from here (README.md).

export { bookingRequestColumns, decideBooking, listAdminBookings, urgencyRank, type AdminBookingRow } from "./admin-bookings";
export {
  createServiceBooking,
  listRecentBookings,
  listUpcomingMeetings,
  type PortalBooking,
  upcomingMeetingsCountSql,
} from "./portal-bookings";
export { approveBooking, listPendingBookings, type PendingBooking } from "./pending-bookings";
