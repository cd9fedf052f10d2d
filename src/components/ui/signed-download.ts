"use client";

import { ApiError, apiErrorOf, apiFetch } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";

/**
 * Asks `api` for a short-lived signed link to a file, fetches the file and saves it under its name
 * (a blob behind a temporary <a download>). Returns an error message for the UI, or null on success;
 * `fallbackError` is the message when the failure is not an API error (e.g. the network).
 */
export async function saveSignedDownload(
  api: string,
  { defaultName, fallbackError }: { defaultName: string; fallbackError: string },
): Promise<string | null> {
  try {
    const body = await apiFetch<{ downloadUrl: string; filename: string }>(api, { cache: "no-store" });
    // The file itself is bytes, not JSON: only its failure goes through the API's error reading.
    const file = await fetch(body.downloadUrl, { cache: "no-store" });
    if (!file.ok) throw await apiErrorOf(file);
    saveBlob(await file.blob(), body.filename ?? defaultName);
    return null;
  } catch (error) {
    return error instanceof ApiError ? `Download failed: ${error.message || `HTTP ${error.status}`}` : fallbackError;
  }
}
