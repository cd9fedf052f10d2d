// Every download of a document is recorded (docs/PRODUCT.md#admin-documents): the client's through
// GET /api/client/documents/{id}, the admin's View through GET /api/admin/documents/{id}; the admin
// sees who, when, from where and with which browser, the client who of its company and of the
// firm and when. The file itself streams from storage.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { deleteDocumentAction } from "@/features/documents/actions/admin";
import { GET as adminView } from "@/app/api/admin/documents/[id]/route";
import { GET as clientDownload } from "@/app/api/client/documents/[id]/route";
import { GET as getFile } from "@/app/api/files/[id]/route";
import { documentDownloads } from "@/features/documents/server/schema";
import { DEMO_DOCUMENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { demoPdf } from "@/features/demo/server/demo-files";
import { listAdminDocuments, listDocumentDownloads, listPortalDocuments } from "@/features/documents/server";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);

const t = setupTestDatabase({ seedDemo: true });

const acmeDoc = DEMO_DOCUMENTS[0]; // Master Services Agreement.pdf (Acme)
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const from = (address: string, agent: string) => ({ "x-forwarded-for": address, "user-agent": agent });

describe("download records", () => {
  it("records the client's and the admin's downloads, shown to the admin in full and to the client without address or browser", async () => {
    const client = await clientDownload(
      new Request(`${APP_ORIGIN}/api/client/documents/${acmeDoc.id}`, {
        headers: authHeaders(await sessionCookie(DEMO_USERS.acme.email), from("203.0.113.7", "Firefox/140")),
      }),
      params(acmeDoc.id),
    );
    expect(client.status).toBe(200);
    const admin = await adminView(
      new Request(`${APP_ORIGIN}/api/admin/documents/${acmeDoc.id}`, {
        headers: authHeaders(await sessionCookie(DEMO_USERS.admin.email), from("198.51.100.9", "Chrome/150")),
      }),
      params(acmeDoc.id),
    );
    expect(admin.status).toBe(303);

    const rows = await t.db.select().from(documentDownloads).where(eq(documentDownloads.documentId, acmeDoc.id));
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          userId: DEMO_USERS.acme.id,
          personName: DEMO_USERS.acme.name,
          side: "client",
          clientAddress: "203.0.113.7",
          userAgent: "Firefox/140",
        }),
        expect.objectContaining({
          userId: DEMO_USERS.admin.id,
          personName: DEMO_USERS.admin.name,
          side: "firm",
          clientAddress: "198.51.100.9",
          userAgent: "Chrome/150",
        }),
      ]),
    );

    // The admin: the count on the list, and each download in full, newest first.
    const actor = await adminActor();
    const listed = (await listAdminDocuments(t.db, { actor, q: acmeDoc.name })).rows;
    expect(listed.map((row) => [row.id, row.downloadCount])).toEqual([[acmeDoc.id, 2]]);
    const downloads = await listDocumentDownloads(t.db, { actor, documentIds: [acmeDoc.id] });
    expect(downloads.map((d) => [d.personName, d.side, d.clientAddress, d.userAgent])).toEqual([
      [DEMO_USERS.admin.name, "firm", "198.51.100.9", "Chrome/150"],
      [DEMO_USERS.acme.name, "client", "203.0.113.7", "Firefox/140"],
    ]);

    // The client: who of its company and of the firm, and when; nothing about addresses or browsers.
    const portal = await listPortalDocuments(t.db, { actor: await clientActor(DEMO_USERS.acme.email) });
    const doc = portal.find((d) => d.id === acmeDoc.id)!;
    expect(doc.downloads.map((d) => [d.personName, d.side])).toEqual([
      [DEMO_USERS.admin.name, "firm"],
      [DEMO_USERS.acme.name, "client"],
    ]);
    expect(Object.keys(doc.downloads[0]!).sort()).toEqual(["downloadedAt", "personName", "side"]);
    // Another client sees none of them.
    const globex = await listPortalDocuments(t.db, { actor: await clientActor(DEMO_USERS.globex.email) });
    expect(globex.flatMap((d) => d.downloads)).toEqual([]);
  });

  it("records nothing for a refused download (another client's document)", async () => {
    const before = (await t.db.select().from(documentDownloads)).length;
    const response = await clientDownload(
      new Request(`${APP_ORIGIN}/api/client/documents/${acmeDoc.id}`, {
        headers: authHeaders(await sessionCookie(DEMO_USERS.globex.email)),
      }),
      params(acmeDoc.id),
    );
    expect(response.status).toBe(404);
    expect((await t.db.select().from(documentDownloads)).length).toBe(before);
  });

  it("serves the file as a stream of the stored bytes with its length", async () => {
    const response = await adminView(
      new Request(`${APP_ORIGIN}/api/admin/documents/${acmeDoc.id}`, { headers: authHeaders(await sessionCookie(DEMO_USERS.admin.email)) }),
      params(acmeDoc.id),
    );
    const url = response.headers.get("location")!;
    const file = await getFile(new Request(url), params(acmeDoc.id));
    expect(file.status).toBe(200);
    expect(file.body).toBeInstanceOf(ReadableStream);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(file.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(Buffer.from(bytes).equals(Buffer.from(demoPdf(acmeDoc.name.replace(/\.\w+$/, ""))))).toBe(true);
  });

  it("a deleted document takes its download records with it", async () => {
    requestHeaders.current = authHeaders(await sessionCookie(DEMO_USERS.admin.email));
    expect(await deleteDocumentAction({ documentId: acmeDoc.id })).toEqual({ success: true });
    expect(await t.db.select().from(documentDownloads).where(eq(documentDownloads.documentId, acmeDoc.id))).toEqual([]);
  });
});
