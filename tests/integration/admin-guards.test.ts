// Every admin route handler and server action refuses anonymous callers (401) and clients (403).
import { describe, expect, it, vi } from "vitest";
import { POST as linkInvoices } from "@/app/api/admin/projects/link-invoices/route";
import { POST as uploadDocument } from "@/app/api/admin/documents/upload/route";
import { DELETE as deleteDocument, GET as viewDocument } from "@/app/api/admin/documents/[id]/route";
import { POST as updateRates } from "@/app/api/admin/update-client-rates/route";
import { createClientAction, listClientOptionsAction } from "@/app/admin/(area)/clients/actions";
import { approveBookingAction, markInquiryReadAction } from "@/app/admin/(area)/dashboard/actions";
import {
  createProjectAction,
  getProjectInvoicesAction,
  setProjectStatusAction,
  unlinkInvoiceAction,
  updateProjectAction,
} from "@/app/admin/(area)/projects/actions";
import { DEMO_BOOKINGS, DEMO_CLIENTS, DEMO_DOCUMENTS, DEMO_INVOICES, DEMO_PROJECTS } from "@/server/db/seed/demo-data";
import { authHeaders } from "./helpers/auth";
import { adminCookie, clientCookie } from "./helpers/admin-session";
import { setupTestDatabase } from "./helpers/db";
import { requestHeaders } from "./helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("./helpers/next-headers-mock")).nextHeadersMock);
setupTestDatabase({ seedDemo: true });

const project = DEMO_PROJECTS[0];
const invoice = DEMO_INVOICES[4]!;
const doc = DEMO_DOCUMENTS[0];
const URL_BASE = "http://localhost:3000";
const json = (body: unknown) => JSON.stringify(body);

function multipart(): { body: FormData } {
  const form = new FormData();
  form.set("clientId", DEMO_CLIENTS.acme.id);
  form.set("category", "report");
  form.set("file", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "x.pdf", { type: "application/pdf" }));
  return { body: form };
}

// Each call builds a fresh request for the given headers.
const routes: [string, (h: Headers) => Promise<Response>][] = [
  ["POST link-invoices", (h) => linkInvoices(new Request(`${URL_BASE}/api/admin/projects/link-invoices`, { method: "POST", headers: h, body: json({ projectId: project.id, invoiceIds: [invoice.id] }) }))],
  ["POST documents/upload", (h) => uploadDocument(new Request(`${URL_BASE}/api/admin/documents/upload`, { method: "POST", headers: h, ...multipart() }))],
  ["DELETE documents/{id}", (h) => deleteDocument(new Request(`${URL_BASE}/api/admin/documents/${doc.id}`, { method: "DELETE", headers: h }), { params: Promise.resolve({ id: doc.id }) })],
  ["GET documents/{id}", (h) => viewDocument(new Request(`${URL_BASE}/api/admin/documents/${doc.id}`, { headers: h }), { params: Promise.resolve({ id: doc.id }) })],
  ["POST update-client-rates", (h) => updateRates(new Request(`${URL_BASE}/api/admin/update-client-rates`, { method: "POST", headers: h, body: json({ clientId: DEMO_CLIENTS.acme.id, rates: [] }) }))],
];

const actions: [string, () => Promise<{ ok: boolean; error?: string }>][] = [
  ["createClientAction", () => createClientAction({ company: "Guarded Co", contactPerson: "G", email: "guarded@example.com" })],
  ["listClientOptionsAction", () => listClientOptionsAction({})],
  ["createProjectAction", () => createProjectAction({ projectName: "Guarded", clientId: DEMO_CLIENTS.acme.id, startDate: "2026-01-01" })],
  ["updateProjectAction", () => updateProjectAction({ id: project.id, projectName: "Guarded", clientId: project.clientId, startDate: project.startDate, status: "open" })],
  ["setProjectStatusAction", () => setProjectStatusAction({ projectId: project.id, status: "frozen" })],
  ["getProjectInvoicesAction", () => getProjectInvoicesAction({ projectId: project.id })],
  ["unlinkInvoiceAction", () => unlinkInvoiceAction({ invoiceId: DEMO_INVOICES[0]!.id })],
  ["approveBookingAction", () => approveBookingAction({ bookingId: DEMO_BOOKINGS[0].id })],
  ["markInquiryReadAction", () => markInquiryReadAction({ inquiryId: "00000000-0000-4000-8000-000000000000" })],
];

describe("admin route handlers", () => {
  it.each(routes)("%s: 401 without a session, 403 for a client", async (_name, call) => {
    const anonymous = await call(new Headers({ origin: URL_BASE }));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, error: "Please sign in." });
    const asClient = await call(authHeaders(await clientCookie()));
    expect(asClient.status).toBe(403);
    expect(await asClient.json()).toMatchObject({ success: false, error: "Access denied. Admins only." });
  });
});

describe("admin server actions", () => {
  it.each(actions)("%s: refused without a session and for a client", async (_name, call) => {
    requestHeaders.current = new Headers();
    expect(await call()).toEqual({ ok: false, error: "Please sign in." });
    requestHeaders.current = authHeaders(await clientCookie());
    expect(await call()).toEqual({ ok: false, error: "Access denied. Admins only." });
  });

  it("let the admin through (control)", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const result = await getProjectInvoicesAction({ projectId: project.id });
    expect(result.ok).toBe(true);
  });
});
