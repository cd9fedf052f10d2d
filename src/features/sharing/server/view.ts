import "server-only";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { stampPdfWith } from "@/features/reports/server";
import { recordSharedView, type RequestFrom, sharedItemFile } from "./recipient";
import { loadPdf, renderPdfPage } from "./page-render";
import type { ShareRecipientSession } from "./recipient-session";

// View-only (docs/PRODUCT.md#sharing-with-third-parties): a page is drawn on the server as a PNG from
// the copy stamped for the recipient (PDF.js from unpdf, on @napi-rs/canvas: npm packages, no system
// library), so no PDF leaves the server and the stamp is part of the picture. The stamped copy and
// the pages drawn are kept in memory per recipient (bounded), so a page after the first is quick.

export const PAGE_NOT_FOUND = "That page does not exist.";
const MAX_CACHED = 300;

type Entry = { at: number; value: Promise<unknown> };
const cache = new Map<string, Entry>();

function cached<T>(key: string, make: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit) {
    hit.at = Date.now();
    return hit.value as Promise<T>;
  }
  if (cache.size >= MAX_CACHED) {
    const oldest = [...cache.entries()].sort((a, b) => a[1].at - b[1].at)[0]!;
    cache.delete(oldest[0]);
  }
  const value = make();
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

/** The view stamp: as a copy's, with "view only" where a copy has its code. */
export function viewStampLine(recipient: ShareRecipientSession, at: Date): string {
  const name = recipient.ndaName || recipient.name || recipient.email;
  const nda = recipient.ndaKind === "none" ? "Confidential" : "Confidential under NDA";
  return `Shared with ${name} <${recipient.email}> by ${recipient.company} on ${at.toISOString().slice(0, 10)} · ${nda} · view only`;
}

/**
 * Page `page` of a shared item as a PNG stamped for the recipient, with the item's page count;
 * recorded as a view (the access log, the `share.viewed` webhook event). Nothing before the NDA.
 */
export async function viewSharedPage(
  db: DbOrTx,
  { recipient, shareItemId, page, from }: { recipient: ShareRecipientSession; shareItemId: string; page: number; from: RequestFrom },
): Promise<{ png: Uint8Array; pages: number }> {
  const file = await sharedItemFile(db, { recipient, shareItemId });
  const day = new Date().toISOString().slice(0, 10);
  const docKey = `${recipient.recipientId}:${shareItemId}:${day}`;
  const doc = await cached(docKey, async () =>
    loadPdf(await stampPdfWith(file.bytes, { lines: [viewStampLine(recipient, new Date())], mark: recipient.email })),
  );
  if (page > doc.numPages) throw new AppError("not_found", PAGE_NOT_FOUND);
  const png = await cached(`${docKey}:${page}`, () => renderPdfPage(doc, page));
  await recordSharedView(db, { recipient, item: file.item, page, from });
  return { png, pages: doc.numPages };
}

/** How many pages a shared item has (the viewer's pager), from the same cached copy. */
export async function sharedPageCount(db: DbOrTx, { recipient, shareItemId }: { recipient: ShareRecipientSession; shareItemId: string }) {
  const file = await sharedItemFile(db, { recipient, shareItemId });
  const doc = await loadPdf(file.bytes.slice());
  return doc.numPages;
}
