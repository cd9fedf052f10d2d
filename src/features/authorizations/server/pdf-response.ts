import "server-only";
import { DOWNLOAD_CSP } from "@/lib/csp";

/** The sealed PDF as a download (never shown inline: the file is the signed record). */
export function sealedPdfResponse({ bytes, filename }: { bytes: Uint8Array; filename: string }): Response {
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
}
