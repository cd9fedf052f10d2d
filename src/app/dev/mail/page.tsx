import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Card } from "@/components/ui/card";
import { getDb } from "@/server/core/get-db";
import { isDevMailEnabled, listDevMail } from "@/features/operations/server";

export const metadata: Metadata = { title: "Mail preview", robots: { index: false } };

// The outbox with its rendered mails, for development and the browser tests only
// (docs/PRODUCT.md#notifications); it does not exist anywhere else.
export default async function DevMailPage() {
  await connection();
  if (!isDevMailEnabled()) notFound();
  const mails = await listDevMail(getDb());
  return (
    <main className="mx-auto max-w-4xl space-y-4 p-4 sm:p-8">
      <h1 className="text-2xl font-semibold">Mail preview</h1>
      <p className="text-sm text-muted">The newest 50 messages of the outbox. Development only.</p>
      {mails.length === 0 ? <p>No mail yet.</p> : null}
      <ul className="space-y-4" aria-label="Outbox">
        {mails.map((mail) => (
          <li key={mail.id}>
            <Card>
              <article aria-label={mail.subject}>
                <h2 className="break-words text-lg font-semibold">{mail.subject}</h2>
                <p className="break-words text-sm text-muted">
                  To {mail.to} · {mail.kind} · {mail.status} · {mail.createdAt}
                </p>
                {mail.unsubscribeUrl ? (
                  <p className="break-all text-xs text-muted">List-Unsubscribe: &lt;{mail.unsubscribeUrl}&gt;</p>
                ) : null}
                {mail.hasHtml ? (
                  <a className="text-sm text-accent underline" href={`/dev/mail/${mail.id}`} target="_blank" rel="noreferrer">
                    Open the HTML part
                  </a>
                ) : null}
                <pre className="mt-3 whitespace-pre-wrap break-words rounded bg-surface-2 p-3 text-xs">{mail.text}</pre>
              </article>
            </Card>
          </li>
        ))}
      </ul>
    </main>
  );
}
