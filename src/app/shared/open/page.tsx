import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { OpenShareButton, RequestLinkForm } from "@/features/sharing/components/recipient-forms";

export const metadata: Metadata = { title: "Open shared documents", robots: { index: false }, referrer: "no-referrer" };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// `/shared/open?token=…` (docs/PRODUCT.md#sharing-with-third-parties): where a mailed link lands. The
// token is used only by the button's POST, so a mail scanner opening the link leaves it unused.
export default async function OpenSharePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = first((await searchParams).token)?.slice(0, 100) ?? "";
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-16">
      <h1 className="text-2xl font-bold">Shared documents</h1>
      <p className="mt-2 text-muted">Documents were shared with you. The link opens them once, in this browser.</p>
      <Card padding="wide" className="mt-6">
        {token ? <OpenShareButton token={token} /> : <RequestLinkForm />}
      </Card>
    </main>
  );
}
