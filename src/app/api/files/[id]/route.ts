// GET /api/files/{id}?expires&for&view&sig: serves a document, message attachment or finding evidence to whoever holds a valid, unexpired signed link whose person still may.
import { DOWNLOAD_CSP } from "@/lib/csp";
import { AppError } from "@/server/core/errors";
import { withPublic } from "@/server/core/handler";
import { DOWNLOAD_LINK_INVALID, verifyDownloadSignature } from "@/server/core/storage/signed-url";
import { getDb } from "@/server/core/get-db";
import { getDocumentFile } from "@/features/documents/server";
import { getEvidenceFile } from "@/features/findings/server";

export const dynamic = "force-dynamic";

// Public: the signature is the permission (it names the document, the person and its expiry).
export const GET = withPublic(async (request, { params }) => {
  const id = typeof params.id === "string" ? params.id : "";
  const search = new URL(request.url).searchParams;
  const check = verifyDownloadSignature(id, {
    expires: search.get("expires"),
    sig: search.get("sig"),
    disposition: search.get("disposition"),
    for: search.get("for"),
    view: search.get("view"),
  });
  if (!check.ok) throw new AppError("forbidden", DOWNLOAD_LINK_INVALID);
  // Evidence belongs to the findings module; every other id is the documents module's (or missing).
  const db = getDb();
  const file = (await getEvidenceFile(db, id, check.holder)) ?? (await getDocumentFile(db, id, check.holder));
  const filename = file.name.replace(/[\r\n"\\]/g, "_");
  return new Response(file.body, {
    headers: {
      "Content-Type": check.disposition === "inline" ? file.mimeType : "application/octet-stream",
      "Content-Length": String(file.size),
      "Content-Disposition": `${check.disposition}; filename="${filename.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      // An inline PDF or image opens on our origin: sandboxed, any script in it runs nowhere.
      "Content-Security-Policy": DOWNLOAD_CSP,
    },
  });
});
