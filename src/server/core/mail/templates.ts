import "server-only";
import { siteConfig } from "@/config/site";
import { renderMailHtml } from "./layout";

export type RenderedMail = { subject: string; text: string; html: string };

/**
 * An account mail: its paragraphs and optional button in the one mail layout (layout.tsx), and its
 * plain-text part: the paragraphs, the button as "label: link", the brand's name.
 */
export async function layoutMail(opts: {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}): Promise<RenderedMail> {
  const text = [...opts.paragraphs, ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`] : []), `— ${siteConfig.name}`].join(
    "\n\n",
  );
  return { subject: opts.subject, text, html: await renderMailHtml(opts) };
}

export function passwordResetMail(url: string): Promise<RenderedMail> {
  return layoutMail({
    subject: `Reset your ${siteConfig.name} password`,
    paragraphs: [
      "We received a request to reset the password of your account.",
      "The link below expires in 1 hour and can be used once. If you did not ask for it, ignore this message: your password stays as it is.",
    ],
    action: { label: "Reset your password", url },
  });
}

/** What a two-factor reset did, in full: the user should know what to check when signing in. */
export function twoFactorResetMail(opts: { signInUrl: string; passkeysOnHold: number }): Promise<RenderedMail> {
  const passkeys =
    opts.passkeysOnHold > 0
      ? [
          `Your ${opts.passkeysOnHold === 1 ? "passkey is" : `${opts.passkeysOnHold} passkeys are`} on hold: after signing in with your password, confirm each one you still have in your account settings, or remove it.`,
        ]
      : [];
  return layoutMail({
    subject: `Your ${siteConfig.name} two-factor sign-in was reset`,
    paragraphs: [
      "Two-factor sign-in on your account was turned off by an administrator: your authenticator app's codes and your backup codes no longer work, every session of your account was signed out, and every device trusted for 30 days was forgotten.",
      ...passkeys,
      "Sign in with your password and set up two-factor again in Settings. If you did not ask for this, contact us at once.",
    ],
    action: { label: "Sign in", url: opts.signInUrl },
  });
}

export function passwordResetDoneMail(signInUrl: string): Promise<RenderedMail> {
  return layoutMail({
    subject: "Your password was reset",
    paragraphs: [
      `The password of your ${siteConfig.name} account was reset with a link sent to this address. Every session of your account was signed out, and every device trusted for 30 days was forgotten: the next sign-in on each asks for your two-factor code again.`,
      "If this was you, there is nothing more to do. If it was not, reset your password again at once and contact us.",
    ],
    action: { label: "Sign in", url: signInUrl },
  });
}

export function passwordChangedMail(opts: { when: string; browser: string; ip: string; sessionsUrl: string }): Promise<RenderedMail> {
  return layoutMail({
    subject: "Your password was changed",
    paragraphs: [
      `The password of your ${siteConfig.name} account was changed on ${opts.when} from ${opts.browser} (IP address ${opts.ip}). Every other session of your account was signed out.`,
      "If this was you, there is nothing more to do. If it was not, reset your password at once from the sign-in page and contact us.",
    ],
    action: { label: "Review your sessions", url: opts.sessionsUrl },
  });
}

export function newSignInMail(opts: { when: string; browser: string; ip: string; sessionsUrl: string }): Promise<RenderedMail> {
  return layoutMail({
    subject: `New sign-in to your ${siteConfig.name} account`,
    paragraphs: [
      `Your account was signed in to from a browser it has not used before.\nTime: ${opts.when}\nBrowser: ${opts.browser}\nIP address: ${opts.ip}`,
      "If this was you, there is nothing to do. If it was not, sign that session out from your sessions list, change your password, and turn on two-factor sign-in.",
    ],
    action: { label: "Review your sessions", url: opts.sessionsUrl },
  });
}
