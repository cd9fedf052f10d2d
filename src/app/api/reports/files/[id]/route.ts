// GET /api/reports/files/{download id}?expires&view&sig: the report copy stamped for the recipient of that download, while the link is valid, the report neither revoked nor replaced and the recipient still may.
import { DOWNLOAD_CSP } from "@/lib/csp";
import { withPublic } from "@/server/core/handler";
import { getStampedReport } from "@/features/reports/server";

export const dynamic = "force-dynamic";

// Public: the signature is the permission (it names the recorded download and its expiry).
export const GET = withPublic(async (request, { params }) => {
  const search = new URL(request.url).searchParams;
  const { filename, bytes } = await getStampedReport(typeof params.id === "string" ? params.id : "", {
    expires: search.get("expires"),
    sig: search.get("sig"),
    view: search.get("view"),
  });
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": DOWNLOAD_CSP,
    },
  });
});
