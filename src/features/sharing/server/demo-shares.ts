import "server-only";
import { siteConfig } from "@/config/site";
import type { DbOrTx } from "@/server/core/db/client";
import { insertAuditEntries } from "@/features/audit/server";
import { shareEvents, shareItems, shareRecipients, shares } from "./schema";
import { sha256Hex } from "./secrets";
import { standardNdaText } from "./standard-nda";

// The demo's share room (docs/PRODUCT.md#sharing-with-third-parties): a company shared its latest
// report, letter and evidence pack with its auditor, who accepted the firm's NDA and viewed three pages; and an
// older view-only share with a customer's reviewer, expired. Access-log entries are written as the
// real ones are (the caller links them into the company's chain).

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const ids = (n: number) => `00000000-0000-4000-8000-5a00000000${String(n).padStart(2, "0")}`;

export const DEMO_SHARE_AUDITOR = "auditor@audit-firm.example";

export async function seedDemoShares(
  db: DbOrTx,
  at: {
    clientId: string;
    company: string;
    owner: { userId: string; name: string; email: string };
    report: { id: string; label: string; projectId: string };
    letter: { id: string; label: string; projectId: string };
    pack: { id: string; label: string; projectId: string };
  },
): Promise<void> {
  const nda = standardNdaText(siteConfig.name, at.company);
  const [open, expired] = [ids(1), ids(2)];
  await db.insert(shares).values([
    {
      id: open,
      clientId: at.clientId,
      createdByUserId: at.owner.userId,
      createdByName: at.owner.name,
      message: "Our latest penetration test, the firm's attestation letter and the gateway's evidence pack, for this year's audit.",
      mode: "download",
      ndaKind: "standard",
      ndaText: nda,
      ndaSha256: sha256Hex(nda),
      expiresAt: new Date(Date.now() + 27 * DAY),
      createdAt: ago(3),
    },
    {
      id: expired,
      clientId: at.clientId,
      createdByUserId: at.owner.userId,
      createdByName: at.owner.name,
      message: null,
      mode: "view",
      ndaKind: "none",
      expiresAt: ago(5),
      createdAt: ago(40),
    },
  ]);
  const [reportItem, letterItem, oldItem, packItem] = [ids(11), ids(12), ids(13), ids(14)];
  await db.insert(shareItems).values([
    { id: reportItem, shareId: open, kind: "report", itemId: at.report.id, label: at.report.label, projectId: at.report.projectId },
    { id: letterItem, shareId: open, kind: "letter", itemId: at.letter.id, label: at.letter.label, projectId: at.letter.projectId },
    { id: oldItem, shareId: expired, kind: "report", itemId: at.report.id, label: at.report.label, projectId: at.report.projectId },
    { id: packItem, shareId: open, kind: "evidence_pack", itemId: at.pack.id, label: at.pack.label, projectId: at.pack.projectId },
  ]);
  const [auditor, reviewer] = [ids(21), ids(22)];
  await db.insert(shareRecipients).values([
    {
      id: auditor,
      shareId: open,
      email: DEMO_SHARE_AUDITOR,
      name: "Dana Whitfield",
      ndaAcceptedAt: ago(2),
      ndaName: "Dana Whitfield",
      ndaAddress: "198.51.100.24",
      ndaUserAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15",
      ndaSha256: sha256Hex(nda),
      createdAt: ago(3),
    },
    { id: reviewer, shareId: expired, email: "security-review@customer.example", createdAt: ago(40) },
  ]);
  const from = { clientAddress: "198.51.100.24", userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15" };
  const views = [1, 2, 3].map((page) => ({
    recipientId: auditor,
    shareItemId: reportItem,
    kind: "view" as const,
    page,
    ...from,
    createdAt: new Date(ago(2).getTime() + page * 60_000),
  }));
  await db.insert(shareEvents).values(views);
  const entry = (
    action: string,
    createdAt: Date,
    after: Record<string, unknown>,
    actor: { userId: string; name: string; email: string } | null,
  ) => ({
    actorUserId: actor?.userId ?? null,
    actorName: actor?.name ?? null,
    actorEmail: actor?.email ?? null,
    hashVersion: 2,
    action,
    entityType: "share",
    entityId: open,
    clientId: at.clientId,
    after,
    createdAt,
  });
  await insertAuditEntries(db, [
    entry(
      "share.created",
      ago(3),
      {
        name: `${at.report.label}, ${at.letter.label}, ${at.pack.label} with ${DEMO_SHARE_AUDITOR}`,
        mode: "download",
        ndaKind: "standard",
      },
      at.owner,
    ),
    entry(
      "share.nda_accepted",
      ago(2),
      { name: "NDA accepted as Dana Whitfield", by: DEMO_SHARE_AUDITOR, ndaSha256: sha256Hex(nda) },
      null,
    ),
    ...views.map((v) => entry("share.viewed", v.createdAt, { name: `${at.report.label}, page ${v.page}`, by: DEMO_SHARE_AUDITOR }, null)),
  ]);
}
