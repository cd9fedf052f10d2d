// GET /api/client/documents/{id}: only the signed-in client's own documents, as a short-lived signed link.
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/client/documents/[id]/route";
import { GET as getFile } from "@/app/api/files/[id]/route";
import { DEMO_DOCUMENTS } from "@/features/demo/server/demo-data";
import { demoPdf } from "@/features/demo/server/demo-files";
import { verifyDownloadSignature } from "@/server/core/storage/signed-url";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

setupTestDatabase({ seedDemo: true });

const acmeDoc = DEMO_DOCUMENTS[0]; // Master Services Agreement.pdf (Acme)
const globexDoc = DEMO_DOCUMENTS[4]; // Statement of Work.pdf (Globex)

const call = (id: string, cookie?: string) =>
  GET(new Request(`${APP_ORIGIN}/api/client/documents/${id}`, { headers: cookie ? authHeaders(cookie) : undefined }), {
    params: Promise.resolve({ id }),
  });
const cookieOf = (email: string) => sessionCookie(email);
const fetchFile = (url: string) => getFile(new Request(url), { params: Promise.resolve({ id: new URL(url).pathname.split("/").pop()! }) });

describe("GET /api/client/documents/{id}", () => {
  it("answers 401 without a session and 403 for an admin", async () => {
    expect((await call(acmeDoc.id)).status).toBe(401);
    const admin = await cookieOf("admin@example.com");
    const response = await call(acmeDoc.id, admin);
    expect(response.status).toBe(403);
  });

  it("answers 404 for another client's document, exactly like a missing one", async () => {
    const acme = await cookieOf("client@example.com");
    const other = await call(globexDoc.id, acme);
    expect(other.status).toBe(404);
    const missing = await call("00000000-0000-4000-8000-0000000000ff", acme);
    expect(missing.status).toBe(404);
    expect(await other.json()).toEqual(await missing.json());
  });

  it("answers 400 for an id that is not a uuid", async () => {
    const acme = await cookieOf("client@example.com");
    const response = await call("../../etc/passwd", acme);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Invalid id" });
  });

  it("gives the owner a signed link that serves the stored bytes, for each of two clients", async () => {
    for (const [email, doc] of [
      ["client@example.com", acmeDoc],
      ["client2@example.com", globexDoc],
    ] as const) {
      const response = await call(doc.id, await cookieOf(email));
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("no-store");
      const body = (await response.json()) as { downloadUrl: string; filename: string };
      expect(body.filename).toBe(doc.name);
      expect(body.downloadUrl).toMatch(new RegExp(`^${APP_ORIGIN}/api/files/${doc.id}\\?expires=\\d+&for=[^&]+&sig=`));
      // The link expires within a minute or so, and is refused after that.
      const search = new URL(body.downloadUrl).searchParams;
      const expires = Number(search.get("expires"));
      expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(61_000);
      const params = {
        expires: search.get("expires"),
        sig: search.get("sig"),
        disposition: search.get("disposition"),
        for: search.get("for"),
        view: search.get("view"),
      };
      expect(verifyDownloadSignature(doc.id, params).ok).toBe(true);
      expect(verifyDownloadSignature(doc.id, params, (expires + 1) * 1000).ok).toBe(false);

      const file = await fetchFile(body.downloadUrl);
      expect(file.status).toBe(200);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(demoPdf(doc.name.replace(/\.\w+$/, "")));
    }
  });

  it("gives links that cannot be altered to reach another client's document", async () => {
    const response = await call(acmeDoc.id, await cookieOf("client@example.com"));
    const { downloadUrl } = (await response.json()) as { downloadUrl: string };
    expect((await fetchFile(downloadUrl.replace(acmeDoc.id, globexDoc.id))).status).toBe(403);
    const later = new URL(downloadUrl);
    later.searchParams.set("expires", String(Number(later.searchParams.get("expires")) + 3600));
    expect((await fetchFile(later.toString())).status).toBe(403);
  });
});
