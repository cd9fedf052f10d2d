// Uploads: checked by extension and content, 50 MB enforced while streaming, stored under a
// generated key, audited; refusals leave no file behind. Delete and view.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { deleteDocumentAction } from "@/features/documents/actions/admin";
import { GET as view } from "@/app/api/admin/documents/[id]/route";
import { POST as upload } from "@/app/api/admin/documents/upload/route";
import { GET as serveFile } from "@/app/api/files/[id]/route";
import { HIDDEN_FILE_NAME_MESSAGE, MAX_UPLOAD_BYTES } from "@/lib/validation/uploads";
import { auditLog } from "@/features/audit/server/schema";
import { documents } from "@/features/documents/server/schema";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { type DocumentStorage, getStorage, setStorage } from "@/server/core/storage/storage";
import { authHeaders } from "@tests/integration/helpers/auth";
import { adminCookie } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";
import { docxBytes, exeBytes, jpegBytes, pdfBytes, pngBytes, xlsxBytes, zipArchive } from "@tests/integration/helpers/upload-files";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);

const t = setupTestDatabase({ seedDemo: true });
const URL_BASE = "http://localhost:3000";
const uploadsDir = () => path.join(process.env.DATA_DIR!, "uploads");

function storedFiles(): string[] {
  const dir = uploadsDir();
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
}

let cookie = "";
beforeAll(async () => {
  cookie = await adminCookie();
});

afterEach(() => setStorage(undefined));

/** The real storage, with a record of the keys written and removed. */
function recordingStorage() {
  const real = getStorage();
  const record = { puts: [] as string[], deletes: [] as string[] };
  const wrapped: DocumentStorage = {
    ...real,
    put: (key, body) => (record.puts.push(key), real.put(key, body)),
    get: (key) => real.get(key),
    delete: (key) => (record.deletes.push(key), real.delete(key)),
    list: (prefix) => real.list(prefix),
  };
  setStorage(wrapped);
  return record;
}

function uploadRequest(file: File | null, fields: Record<string, string> = { clientId: DEMO_CLIENTS.acme.id, category: "deliverable" }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("file", file);
  return upload(new Request(`${URL_BASE}/api/admin/documents/upload`, { method: "POST", headers: authHeaders(cookie), body: form }));
}

async function expectRefused(response: Response, status: number, error: RegExp | string) {
  const body = (await response.json()) as { success: boolean; error: string };
  expect(response.status).toBe(status);
  expect(body.success).toBe(false);
  if (typeof error === "string") expect(body.error).toBe(error);
  else expect(body.error).toMatch(error);
}

