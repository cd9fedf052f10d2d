import "server-only";
import type { DbOrTx } from "../db/client";
import { serverEnv } from "../env";
import { enqueueEmail } from "../integrations/email/outbox";
import { layoutMail } from "../integrations/email/templates";

export type MessageMailRecipient = { email: string; name: string; role: "client" | "admin" };

/**
 * Queues the "new message" mail for one recipient (docs/PRODUCT.md#portal-messages). By default
 * the mail says only that there is a message, with a link to it: findings stay behind the sign-in.
 * `includeText` puts the message itself in the mail; it is the recipient's own choice (their
 * notification preferences decide it once those exist).
 */
export async function queueNewMessageMail(
  db: DbOrTx,
  opts: { recipient: MessageMailRecipient; threadId: string; subject: string; authorName: string; body: string; includeText?: boolean },
): Promise<void> {
  const { recipient, threadId, includeText = false } = opts;
  const base = serverEnv().appUrl;
  const url =
    recipient.role === "admin"
      ? `${base}/admin/messages?thread=${encodeURIComponent(threadId)}`
      : `${base}/client-portal?section=messages&thread=${encodeURIComponent(threadId)}`;
  const paragraphs = includeText
    ? [`${opts.authorName} wrote in "${opts.subject}":`, opts.body]
    : ["You have a new message.", "Sign in to read it and reply."];
  const mail = layoutMail({
    subject: includeText ? `New message: ${opts.subject}` : "You have a new message",
    paragraphs,
    action: { label: "Open the conversation", url },
  });
  await enqueueEmail(db, { to: recipient.email, subject: mail.subject, text: mail.text, html: mail.html, kind: "message" });
}
