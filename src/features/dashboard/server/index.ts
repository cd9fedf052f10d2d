import "server-only";
// The dashboard module's public face: everything outside src/features/dashboard/server imports from here (README.md).

export { getAdminNavCounts, getDashboardStats, listRecentAudit } from "./admin-dashboard";
