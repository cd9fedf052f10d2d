import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { getDb } from "@/server/core/get-db";
import { AcceptNdaForm, RequestLinkForm, SignOutButton } from "@/features/sharing/components/recipient-forms";
import { listSharedItems, SHARE_SESSION_COOKIE, sharedPageCount, shareRecipientOf } from "@/features/sharing/server";

export const metadata: Metadata = { title: "Shared documents", robots: { index: false } };
export const dynamic = "force-dynamic";

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// `/shared` (docs/PRODUCT.md#sharing-with-third-parties): a recipient's room, reached by the session
// cookie a mailed link opened (no account). It shows the NDA to accept, then the shared items and,
// for the one the address names, its pages as images drawn and stamped on the server.
export default async function SharedPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const db = getDb();
  const recipient = await shareRecipientOf(db, (await cookies()).get(SHARE_SESSION_COOKIE)?.value);
  if (!recipient)
    return (
      <Shell>
        <h1 className="text-2xl font-bold">Shared documents</h1>
        <p className="mt-2 text-muted">
          You are not signed in, or your access has ended. Ask for a new sign-in link: it goes to the address the documents were shared
          with.
        </p>
        <Card padding="wide" className="mt-6">
          <RequestLinkForm />
        </Card>
      </Shell>
    );
  const heading = (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <p className="text-sm text-muted">Shared with {recipient.email}</p>
        <h1 className="text-2xl font-bold">Documents from {recipient.company}</h1>
        <p className="mt-1 text-sm text-muted">
          Shared by {recipient.from}, available until {formatDate(recipient.expiresAt)}.
        </p>
      </div>
      <SignOutButton />
    </div>
  );
  if (recipient.ndaKind !== "none" && !recipient.ndaAcceptedAt)
    return (
      <Shell>
        {heading}
        {recipient.message ? (
          <p className="mt-4 whitespace-pre-line rounded-md border border-border p-3 text-sm">{recipient.message}</p>
        ) : null}
        <h2 className="mt-6 text-lg font-semibold">Confidentiality agreement</h2>
        <p className="text-sm text-muted">Accept it once to see the documents.</p>
        <pre
          className="mt-3 max-h-80 overflow-auto whitespace-pre-wrap rounded-md border border-border p-4 text-sm"
          tabIndex={0}
          data-testid="nda-text"
        >
          {recipient.ndaText}
        </pre>
        <Card padding="wide" className="mt-6">
          <AcceptNdaForm />
        </Card>
      </Shell>
    );
  const items = await listSharedItems(db, recipient);
  const params = await searchParams;
  const viewing = items.find((item) => item.id === first(params.item) && item.state === "current");
  const pages = viewing ? await sharedPageCount(db, { recipient, shareItemId: viewing.id }) : 0;
  const page = Math.min(Math.max(1, Number(first(params.page)) || 1), Math.max(1, pages));
  return (
    <Shell>
      {heading}
      {recipient.message ? (
        <p className="mt-4 whitespace-pre-line rounded-md border border-border p-3 text-sm">{recipient.message}</p>
      ) : null}
      <ul className="mt-6 space-y-3" aria-label="Shared documents">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-4">
            <div>
              <p className="font-medium">{item.label}</p>
              {item.state !== "current" ? <p className="text-sm text-muted">Withdrawn or replaced: no longer available.</p> : null}
            </div>
            {item.state === "current" ? (
              <div className="flex gap-2">
                <Link className={buttonClasses("secondary", "sm")} href={`/shared?item=${item.id}&page=1`}>
                  View
                </Link>
                {recipient.mode === "download" ? (
                  <a className={buttonClasses("primary", "sm")} href={`/api/shared/items/${item.id}/file`} download>
                    Download
                  </a>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted">
        {recipient.mode === "download"
          ? "Each download is a copy stamped with your name and e-mail on every page, with its own code anyone can check at /verify. Views and downloads are recorded."
          : "These documents are shared for viewing only. Each page viewed is recorded."}
      </p>
      {viewing ? (
        <section className="mt-8" aria-label={`${viewing.label}, page ${page} of ${pages}`}>
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 className="font-semibold">{viewing.label}</h2>
            <nav className="flex items-center gap-2 text-sm" aria-label="Pages">
              {page > 1 ? (
                <Link className={buttonClasses("secondary", "sm")} href={`/shared?item=${viewing.id}&page=${page - 1}`}>
                  Previous
                </Link>
              ) : null}
              <span>
                Page {page} of {pages}
              </span>
              {page < pages ? (
                <Link className={buttonClasses("secondary", "sm")} href={`/shared?item=${viewing.id}&page=${page + 1}`}>
                  Next
                </Link>
              ) : null}
            </nav>
          </div>
          {/* eslint-disable-next-line @next/next/no-img-element -- drawn per recipient on the server, never optimised or cached */}
          <img
            src={`/api/shared/items/${viewing.id}/pages/${page}`}
            alt={`${viewing.label}, page ${page}`}
            className="w-full rounded-md border border-border bg-white"
            data-testid="shared-page"
          />
        </section>
      ) : null}
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return <main className="mx-auto w-full max-w-4xl px-4 py-10">{children}</main>;
}
