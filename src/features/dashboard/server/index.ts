import "server-only";
// The dashboard module's public face: everything outside src/features/dashboard/server imports from here (README.md).

export {
  approveBooking,
  getAdminNavCounts,
  getDashboardStats,
  listPendingBookings,
  listRecentAudit,
  listRecentInquiries,
  markInquiryRead,
  type PendingBooking,
} from "./admin-dashboard";
