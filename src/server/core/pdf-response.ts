import "server-only";
import { DOWNLOAD_CSP } from "@/lib/csp";

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return ascii === filename
    ? `attachment; filename="${filename}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * A PDF as a download: never cached, never run as a page (sandboxed). A name beyond plain ASCII
 * (a project or company name may carry any letter) also goes in full as RFC 5987 `filename*`.
 */
export function pdfResponse(bytes: Uint8Array, filename: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": contentDisposition(filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": DOWNLOAD_CSP,
    },
  });
}