describe("POST /api/admin/documents/upload", () => {
  it("stores an accepted file under a generated key with the checked type, and audits it", async () => {
    const before = storedFiles();
    const response = await uploadRequest(new File([pdfBytes()], "Pentest Report.pdf", { type: "text/html" }));
    expect(response.status).toBe(201);
    const { document } = (await response.json()) as { document: { id: string } };
    const [row] = await t.db.select().from(documents).where(eq(documents.id, document.id));
    expect(row).toMatchObject({
      name: "Pentest Report.pdf",
      category: "deliverable",
      mimeType: "application/pdf",
      fileSize: pdfBytes().byteLength,
      clientId: DEMO_CLIENTS.acme.id,
    });
    // The browser's claimed type is ignored; the key is ours, not the file name.
    expect(row!.storageKey).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
    const added = storedFiles().filter((f) => !before.includes(f));
    expect(added).toEqual([row!.storageKey.replace("documents/", `documents${path.sep}`)]);
    expect(new Uint8Array(fs.readFileSync(path.join(uploadsDir(), row!.storageKey)))).toEqual(pdfBytes());
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, document.id));
    expect(entry).toMatchObject({ action: "document.upload", before: null });
  });

  it.each([
    ["scan.PNG", pngBytes(), "image/png"],
    ["photo.jpeg", jpegBytes(), "image/jpeg"],
    ["photo.jpg", jpegBytes(), "image/jpeg"],
    ["Policy.docx", docxBytes(), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["Budget.xlsx", xlsxBytes(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["Legacy.doc", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), "application/msword"],
    ["Legacy.xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), "application/vnd.ms-excel"],
  ] as [string, Uint8Array<ArrayBuffer>, string][])("accepts %s", async (name, bytes, mime) => {
    const response = await uploadRequest(new File([bytes], name));
    expect(response.status).toBe(201);
    const { document } = (await response.json()) as { document: { mimeType: string; category: string } };
    expect(document.mimeType).toBe(mime);
  });

  it("defaults the category to report", async () => {
    const response = await uploadRequest(new File([pdfBytes()], "default.pdf"), { clientId: DEMO_CLIENTS.globex.id });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { document: { category: string } }).document.category).toBe("report");
  });

  it.each([
    ["an executable renamed .pdf", "invoice.pdf", exeBytes(), /not a valid PDF/],
    ["an executable", "setup.exe", exeBytes(), /Unsupported file type/],
    ["a zip renamed .docx", "notes.docx", zipArchive({ "[Content_Types].xml": "<Types/>", "payload.bin": "x" }), /not a valid DOCX/],
    ["a .docx renamed .xlsx", "sheet.xlsx", docxBytes(), /not a valid XLSX/],
    ["a PDF renamed .png", "image.png", pdfBytes(), /not a valid PNG/],
    ["HTML renamed .jpg", "image.jpg", new TextEncoder().encode("<html><script>alert(1)</script>"), /not a valid JPG/],
    ["a file without extension", "README", pdfBytes(), /Unsupported file type/],
    ["an empty file", "empty.pdf", new Uint8Array(), /empty/],
  ] as [string, string, Uint8Array<ArrayBuffer>, RegExp][])(
    "refuses %s with 400 and stores nothing",
    async (_label, name, bytes, error) => {
      const before = storedFiles();
      const count = (await t.db.select({ id: documents.id }).from(documents)).length;
      await expectRefused(await uploadRequest(new File([bytes], name)), 400, error);
      expect(storedFiles()).toEqual(before);
      expect(await t.db.select({ id: documents.id }).from(documents)).toHaveLength(count);
    },
  );

  // Every upload (documents, reports, evidence, message attachments) goes through the same check.
  it.each(["invoice\u202Egnp.pdf", "report\u200B.pdf", "isolate\u2066d.pdf", "bom\uFEFF.pdf", "soft\u00ADhyphen.pdf"])(
    "refuses the name %j with an invisible or text-direction character, storing nothing",
    async (name) => {
      const before = storedFiles();
      const count = (await t.db.select({ id: documents.id }).from(documents)).length;
      await expectRefused(await uploadRequest(new File([pdfBytes()], name)), 400, HIDDEN_FILE_NAME_MESSAGE);
      expect(storedFiles()).toEqual(before);
      expect(await t.db.select({ id: documents.id }).from(documents)).toHaveLength(count);
    },
  );

  it.each(["../../etc/passwd.pdf", "reports/q3.pdf", "..\\..\\boot.pdf", "C:\\Users\\x.pdf", "evil\nname.pdf", "tab\tname.pdf", ".."])(
    "refuses the path-like or control-character name %j",
    async (name) => {
      const before = storedFiles();
      await expectRefused(await uploadRequest(new File([pdfBytes()], name)), 400, /Invalid file name|Unsupported/);
      expect(storedFiles()).toEqual(before);
    },
  );

  it("asks for a client and a file, and refuses an unknown client or category", async () => {
    await expectRefused(await uploadRequest(null), 400, "Please select a client and file");
    await expectRefused(
      await uploadRequest(new File([pdfBytes()], "x.pdf"), { category: "report" }),
      400,
      "Please select a client and file",
    );
    const before = storedFiles();
    await expectRefused(
      await uploadRequest(new File([pdfBytes()], "x.pdf"), { clientId: "00000000-0000-4000-8000-000000000999" }),
      400,
      "Client not found",
    );
    await expectRefused(
      await uploadRequest(new File([pdfBytes()], "x.pdf"), { clientId: DEMO_CLIENTS.acme.id, category: "secret" }),
      400,
      "Unknown category",
    );
    await expectRefused(await uploadRequest(new File([pdfBytes()], "x.pdf"), { clientId: "not-a-uuid" }), 400, "Invalid id");
    expect(storedFiles()).toEqual(before);
    const notMultipart = await upload(
      new Request(`${URL_BASE}/api/admin/documents/upload`, {
        method: "POST",
        headers: authHeaders(cookie, { "content-type": "application/json" }),
        body: "{}",
      }),
    );
    await expectRefused(notMultipart, 400, /multipart/);
  });

  it("refuses a declared Content-Length over 50 MB before reading the body", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const headers = authHeaders(cookie, {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(MAX_UPLOAD_BYTES + 1024 * 1024),
    });
    const response = await upload(
      new Request(`${URL_BASE}/api/admin/documents/upload`, { method: "POST", headers, body, duplex: "half" } as RequestInit),
    );
    await expectRefused(response, 413, /too large.*50MB/);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading a streamed body as soon as it passes 50 MB (413), storing nothing", async () => {
    const before = storedFiles();
    const boundary = "----limit-test";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${DEMO_CLIENTS.acme.id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    let sentHead = false;
    // An endless body without Content-Length: only the running count can stop it.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = sentHead ? chunk : head;
        sentHead = true;
        sent += next.byteLength;
        controller.enqueue(next);
      },
    });
    const headers = authHeaders(cookie, { "content-type": `multipart/form-data; boundary=${boundary}` });
    const response = await upload(
      new Request(`${URL_BASE}/api/admin/documents/upload`, { method: "POST", headers, body, duplex: "half" } as RequestInit),
    );
    await expectRefused(response, 413, /too large/);
    expect(sent).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES + 4 * 1024 * 1024);
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a >50 MB upload without Content-Length with 413 while it streams: nothing in storage or in the database", async () => {
    const before = storedFiles();
    const rows = (await t.db.select({ id: documents.id }).from(documents)).length;
    const recording = recordingStorage();
    const boundary = "----no-length";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${DEMO_CLIENTS.acme.id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const file = pdfBytes();
    let sent = 0;
    let cancelled = false;
    // A well-formed PDF that would go on past 60 MB, in 256 KB chunks, with no declared length.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = sent === 0 ? new Uint8Array(Buffer.concat([head, file])) : new Uint8Array(256 * 1024);
        sent += next.byteLength;
        if (sent > 60 * 1024 * 1024) controller.close();
        else controller.enqueue(next);
      },
      cancel() {
        cancelled = true;
      },
    });
    const headers = authHeaders(cookie, { "content-type": `multipart/form-data; boundary=${boundary}` });
    const response = await upload(
      new Request(`${URL_BASE}/api/admin/documents/upload`, { method: "POST", headers, body, duplex: "half" } as RequestInit),
    );
    await expectRefused(response, 413, "File is too large. The maximum is 50MB.");
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES + 2 * 1024 * 1024);
    expect(cancelled).toBe(true);
    // The file was being written as it arrived, and is gone again.
    expect(recording.puts).toHaveLength(1);
    expect(recording.deletes).toEqual(recording.puts);
    expect(storedFiles()).toEqual(before);
    expect(await t.db.select({ id: documents.id }).from(documents)).toHaveLength(rows);
  });

  it("writes the file first and removes it when the row cannot be written", async () => {
    const recording = recordingStorage();
    const before = storedFiles();
    await expectRefused(
      await uploadRequest(new File([pdfBytes()], "x.pdf"), { clientId: "00000000-0000-4000-8000-000000000999" }),
      400,
      "Client not found",
    );
    expect(recording.puts).toHaveLength(1);
    expect(recording.deletes).toEqual(recording.puts);
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a file just over 50 MB inside a body under the overall limit", async () => {
    const before = storedFiles();
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(pdfBytes());
    await expectRefused(await uploadRequest(new File([big], "big.pdf")), 413, /too large/);
    expect(storedFiles()).toEqual(before);
  });
});

