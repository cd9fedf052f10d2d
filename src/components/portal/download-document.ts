"use client";

/** The client's download error messages (docs/PRODUCT.md#portal-documents). */
export const DOWNLOAD_FALLBACK_ERROR = "Failed to download document. Please try again.";

/**
 * Asks the server for a short-lived signed link to one of the client's documents, fetches the
 * file and saves it under its name (a blob behind a temporary <a download>).
 * Returns an error message for the UI, or null on success.
 */
export async function downloadDocument(documentId: string): Promise<string | null> {
  try {
    const response = await fetch(`/api/client/documents/${encodeURIComponent(documentId)}`, { cache: "no-store" });
    const body = (await response.json().catch(() => ({}))) as { downloadUrl?: string; filename?: string; error?: string };
    if (!response.ok || !body.downloadUrl) return `Download failed: ${body.error ?? `HTTP ${response.status}`}`;

    const file = await fetch(body.downloadUrl, { cache: "no-store" });
    if (!file.ok) {
      const failure = (await file.json().catch(() => ({}))) as { error?: string };
      return `Download failed: ${failure.error ?? `HTTP ${file.status}`}`;
    }
    const url = URL.createObjectURL(await file.blob());
    try {
      const link = document.createElement("a");
      link.href = url;
      link.download = body.filename ?? "document";
      link.rel = "noopener";
      document.body.appendChild(link);
      link.click();
      link.remove();
    } finally {
      // Give the browser a moment to start saving before the blob is released.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }
    return null;
  } catch {
    return DOWNLOAD_FALLBACK_ERROR;
  }
}
