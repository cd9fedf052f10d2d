"use client";

import { saveSignedDownload } from "@/components/ui/signed-download";

/** The client's download error messages (docs/PRODUCT.md#portal-documents). */
export const DOWNLOAD_FALLBACK_ERROR = "Failed to download document. Please try again.";

/**
 * Asks the server for a short-lived signed link to one of the client's documents, fetches the
 * file and saves it under its name. Returns an error message for the UI, or null on success.
 */
export function downloadDocument(documentId: string): Promise<string | null> {
  return saveSignedDownload(`/api/client/documents/${encodeURIComponent(documentId)}`, {
    defaultName: "document",
    fallbackError: DOWNLOAD_FALLBACK_ERROR,
  });
}
