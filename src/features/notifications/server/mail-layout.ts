import "server-only";
import { siteConfig } from "@/config/site";
import { type MailContent, type MailFooter, renderMailHtml } from "@/server/core/mail/layout";
import type { RenderedMail } from "@/server/core/mail/templates";

export type NotificationContent = MailContent & {
  /** Who the mail is for: "Acme Robotics" (the client's company) or "Admin". */
  greetingName: string;
};

/**
 * A notification: the one mail layout (src/server/core/mail/layout.tsx: the brand's header in text,
 * no remote images) with its greeting, facts and a footer that says why the mail came and how to
 * stop it, and the plain-text part written here. Links are absolute (APP_URL).
 */
export async function renderNotification(content: NotificationContent, footer: MailFooter): Promise<RenderedMail> {
  const factLines = (content.facts ?? []).map(([label, value]) => `${label}: ${value}`);
  const text = [
    siteConfig.name.toUpperCase(),
    content.greetingName,
    ...content.paragraphs,
    ...(factLines.length ? [factLines.join("\n")] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    "--",
    footer.reason,
    `Manage notifications: ${footer.preferencesUrl}`,
    ...(footer.unsubscribeUrl ? [`Unsubscribe from these mails: ${footer.unsubscribeUrl}`] : []),
  ].join("\n\n");
  return { subject: content.subject, text, html: await renderMailHtml(content, footer) };
}
