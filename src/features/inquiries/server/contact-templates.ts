import "server-only";
import { siteConfig } from "@/config/site";
import type { ContactInquiry } from "@/features/inquiries/validation";
import { layoutMail, type RenderedMail } from "@/server/core/mail/templates";

// The visitor may send markup (injection samples are welcome, see src/features/inquiries/validation/index.ts).
// The mail layout (React) escapes every paragraph, so it is inert in the HTML part; the text part is verbatim.

/** To the company inbox (CONTACT_EMAIL): everything the visitor sent. */
export function contactNotificationMail(inquiry: ContactInquiry, meta: { id: string; receivedAt: Date }): Promise<RenderedMail> {
  return layoutMail({
    subject: `New inquiry: ${inquiry.serviceInterest} from ${inquiry.company}`,
    paragraphs: [
      "A new inquiry was sent through the website contact form. Reply within 24 hours, as the site promises.",
      [
        `Name: ${inquiry.name}`,
        `Email: ${inquiry.email}`,
        `Company: ${inquiry.company}`,
        `Service interest: ${inquiry.serviceInterest}`,
      ].join("\n"),
      `Message:\n${inquiry.message}`,
      `Inquiry ${meta.id}, received ${meta.receivedAt.toISOString()}.`,
    ],
  });
}

/**
 * To the address the visitor typed. Anyone can type someone else's address, so this mail repeats
 * none of the visitor's free text (name, company, message): the form cannot be used to send
 * arbitrary words to a third party under our name. The service interest is one of five fixed values.
 */
export function contactAcknowledgementMail(inquiry: ContactInquiry): Promise<RenderedMail> {
  return layoutMail({
    subject: `We received your message | ${siteConfig.name}`,
    paragraphs: [
      `Thank you for contacting ${siteConfig.name}. We have received your inquiry about ${inquiry.serviceInterest} and will get back to you within 24 hours.`,
      "Every engagement starts with a free security consultation and a free 30-minute strategy session. When we reply, we will suggest times for a call.",
      `If you did not send this message, you can ignore this email, or tell us at ${siteConfig.contactEmail}.`,
    ],
  });
}
