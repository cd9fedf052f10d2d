import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { ITEM_RESOLVERS } from "./item-kinds";
import { shareCopies, shareItems, shareRecipients, shares } from "./schema";
import { formatCopyCode, parseCopyCode } from "./secrets";
import { companyNameSql } from "@/features/clients/server";

/** current: the document is the latest version and the share is open; otherwise why the copy no longer is. */
export type CopyState = "current" | "superseded" | "revoked" | "expired";

export type VerifiedCopy = {
  code: string;
  recipientEmail: string;
  recipientName: string | null;
  company: string;
  issuedAt: Date;
  document: string;
  state: CopyState;
  sha256: string;
};

/**
 * What /verify/{code} tells about a shared copy (docs/PRODUCT.md#sharing-with-third-parties): that
 * it is genuine, issued to whom, by which company, when, of which document version, whether it is
 * still current, and the file's SHA-256 to compare. Never the content. Null for no such code.
 */
export async function verifyShareCopy(db: DbOrTx, input: string): Promise<VerifiedCopy | null> {
  const code = parseCopyCode(input);
  if (!code) return null;
  const [row] = await db
    .select({
      sha256: shareCopies.sha256,
      issuedAt: shareCopies.createdAt,
      email: shareRecipients.email,
      name: shareRecipients.name,
      ndaName: shareRecipients.ndaName,
      recipientRevokedAt: shareRecipients.revokedAt,
      shareRevokedAt: shares.revokedAt,
      expiresAt: shares.expiresAt,
      clientId: shares.clientId,
      company: companyNameSql(shares.clientId),
      kind: shareItems.kind,
      itemId: shareItems.itemId,
      label: shareItems.label,
    })
    .from(shareCopies)
    .innerJoin(shareRecipients, eq(shareRecipients.id, shareCopies.recipientId))
    .innerJoin(shareItems, eq(shareItems.id, shareCopies.shareItemId))
    .innerJoin(shares, eq(shares.id, shareItems.shareId))
    .where(eq(shareCopies.code, code))
    .limit(1);
  if (!row) return null;
  const item = await ITEM_RESOLVERS[row.kind].resolve(db, { clientId: row.clientId, itemId: row.itemId, copiedAt: row.issuedAt });
  const state: CopyState =
    row.shareRevokedAt || row.recipientRevokedAt || !item || item.state === "revoked"
      ? "revoked"
      : item.state === "superseded"
        ? "superseded"
        : row.expiresAt <= new Date()
          ? "expired"
          : "current";
  return {
    code: formatCopyCode(code),
    recipientEmail: row.email,
    recipientName: row.ndaName ?? row.name,
    company: row.company,
    issuedAt: row.issuedAt,
    document: row.label,
    state,
    sha256: row.sha256,
  };
}
