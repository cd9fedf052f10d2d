"use client";

import { ApiError, apiErrorOf, apiFetch } from "@/lib/api-client";

/** Asks for a short-lived signed link to an attachment, fetches it and saves it under its name. */
export async function downloadAttachment(api: string, attachmentId: string): Promise<string | null> {
  try {
    const body = await apiFetch<{ downloadUrl: string; filename: string }>(`${api}/attachments/${encodeURIComponent(attachmentId)}`, { cache: "no-store" });
    const file = await fetch(body.downloadUrl, { cache: "no-store" });
    if (!file.ok) throw await apiErrorOf(file);
    const url = URL.createObjectURL(await file.blob());
    try {
      const link = document.createElement("a");
      link.href = url;
      link.download = body.filename ?? "attachment";
      link.rel = "noopener";
      document.body.appendChild(link);
      link.click();
      link.remove();
    } finally {
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }
    return null;
  } catch (error) {
    return error instanceof ApiError ? `Download failed: ${error.message || `HTTP ${error.status}`}` : "Failed to download the attachment. Please try again.";
  }
}
