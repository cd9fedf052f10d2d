import "server-only";
import { CONTACT_MAX_BODY_BYTES, type ContactInquiry } from "@/features/inquiries/validation";
import type { Db } from "@/server/core/db/client";
import { contactInquiries } from "./schema";
import { rateLimitSubject } from "@/server/core/client-address";
import { AppError } from "@/server/core/errors";
import { enqueueNotificationEmail } from "@/server/core/mail/outbox";
import { clientIp, enforceRateLimit } from "@/server/core/rate-limit";
import { contactAcknowledgementMail, contactNotificationMail } from "./contact-templates";

// A person sends one inquiry, perhaps a correction; five per address in ten minutes leaves room for
// that and for a shared office network while stopping a script from filling the inbox.
export const CONTACT_RATE_LIMIT = { windowSeconds: 600, max: 5 } as const;

/** The contact form's own words for a body over its limit (the form shows them). */
/**
 * Counts one contact request from the sender's network (before its body is read, so junk floods
 * are limited as well as valid inquiries); over the limit, a 429 that offers the mail address.
 */
export function limitContactSender(db: Db, headers: Headers, contactEmail: string): Promise<void> {
  return enforceRateLimit(
    db,
    `contact:ip:${rateLimitSubject(clientIp(headers))}`,
    CONTACT_RATE_LIMIT,
    (wait) => `Too many messages from your network. Please wait ${wait} and try again, or email us at ${contactEmail}.`,
  );
}

export const contactTooLarge = () =>
  new AppError("payload_too_large", `The message is too large: requests are limited to ${CONTACT_MAX_BODY_BYTES / 1024} KB.`);

/**
 * Stores an inquiry, then queues the notification and the acknowledgement in the same transaction:
 * the inquiry and its mails exist together or not at all. Delivery happens later (outbox), so a
 * failing mail server never loses an inquiry.
 */
export async function submitContactInquiry(db: Db, inquiry: ContactInquiry, opts: { notifyAddress: string }): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactInquiries)
      .values({
        name: inquiry.name,
        email: inquiry.email,
        company: inquiry.company,
        serviceInterest: inquiry.serviceInterest,
        message: inquiry.message,
      })
      .returning({ id: contactInquiries.id, createdAt: contactInquiries.createdAt });
    const notification = await contactNotificationMail(inquiry, { id: row!.id, receivedAt: row!.createdAt });
    // Keyed by the inquiry like every notification (src/features/notifications/server); the company inbox is
    // not a user, so no preference or unsubscribe applies to it.
    const keyed = { recipientUserId: null, category: "admin_inquiries", unsubscribeUrl: null, held: false };
    await enqueueNotificationEmail(tx, {
      to: opts.notifyAddress,
      ...notification,
      kind: "contact_notification",
      idempotencyKey: `inquiry:${row!.id}:notification`,
      ...keyed,
    });
    await enqueueNotificationEmail(tx, {
      to: inquiry.email,
      ...(await contactAcknowledgementMail(inquiry)),
      kind: "contact_acknowledgement",
      idempotencyKey: `inquiry:${row!.id}:acknowledgement`,
      ...keyed,
    });
    return { id: row!.id };
  });
}
