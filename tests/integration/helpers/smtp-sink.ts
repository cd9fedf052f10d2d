// A real SMTP server on 127.0.0.1 that keeps what it receives in memory and answers each message
// after a short delay, like a slow relay. close() makes the port refuse connections (a mail server
// that is down); listen() on the same port brings it back.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string; subject: string; raw: string };

export type SmtpSink = {
  url: string;
  port: number;
  received: ReceivedMail[];
  listen: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startSmtpSink(opts: { delayMs?: () => number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const delayMs = opts.delayMs ?? (() => 5 + Math.floor(Math.random() * 16));
  let server: SMTPServer | undefined;
  let port = 0;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? "";
          const to = session.envelope.rcptTo.map((r) => r.address).join(",");
          setTimeout(() => {
            received.push({ to, subject, raw });
            callback();
          }, delayMs());
        });
      },
    });

  const sink: SmtpSink = {
    url: "",
    port: 0,
    received,
    listen: async () => {
      server = create();
      const s = server;
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(port, "127.0.0.1", () => resolve());
      });
      port = (s.server.address() as AddressInfo).port;
      sink.port = port;
      sink.url = `smtp://127.0.0.1:${port}`;
    },
    close: async () => {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  await sink.listen();
  return sink;
}
