import { ShieldCheck, ShieldX } from "lucide-react";
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { getDb } from "@/server/core/get-db";
import { clientIp } from "@/server/core/rate-limit";
import { LetterFactsView } from "@/features/attestations/components/letter-facts-view";
import { limitLetterChecks, verifyLetter } from "@/features/attestations/server";
import { PackVerifyView } from "@/features/evidence/components/pack-verify-view";
import { verifyPack } from "@/features/evidence/server";
import { SharedCopyVerdict } from "@/features/sharing/components/shared-copy-verdict";
import { verifyShareCopy } from "@/features/sharing/server";

export const metadata: Metadata = { title: "Verify an attestation letter", robots: { index: false } };

// The public page of an attestation letter (docs/PRODUCT.md#verifying-a-letter), signed out. Each
// view counts once on the letter; nothing about who looked is kept (the rate limit's counter is
// keyed by address and forgotten with its window).
export default async function VerifyLetterPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const db = getDb();
  if (!(await limitLetterChecks(db, await headers()))) {
    return (
      <Shell>
        <h1 className="text-2xl font-bold">Too many checks</h1>
        <Alert tone="error" className="mt-4">
          Too many letters were checked from your address. Please wait a minute and try again.
        </Alert>
      </Shell>
    );
  }
  const letter = await verifyLetter(db, code, { visitor: clientIp(await headers()) });
  if (!letter) {
    // An evidence pack's code is checked at the same address (docs/PRODUCT.md#evidence-packs).
    const pack = await verifyPack(db, code);
    if (pack) {
      return (
        <Shell>
          <PackVerifyView pack={pack} />
        </Shell>
      );
    }
    // Nor a pack's: a stamped copy shared with a third party has its own, longer code.
    const copy = await verifyShareCopy(db, code);
    if (!copy) notFound();
    return (
      <Shell>
        <SharedCopyVerdict copy={copy} />
      </Shell>
    );
  }
  const { facts } = letter;
  return (
    <Shell>
      <div className="flex items-start gap-4">
        <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-accent-strong/15 text-accent" aria-hidden>
          {letter.state === "Valid" ? <ShieldCheck className="h-6 w-6" /> : <ShieldX className="h-6 w-6" />}
        </div>
        <div>
          <p className="text-sm text-muted">Attestation letter {facts.code}</p>
          <h1 className="text-2xl font-bold">{facts.firm}</h1>
        </div>
      </div>
      <div className="mt-6" data-testid="letter-state">
        {letter.state === "Valid" ? (
          <Alert tone="success">
            <strong>Valid</strong>: the firm issued this letter, and it is neither superseded nor revoked.
          </Alert>
        ) : letter.state === "Revoked" ? (
          <Alert tone="error">Revoked by the firm on {formatDate(letter.revokedAt)}.</Alert>
        ) : (
          <Alert tone="info">
            Superseded by a newer letter
            {letter.supersededByCode ? (
              <>
                {" "}
                (
                <Link href={`/verify/${letter.supersededByCode}`} className="underline">
                  {letter.supersededByCode}
                </Link>
                )
              </>
            ) : null}{" "}
            on {formatDate(letter.supersededAt)}.
          </Alert>
        )}
      </div>
      {/* A revoked letter no longer publishes what it said (its JWS carries the same facts). */}
      {letter.state === "Revoked" ? (
        <p className="mt-6 text-sm text-muted">The firm withdrew this letter: what it stated is no longer shown.</p>
      ) : (
        <>
          <Card padding="wide" className="mt-6">
            <LetterFactsView facts={facts} />
          </Card>
          <section className="mt-6 text-sm">
            <h2 className="font-semibold">Check it yourself</h2>
            <p className="mt-1 text-muted">
              The facts above are signed by the firm as a compact JWS (EdDSA). Verify the token below against the firm&apos;s public keys at{" "}
              <a href="/.well-known/jwks.json" className="underline">
                /.well-known/jwks.json
              </a>{" "}
              with any JOSE library; its payload is the letter&apos;s facts.
            </p>
            <pre
              className="mt-3 whitespace-pre-wrap break-all rounded-md border border-border p-3 font-mono text-xs"
              data-testid="letter-jws"
            >
              {letter.jws}
            </pre>
          </section>
        </>
      )}
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return <main className="mx-auto w-full max-w-3xl px-4 py-10">{children}</main>;
}
