import { describe, expect, it } from "vitest";
import { siteConfig } from "@/config/site";
import { renderNotification } from "@/features/notifications/server/mail-layout";
import { passwordResetMail } from "@/server/core/mail/templates";

// The one mail layout (src/server/core/mail/layout.tsx) as both kinds of mail use it: escaped
// content, the button's link, the footer's links, and each kind's plain-text part, word for word.

const footer = {
  reason: 'You receive this mail because "Documents" notifications are on for a@example.com.',
  unsubscribeUrl: "https://portal.example/unsubscribe?token=t1&c=documents",
  preferencesUrl: "https://portal.example/client-portal?section=settings&tab=notifications",
};
const content = {
  subject: `Invoice "INV-1" & <more>`,
  greetingName: "Acme <i>Robotics</i>",
  paragraphs: ["A note: <script>alert(document.cookie)</script>", "First line\nsecond line"],
  facts: [
    ["Amount", "€1,200.00"],
    ["Due", "2026-12-01"],
  ] as [string, string][],
  action: { label: "Open the invoice", url: "https://portal.example/client-portal?section=billing&invoice=1" },
};

describe("the notification layout", () => {
  it("escapes the content, links the button and the footer, and keeps the subject as the title", async () => {
    const mail = await renderNotification(content, footer);
    expect(mail.subject).toBe(content.subject);
    expect(mail.html).toMatch(/^<!doctype html><html [^>]*lang="en"/);
    expect(mail.html).toContain("<title>Invoice &quot;INV-1&quot; &amp; &lt;more&gt;</title>");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<i>Robotics</i>");
    expect(mail.html).toContain("A note: &lt;script&gt;alert(document.cookie)&lt;/script&gt;");
    expect(mail.html).toContain("Acme &lt;i&gt;Robotics&lt;/i&gt;");
    expect(mail.html).toContain("First line<br/>second line");
    expect(mail.html).toContain(`href="${content.action.url.replace(/&/g, "&amp;")}"`);
    expect(mail.html).toContain("Open the invoice");
    expect(mail.html).toContain("€1,200.00");
    expect(mail.html).toContain(siteConfig.name);
    expect(mail.html).toMatch(new RegExp(`href="${escapeRegex(footer.preferencesUrl.replace(/&/g, "&amp;"))}"[^>]*>Manage notifications<`));
    expect(mail.html).toMatch(new RegExp(`href="${escapeRegex(footer.unsubscribeUrl.replace(/&/g, "&amp;"))}"[^>]*>Unsubscribe<`));
    // No remote images: the brand is text.
    expect(mail.html).not.toContain("<img");
  });

  it("has no unsubscribe link when the mail has no unsubscribe address", async () => {
    const mail = await renderNotification(content, { ...footer, unsubscribeUrl: null });
    expect(mail.html).toContain("Manage notifications");
    expect(mail.html).not.toContain("Unsubscribe");
    expect(mail.html).not.toContain("unsubscribe?token");
  });

  it("keeps its plain-text part as written", async () => {
    const mail = await renderNotification(content, footer);
    expect(mail.text).toBe(
      [
        siteConfig.name.toUpperCase(),
        "Acme <i>Robotics</i>",
        "A note: <script>alert(document.cookie)</script>",
        "First line\nsecond line",
        "Amount: €1,200.00\nDue: 2026-12-01",
        `Open the invoice: ${content.action.url}`,
        "--",
        footer.reason,
        `Manage notifications: ${footer.preferencesUrl}`,
        `Unsubscribe from these mails: ${footer.unsubscribeUrl}`,
      ].join("\n\n"),
    );
    const bare = await renderNotification({ subject: "s", greetingName: "Admin", paragraphs: ["p"] }, { ...footer, unsubscribeUrl: null });
    expect(bare.text).toBe(
      [siteConfig.name.toUpperCase(), "Admin", "p", "--", footer.reason, `Manage notifications: ${footer.preferencesUrl}`].join("\n\n"),
    );
  });
});

describe("an account mail in the layout", () => {
  it("has the same layout, the button's link, no notification footer, and its own plain-text part", async () => {
    const url = "https://portal.example/reset-password?token=abc&next=1";
    const mail = await passwordResetMail(url);
    expect(mail.subject).toBe(`Reset your ${siteConfig.name} password`);
    expect(mail.html).toMatch(/^<!doctype html><html [^>]*lang="en"/);
    expect(mail.html).toContain(`<title>Reset your ${siteConfig.name} password</title>`);
    expect(mail.html).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
    expect(mail.html).not.toContain("Manage notifications");
    expect(mail.html).not.toContain("Unsubscribe");
    expect(mail.text).toBe(
      [
        "We received a request to reset the password of your account.",
        "The link below expires in 1 hour and can be used once. If you did not ask for it, ignore this message: your password stays as it is.",
        `Reset your password: ${url}`,
        `— ${siteConfig.name}`,
      ].join("\n\n"),
    );
  });
});

function escapeRegex(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
