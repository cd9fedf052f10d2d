// The back office (docs/PRODUCT.md#admin-bookings, #admin-inquiries, #admin-view-as-client,
// #admin-audit-log): booking decisions the client sees, inquiries becoming clients, the read-only
// view of a client's portal refused on every client write, and the audit log's filters.
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { decideBookingAction } from "@/features/bookings/actions/admin";
import { createClientAction } from "@/features/clients/actions/admin";
import { setInquiryArchivedAction } from "@/features/inquiries/actions/admin";
import { GET as getClientDocument } from "@/app/api/client/documents/[id]/route";
import { loadMoreInvoices } from "@/features/invoices/actions/portal";
import { requestServiceBooking } from "@/features/bookings/actions/portal";
import { saveAccountSettings } from "@/features/clients/actions/portal";
import { READ_ONLY_VIEW_MESSAGE } from "@/server/core/actor";
import { auditLog } from "@/features/audit/server/schema";
import { serviceBookings } from "@/features/bookings/server/schema";
import { clients } from "@/features/clients/server/schema";
import { session } from "@/features/identity/server/schema";
import { contactInquiries } from "@/features/inquiries/server/schema";
import { DEMO_BOOKINGS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { startViewAsClient } from "@/features/identity/server/view-as/admin-view-as";
import { requireClientOrViewer } from "@/features/identity/server/sessions/session";
import { issueViewAsCookie, VIEW_AS_COOKIE } from "@/features/identity/server/view-as/view-as";
import { listAuditLog } from "@/features/audit/server";
import { listAdminBookings, listRecentBookings } from "@/features/bookings/server";
import { countUnreadInquiries, listAdminInquiries } from "@/features/inquiries/server";
import { companyNameSql } from "@/features/clients/server";
import { authHeaders } from "./helpers/auth";
import { adminActor, adminCookie, clientActor } from "./helpers/admin-session";
import { setupTestDatabase } from "./helpers/db";
import { requestHeaders } from "./helpers/next-headers-mock";
import { TENANTS } from "./helpers/tenants";

vi.mock("next/headers", async () => (await import("./helpers/next-headers-mock")).nextHeadersMock);
const t = setupTestDatabase({ seedDemo: true });

describe("bookings", () => {
  it("declines with a reason the client's portal shows, audited; a completed booking cannot be declined", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const pending = DEMO_BOOKINGS.find((b) => b.status === "pending")!;
    expect(await decideBookingAction({ bookingId: pending.id, decision: "decline", reason: "" })).toMatchObject({
      success: false,
      fieldErrors: { reason: "Please give the client a reason" },
    });
    expect(await decideBookingAction({ bookingId: pending.id, decision: "decline", reason: "Fully booked in March." })).toEqual({
      success: true,
      data: { status: "declined", declineReason: "Fully booked in March." },
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, pending.id), eq(auditLog.action, "booking.decline")));
    expect(entry).toMatchObject({
      actorUserId: DEMO_USERS.admin.id,
      before: { status: "pending" },
      after: { status: "declined", declineReason: "Fully booked in March." },
    });
    const [booking] = await t.db
      .select({ clientId: serviceBookings.clientId })
      .from(serviceBookings)
      .where(eq(serviceBookings.id, pending.id));
    const owner = booking!.clientId === TENANTS.acme.clientId ? "client@example.com" : "client2@example.com";
    const portal = await listRecentBookings(t.db, { actor: await clientActor(owner) });
    expect(portal.find((b) => b.id === pending.id)).toMatchObject({ status: "declined", declineReason: "Fully booked in March." });
    expect(await decideBookingAction({ bookingId: pending.id, decision: "complete" })).toMatchObject({
      success: false,
      error: "A declined booking cannot be marked completed.",
    });
  });

  it("filters by status and service and sorts by urgency", async () => {
    const actor = await adminActor();
    const declined = await listAdminBookings(t.db, { actor, status: "declined" });
    expect(declined.rows.length).toBeGreaterThan(0);
    expect(declined.rows.every((b) => b.status === "declined")).toBe(true);
    const other = await listAdminBookings(t.db, { actor, service: "Other" });
    expect(other.rows.every((b) => b.serviceType === "Other")).toBe(true);
    const byUrgency = await listAdminBookings(t.db, { actor, sort: "urgency" });
    const ranks = byUrgency.rows.map((b) => ["high", "medium", "low"].indexOf(b.urgency));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});

describe("inquiries", () => {
  it("archives, searches, and becomes a client linked to the inquiry", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const actor = await adminActor();
    const [inquiry] = await t.db
      .insert(contactInquiries)
      .values({
        name: "Ina Quiry",
        email: "ina@prospect.test",
        company: "Prospect Labs",
        serviceInterest: "Other",
        message: "<b>not html</b> zebra-word",
      })
      .returning({ id: contactInquiries.id });
    const unread = await countUnreadInquiries(t.db, { actor });
    expect((await listAdminInquiries(t.db, { actor, companyName: companyNameSql, q: "zebra-word" })).rows.map((r) => r.id)).toEqual([
      inquiry!.id,
    ]);
    expect(await setInquiryArchivedAction({ inquiryId: inquiry!.id, archived: true })).toMatchObject({ success: true });
    expect(await countUnreadInquiries(t.db, { actor })).toBe(unread - 1);
    expect((await listAdminInquiries(t.db, { actor, companyName: companyNameSql, status: "archived" })).rows.map((r) => r.id)).toContain(
      inquiry!.id,
    );
    expect((await listAdminInquiries(t.db, { actor, companyName: companyNameSql, status: "all" })).rows.map((r) => r.id)).not.toContain(
      inquiry!.id,
    );
    expect(await setInquiryArchivedAction({ inquiryId: inquiry!.id, archived: false })).toMatchObject({
      success: true,
      data: { archivedAt: null },
    });

    const created = await createClientAction({
      company: "Prospect Labs",
      contactPerson: "Ina Quiry",
      email: "ina@prospect.test",
      inquiryId: inquiry!.id,
    });
    expect(created.success).toBe(true);
    const clientId = created.success ? created.data.clientId : "";
    const [linked] = await t.db
      .select({ clientId: contactInquiries.clientId, readAt: contactInquiries.readAt })
      .from(contactInquiries)
      .where(eq(contactInquiries.id, inquiry!.id));
    expect(linked!.clientId).toBe(clientId);
    expect(linked!.readAt).not.toBeNull();
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, inquiry!.id))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["inquiry.archive", "inquiry.unarchive", "inquiry.link_client"]));
    // A second client from the same inquiry is refused as a whole: no client is made.
    expect(
      await createClientAction({ company: "Again", contactPerson: "Ina", email: "ina2@prospect.test", inquiryId: inquiry!.id }),
    ).toMatchObject({ success: false, error: "This inquiry is already linked to a client." });
    expect(await t.db.select().from(clients).where(eq(clients.company, "Again"))).toEqual([]);
  });
});

