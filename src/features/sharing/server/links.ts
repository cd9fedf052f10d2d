import "server-only";
import { siteConfig } from "@/config/site";
import type { DbOrTx } from "@/server/core/db/client";
import { serverEnv } from "@/server/core/env";
import { layoutMail } from "@/server/core/mail/templates";
import { enqueueEmail } from "@/server/core/mail/outbox";
import { shareLinks } from "./schema";
import { hashSecret, newSecret } from "./secrets";

/** A mailed sign-in link lives 3 days (never past its share's expiry) and opens one session. */
export const LINK_HOURS = 72;

/**
 * A new single-use sign-in link for a recipient, mailed through the outbox in the caller's
 * transaction (the mail job exists exactly when the link does); its body is redacted once sent.
 */
export async function mailShareLink(
  db: DbOrTx,
  to: { recipientId: string; email: string; company: string; from: string; message: string | null; shareExpiresAt: Date },
): Promise<void> {
  const token = newSecret();
  const expiresAt = new Date(Math.min(Date.now() + LINK_HOURS * 3600_000, to.shareExpiresAt.getTime()));
  await db.insert(shareLinks).values({ tokenHash: hashSecret(token), recipientId: to.recipientId, expiresAt });
  const url = `${serverEnv().appUrl}/shared/open?token=${token}`;
  const mail = await layoutMail({
    subject: `${to.company} shared security documents with you`,
    paragraphs: [
      `${to.from} of ${to.company} shared security documents with you through ${siteConfig.name}.`,
      ...(to.message ? [`Their message: ${to.message}`] : []),
      `The link below signs you in once and expires on ${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC. You can ask for a new one on the page it opens, until the share expires on ${to.shareExpiresAt.toISOString().slice(0, 10)}.`,
    ],
    action: { label: "Open the shared documents", url },
  });
  await enqueueEmail(db, { to: to.email, kind: "share_link", secretLinkExpiresAt: expiresAt, ...mail });
}