describe("view (GET /api/admin/documents/{id}) and deleteDocumentAction", () => {
  async function uploaded(name: string) {
    const response = await uploadRequest(new File([pdfBytes()], name));
    const { document } = (await response.json()) as { document: { id: string } };
    const [row] = await t.db.select().from(documents).where(eq(documents.id, document.id));
    return row!;
  }
  const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
  const remove = (documentId: string) => {
    requestHeaders.current = authHeaders(cookie);
    return deleteDocumentAction({ documentId });
  };

  it("redirects the admin's View to a signed inline link that serves the file", async () => {
    const doc = await uploaded("viewable.pdf");
    const response = await view(new Request(`${URL_BASE}/api/admin/documents/${doc.id}`, { headers: authHeaders(cookie) }), ctx(doc.id));
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${URL_BASE}/api/files/${doc.id}\\?expires=\\d+&for=[^&]+&sig=[\\w-]+&disposition=inline$`));
    const served = await serveFile(new Request(location), ctx(doc.id));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toMatch(/^inline;/);
  });

  it("deletes the row and the stored file, and audits it", async () => {
    const doc = await uploaded("to-delete.pdf");
    const file = path.join(uploadsDir(), doc.storageKey);
    expect(fs.existsSync(file)).toBe(true);
    expect(await remove(doc.id)).toEqual({ success: true });
    expect(await t.db.select().from(documents).where(eq(documents.id, doc.id))).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, doc.id)).orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(["document.upload", "document.delete"]);
    expect(entries[1]).toMatchObject({ before: { name: "to-delete.pdf" }, after: null });
  });

  it("refuses an unknown id as not found and a malformed one as invalid, like every id", async () => {
    expect(await remove("00000000-0000-4000-8000-000000000999")).toEqual({
      success: false,
      error: "Document not found",
      code: "not_found",
    });
    expect(await remove("../../etc")).toMatchObject({ success: false, error: "Invalid id", code: "bad_request" });
  });
});
