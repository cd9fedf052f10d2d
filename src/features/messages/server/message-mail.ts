import "server-only";
import type { MessageAuthorRole } from "@/lib/domain/thread-status";
import type { DbOrTx } from "@/server/core/db/client";
import { appLink, notifyUsers, type RecipientSettings } from "@/features/notifications/server";

export type NewMessage = {
  messageId: string;
  thread: { id: string; subject: string };
  authorRole: MessageAuthorRole;
  authorName: string;
  body: string;
  /** The company of the thread's client: the greeting of the client's mail. */
  company: string;
};

/**
 * Queues the "new message" mail for the other side (docs/PRODUCT.md#portal-messages), under the
 * Messages or Client messages preference. By default the mail says only that there is a message,
 * with a link to it: findings stay behind the sign-in. The text goes in the mail only for a
 * recipient who chose that in their notification preferences.
 */
export async function notifyNewMessage(db: DbOrTx, recipientIds: string[], message: NewMessage): Promise<string[]> {
  const toAdmins = message.authorRole === "client";
  const path = toAdmins
    ? `/admin/messages?thread=${encodeURIComponent(message.thread.id)}`
    : `/client-portal?section=messages&thread=${encodeURIComponent(message.thread.id)}`;
  return notifyUsers(db, recipientIds, (recipient: RecipientSettings) => ({
    key: `message:${message.messageId}`,
    category: toAdmins ? "admin_messages" : "messages",
    kind: "message",
    content: {
      subject: recipient.includeMessageText ? `New message: ${message.thread.subject}` : "You have a new message",
      greetingName: toAdmins ? "Admin" : message.company,
      paragraphs: recipient.includeMessageText
        ? [`${message.authorName} wrote in "${message.thread.subject}":`, message.body]
        : ["You have a new message.", "Sign in to read it and reply."],
      action: { label: "Open the conversation", url: appLink(path) },
    },
  }));
}
