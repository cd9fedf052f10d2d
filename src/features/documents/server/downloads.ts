import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { DOWNLOADS_SHOWN, type DownloadSide } from "@/lib/domain/document-category";
import { type Actor, type AdminActor, assertAdmin, recordedPersonOf } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { documentDownloads, documents } from "./schema";
import { clientIp } from "@/server/core/rate-limit";
import { userNameSql } from "@/features/identity/server";

/** Where a download was asked from: the address by the one rule (clientIp) and the browser's own words. */
export type DownloadRequest = { clientAddress: string; userAgent: string };

/** The DownloadRequest of a route's request. */
export function downloadRequestOf(request: Request): DownloadRequest {
  return { clientAddress: clientIp(request.headers), userAgent: request.headers.get("user-agent") ?? "" };
}

/** A download as the admin sees it. */
export type DocumentDownload = {
  documentId: string;
  personName: string;
  side: DownloadSide;
  downloadedAt: string;
  clientAddress: string;
  userAgent: string;
};

/**
 * Records one download of a document by the caller: a client of its company, an admin, or an admin
 * viewing a client's portal (as the firm). By user id and the name the session gives, so the record
 * stays right when a company has several people and after the user is removed.
 */
export async function recordDownload(db: DbOrTx, actor: Actor, documentId: string, from: DownloadRequest): Promise<void> {
  const { userId, personName, side } = recordedPersonOf(actor);
  await db.insert(documentDownloads).values({
    documentId,
    userId,
    personName,
    side,
    clientAddress: from.clientAddress.slice(0, 100),
    userAgent: from.userAgent.slice(0, 500),
  });
}

/** The person's current name when the user still exists, else the name recorded then. */
const personName = sql<string>`coalesce(nullif(${userNameSql(documentDownloads.userId)}, ''), ${documentDownloads.personName})`;

/** The newest downloads (up to DOWNLOADS_SHOWN each) of the given documents, for the admin. */
export async function listDocumentDownloads(
  db: DbOrTx,
  { actor, documentIds }: { actor: AdminActor; documentIds: string[] },
): Promise<DocumentDownload[]> {
  assertAdmin(actor);
  if (documentIds.length === 0) return [];
  const ranked = db
    .select({
      documentId: documentDownloads.documentId,
      personName: personName.as("person_name"),
      side: documentDownloads.side,
      downloadedAt: documentDownloads.downloadedAt,
      clientAddress: documentDownloads.clientAddress,
      userAgent: documentDownloads.userAgent,
      rank: sql<number>`row_number() over (partition by ${documentDownloads.documentId} order by ${documentDownloads.downloadedAt} desc, ${documentDownloads.id} desc)`.as(
        "rank",
      ),
    })
    .from(documentDownloads)
    .where(inArray(documentDownloads.documentId, documentIds))
    .as("ranked");
  const rows = await db
    .select({
      documentId: ranked.documentId,
      personName: ranked.personName,
      side: ranked.side,
      downloadedAt: ranked.downloadedAt,
      clientAddress: ranked.clientAddress,
      userAgent: ranked.userAgent,
    })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${DOWNLOADS_SHOWN}`)
    .orderBy(ranked.documentId, desc(ranked.downloadedAt));
  return rows.map((row) => ({ ...row, downloadedAt: row.downloadedAt.toISOString() }));
}

/**
 * The downloads of a client's own documents, as the client sees them: who (of its company or of
 * the firm) and when, newest first, up to DOWNLOADS_SHOWN per document. Never the address or browser.
 */
export async function listClientDocumentDownloads(
  db: DbOrTx,
  clientId: string,
): Promise<{ documentId: string; personName: string; side: DownloadSide; downloadedAt: Date }[]> {
  const ranked = db
    .select({
      documentId: documentDownloads.documentId,
      personName: personName.as("person_name"),
      side: documentDownloads.side,
      downloadedAt: documentDownloads.downloadedAt,
      rank: sql<number>`row_number() over (partition by ${documentDownloads.documentId} order by ${documentDownloads.downloadedAt} desc, ${documentDownloads.id} desc)`.as(
        "rank",
      ),
    })
    .from(documentDownloads)
    .innerJoin(documents, and(eq(documents.id, documentDownloads.documentId), eq(documents.clientId, clientId)))
    .as("ranked");
  return db
    .select({ documentId: ranked.documentId, personName: ranked.personName, side: ranked.side, downloadedAt: ranked.downloadedAt })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${DOWNLOADS_SHOWN}`)
    .orderBy(ranked.documentId, desc(ranked.downloadedAt));
}
