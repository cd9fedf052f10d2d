import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { serverEnv } from "../env";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Sent as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058 one-click). */
  unsubscribeUrl?: string | null;
};

/** The RFC 8058 headers of a mail that can be unsubscribed from in one click. */
export function unsubscribeHeaders(url: string | null | undefined): Record<string, string> | undefined {
  if (!url) return undefined;
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
/** Delivers one message or throws. */
export type MailTransport = { send: (mail: OutgoingMail) => Promise<void> };

const g = globalThis as { __mailTransport?: MailTransport | null };

function smtpTransport(url: string, from: string): MailTransport {
  // nodemailer waits up to 10 minutes on a silent socket by default; a send must end well within
  // the outbox lease (outbox.ts), or another instance could claim and send the message again.
  const transporter: Transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (mail) => {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        headers: unsubscribeHeaders(mail.unsubscribeUrl),
      });
    },
  };
}

/** The configured transport, or null when SMTP_URL is unset (mail is then only kept and logged). */
export function getMailTransport(): MailTransport | null {
  if (g.__mailTransport === undefined) {
    const env = serverEnv();
    g.__mailTransport = env.smtpUrl ? smtpTransport(env.smtpUrl, env.mailFrom) : null;
  }
  return g.__mailTransport;
}

/** Test hook: replace the transport (undefined restores the environment's). */
export function setMailTransport(transport: MailTransport | null | undefined): void {
  g.__mailTransport = transport;
}