describe("view as client (read only)", () => {
  it("reads the client's data, refuses every client write, creates no client session, audits start and end", async () => {
    const admin = await adminActor();
    const cookie = await adminCookie();
    const sessionsBefore = (await t.db.select({ id: session.id }).from(session).where(eq(session.userId, DEMO_USERS.acme.id))).length;
    const { cookie: view } = await startViewAsClient(t.db, { actor: admin, clientId: TENANTS.acme.clientId });
    const viewing = authHeaders(`${cookie}; ${VIEW_AS_COOKIE}=${view.value}`);
    requestHeaders.current = viewing;

    const actor = await requireClientOrViewer(viewing);
    expect(actor).toMatchObject({
      role: "client",
      clientId: TENANTS.acme.clientId,
      company: TENANTS.acme.company,
      viewer: { adminUserId: DEMO_USERS.admin.id },
    });
    expect((await loadMoreInvoices({ offset: 0 })).success).toBe(true);
    const download = await getClientDocument(
      new Request(`http://localhost:3000/api/client/documents/${TENANTS.acme.documentId}`, { headers: viewing }),
      { params: Promise.resolve({ id: TENANTS.acme.documentId }) },
    );
    expect(download.status).toBe(200);

    const refused = { success: false, error: READ_ONLY_VIEW_MESSAGE, code: "forbidden" };
    expect(await saveAccountSettings(TENANTS.acme.settings)).toEqual(refused);
    expect(
      await requestServiceBooking({
        serviceType: "Other",
        preferredStartDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        projectDescription: "x",
        urgency: "low",
      }),
    ).toEqual(refused);
    // The account cards on that portal's Settings are not the admin's own account either.
    const { listPasskeysAction, listSessionsAction } = await import("@/features/identity/actions/account");
    expect(await listSessionsAction({})).toEqual(refused);
    expect(await listPasskeysAction({})).toEqual(refused);
    // The last line: a write reaching recordAudit with the viewer's actor never lands.
    await expect(
      import("@/features/audit/server/audit").then(({ recordAudit }) => recordAudit(t.db, { actor, action: "x", entityType: "x" })),
    ).rejects.toThrow(READ_ONLY_VIEW_MESSAGE);

    // Another admin's cookie or an expired one grants nothing.
    const expired = issueViewAsCookie(DEMO_USERS.admin.id, TENANTS.acme.clientId, new Date(Date.now() - 3_600_000));
    await expect(requireClientOrViewer(authHeaders(`${cookie}; ${VIEW_AS_COOKIE}=${expired.value}`))).rejects.toThrow(
      "Access denied. Please use the admin portal.",
    );
    const forged = issueViewAsCookie("someone-else", TENANTS.acme.clientId);
    await expect(requireClientOrViewer(authHeaders(`${cookie}; ${VIEW_AS_COOKIE}=${forged.value}`))).rejects.toThrow(
      "Access denied. Please use the admin portal.",
    );

    const { endViewAsClientAction } = await import("@/features/identity/actions/view-as");
    expect(await endViewAsClientAction({})).toEqual({ success: true, data: { ended: true } });
    const sessionsAfter = (await t.db.select({ id: session.id }).from(session).where(eq(session.userId, DEMO_USERS.acme.id))).length;
    expect(sessionsAfter).toBe(sessionsBefore);
    const audited = await listAuditLog(t.db, { actor: admin, who: DEMO_USERS.admin.id, action: "client.view_as.start" });
    expect(audited.rows[0]).toMatchObject({ entityId: TENANTS.acme.clientId, actorEmail: "admin@example.com" });
    expect((await listAuditLog(t.db, { actor: admin, action: "client.view_as.end" })).total).toBe(1);
  });
});

describe("audit log", () => {
  it("filters by date range and by system entries", async () => {
    const actor = await adminActor();
    const all = await listAuditLog(t.db, { actor });
    expect(all.total).toBeGreaterThan(0);
    expect((await listAuditLog(t.db, { actor, from: "2000-01-01", to: "2000-01-02" })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    // The demo seeds a project's earlier status changes on their own dates; everything else is today's.
    expect(all.rows).toHaveLength(all.total);
    const earlier = all.rows.filter((row) => new Date(row.createdAt).toISOString().slice(0, 10) !== today);
    expect(earlier.length).toBeGreaterThan(0);
    expect((await listAuditLog(t.db, { actor, from: today, to: today })).total).toBe(all.total - earlier.length);
    const [first] = earlier;
    const day = new Date(first!.createdAt).toISOString().slice(0, 10);
    expect((await listAuditLog(t.db, { actor, from: day, to: day })).rows.map((row) => row.id)).toContain(first!.id);
    expect((await listAuditLog(t.db, { actor, who: "system" })).rows.every((r) => r.actorUserId === null)).toBe(true);
  });
});
