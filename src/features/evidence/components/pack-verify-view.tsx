import { ShieldCheck, ShieldX } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import type { VerifiedPack } from "@/features/evidence/server";

/**
 * An evidence pack's public page (docs/PRODUCT.md#evidence-packs), at the same address as a
 * letter's: its state, what it signs (the two SHA-256 hashes among the facts) and the JWS.
 */
export function PackVerifyView({ pack }: { pack: VerifiedPack }) {
  const { facts } = pack;
  return (
    <>
      <div className="flex items-start gap-4">
        <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-accent-strong/15 text-accent" aria-hidden>
          {pack.state === "Valid" ? <ShieldCheck className="h-6 w-6" /> : <ShieldX className="h-6 w-6" />}
        </div>
        <div>
          <p className="text-sm text-muted">Evidence pack {facts.code}</p>
          <h1 className="text-2xl font-bold">{facts.firm}</h1>
        </div>
      </div>
      <div className="mt-6" data-testid="pack-state">
        {pack.state === "Valid" ? (
          <Alert tone="success">
            <strong>Valid</strong>: the firm issued this evidence pack, and it is neither superseded nor revoked.
          </Alert>
        ) : pack.state === "Revoked" ? (
          <Alert tone="error">Revoked by the firm on {formatDate(pack.revokedAt)}.</Alert>
        ) : (
          <Alert tone="info">Superseded by a newer evidence pack on {formatDate(pack.supersededAt)}.</Alert>
        )}
      </div>
      {pack.state === "Revoked" ? (
        <p className="mt-6 text-sm text-muted">The firm withdrew this pack: what it stated is no longer shown.</p>
      ) : (
        <>
          <Card padding="wide" className="mt-6 space-y-2 text-sm">
            <p>
              <span className="text-muted">Client:</span> {facts.client}
            </p>
            <p>
              <span className="text-muted">Engagement:</span> {facts.engagement}
            </p>
            <p>
              <span className="text-muted">Test plan:</span> {facts.plan.name}, version {facts.plan.version} ({facts.plan.atlasRelease})
            </p>
            <p>
              <span className="text-muted">Coverage:</span> {facts.coverage}
            </p>
            <p>
              <span className="text-muted">Issued:</span> {formatDate(facts.issuedAt)}
            </p>
            <p className="break-all">
              <span className="text-muted">SHA-256 of the PDF as issued:</span>{" "}
              <span className="font-mono text-xs">{facts.hashes.pdf}</span>
            </p>
            <p className="break-all">
              <span className="text-muted">SHA-256 of the OSCAL twin:</span> <span className="font-mono text-xs">{facts.hashes.oscal}</span>
            </p>
            <p className="text-xs text-muted">This is evidence for an assessment, not a conformity assessment.</p>
          </Card>
          <section className="mt-6 text-sm">
            <h2 className="font-semibold">Check it yourself</h2>
            <p className="mt-1 text-muted">
              The facts above are signed by the firm as a compact JWS (EdDSA); verify it against{" "}
              <a href="/.well-known/jwks.json" className="underline">
                /.well-known/jwks.json
              </a>{" "}
              and compare the hashes with your files.
            </p>
            <pre
              className="mt-3 whitespace-pre-wrap break-all rounded-md border border-border p-3 font-mono text-xs"
              data-testid="pack-jws"
            >
              {pack.jws}
            </pre>
          </section>
        </>
      )}
    </>
  );
}
