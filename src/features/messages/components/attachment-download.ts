"use client";

import { saveSignedDownload } from "@/components/ui/signed-download";

/** Asks for a short-lived signed link to an attachment, fetches it and saves it under its name. */
export function downloadAttachment(api: string, attachmentId: string): Promise<string | null> {
  return saveSignedDownload(`${api}/attachments/${encodeURIComponent(attachmentId)}`, {
    defaultName: "attachment",
    fallbackError: "Failed to download the attachment. Please try again.",
  });
}
