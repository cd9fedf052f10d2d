// Dashboard writes: approve a pending booking, read a contact inquiry; both audited.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { approveBookingAction } from "@/features/bookings/actions/admin";
import { markInquiryReadAction } from "@/features/inquiries/actions/admin";
import { auditLog } from "@/features/audit/server/schema";
import { serviceBookings } from "@/features/bookings/server/schema";
import { contactInquiries } from "@/features/inquiries/server/schema";
import { DEMO_BOOKINGS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { listPendingBookings } from "@/features/bookings/server";
import { listRecentAudit } from "@/features/dashboard/server";
import { listRecentInquiries } from "@/features/inquiries/server";
import { authHeaders } from "@tests/integration/helpers/auth";
import { adminActor, adminCookie } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
const t = setupTestDatabase({ seedDemo: true });

describe("approve a booking", () => {
  it("sets a pending booking to approved with the reviewer, once", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const pending = DEMO_BOOKINGS.find((b) => b.status === "pending")!;
    expect(await approveBookingAction({ bookingId: pending.id })).toEqual({ success: true, data: { status: "approved" } });
    const [row] = await t.db.select().from(serviceBookings).where(eq(serviceBookings.id, pending.id));
    expect(row).toMatchObject({ status: "approved", reviewedBy: DEMO_USERS.admin.id });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, pending.id));
    expect(entry).toMatchObject({ action: "booking.approve", before: { status: "pending" }, after: { status: "approved" } });
    expect(await approveBookingAction({ bookingId: pending.id })).toMatchObject({
      success: false,
      error: "This booking is already approved.",
    });
    expect(await approveBookingAction({ bookingId: "00000000-0000-4000-8000-000000000999" })).toMatchObject({
      success: false,
      error: "Booking not found",
    });
    expect((await listPendingBookings(t.db, { actor: await adminActor() })).total).toBe(0);
  });
});

describe("contact inquiries", () => {
  it("marks an inquiry read and keeps the first read time", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const actor = await adminActor();
    const { inquiries } = await listRecentInquiries(t.db, { actor });
    const id = inquiries[0]!.id;
    const first = await markInquiryReadAction({ inquiryId: id });
    expect(first.success).toBe(true);
    const again = await markInquiryReadAction({ inquiryId: id });
    expect(again).toEqual(first);
    const [row] = await t.db.select({ readAt: contactInquiries.readAt }).from(contactInquiries).where(eq(contactInquiries.id, id));
    expect(row!.readAt).not.toBeNull();
    expect((await listRecentInquiries(t.db, { actor })).unread).toBe(0);
    const audit = await listRecentAudit(t.db, { actor });
    expect(audit[0]).toMatchObject({ action: "inquiry.read", actorEmail: "admin@example.com" });
  });
});
