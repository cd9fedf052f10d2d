"use client";

import { ApiError, apiErrorOf, apiFetch } from "@/lib/api-client";

/** The client's download error messages (docs/PRODUCT.md#portal-documents). */
export const DOWNLOAD_FALLBACK_ERROR = "Failed to download document. Please try again.";

/**
 * Asks the server for a short-lived signed link to one of the client's documents, fetches the
 * file and saves it under its name (a blob behind a temporary <a download>).
 * Returns an error message for the UI, or null on success.
 */
export async function downloadDocument(documentId: string): Promise<string | null> {
  try {
    const body = await apiFetch<{ downloadUrl: string; filename: string }>(`/api/client/documents/${encodeURIComponent(documentId)}`, { cache: "no-store" });
    // The file itself is bytes, not JSON: only its failure goes through the API's error reading.
    const file = await fetch(body.downloadUrl, { cache: "no-store" });
    if (!file.ok) throw await apiErrorOf(file);
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
  } catch (error) {
    return error instanceof ApiError ? `Download failed: ${error.message || `HTTP ${error.status}`}` : DOWNLOAD_FALLBACK_ERROR;
  }
}
