import "server-only";
import { siteConfig } from "@/config/site";
import { escapeHtml, type RenderedMail } from "@/server/core/mail/templates";

export type NotificationContent = {
  subject: string;
  /** Who the mail is for: "Acme Robotics" (the client's company) or "Admin". */
  greetingName: string;
  paragraphs: string[];
  /** Label and value lines shown as a small table (amounts, dates). */
  facts?: [string, string][];
  action?: { label: string; url: string };
};

export type MailFooter = { reason: string; unsubscribeUrl: string | null; preferencesUrl: string };

/**
 * The notification layout: the brand's header in text (no remote images), the content, and a
 * footer that says why the mail came and how to stop it. Links are absolute (APP_URL).
 */
export function renderNotification(content: NotificationContent, footer: MailFooter): RenderedMail {
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

  const p = (value: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(value).replace(/\n/g, "<br>")}</p>`;
  const facts = content.facts?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${content.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#475569">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#06b6d4;color:#0b1120;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>`
    : "";
  const unsubscribe = footer.unsubscribeUrl
    ? ` · <a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:#64748b">Unsubscribe</a>`
    : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head><body style="margin:0;background:#f1f5f9;font-family:system-ui,-apple-system,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:24px"><div style="background:#0b1120;color:#22d3ee;padding:16px 24px;border-radius:8px 8px 0 0;font-weight:700;letter-spacing:.02em">${escapeHtml(siteConfig.name)}</div><div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px">${p(content.greetingName)}${content.paragraphs.map(p).join("")}${facts}${button}</div><p style="color:#64748b;font-size:12px;line-height:1.5;margin:16px 0 0">${escapeHtml(footer.reason)}<br><a href="${escapeHtml(footer.preferencesUrl)}" style="color:#64748b">Manage notifications</a>${unsubscribe}</p></div></body></html>`;
  return { subject: content.subject, text, html };
}
