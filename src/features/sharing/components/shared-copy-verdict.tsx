import { ShieldCheck, ShieldX } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import type { VerifiedCopy } from "@/features/sharing/server";

const STATE_TEXT: Record<VerifiedCopy["state"], { tone: "success" | "error" | "info"; text: string }> = {
  current: { tone: "success", text: "Current: this copy is genuine, its document is the latest version, and the share is open." },
  superseded: { tone: "info", text: "Superseded: this copy is genuine, but a newer version of the document has been published since." },
  revoked: { tone: "error", text: "Revoked: the company withdrew this share, or the document was withdrawn." },
  expired: { tone: "info", text: "Expired: this copy is genuine, but the share it came from has ended." },
};

/**
 * What /verify/{code} shows for a stamped copy shared with a third party
 * (docs/PRODUCT.md#sharing-with-third-parties): who it was issued to, by whom, when, which
 * document, whether it is still current, and the file's SHA-256. Never the content.
 */
export function SharedCopyVerdict({ copy }: { copy: VerifiedCopy }) {
  const state = STATE_TEXT[copy.state];
  return (
    <>
      <div className="flex items-start gap-4">
        <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-accent-strong/15 text-accent" aria-hidden>
          {copy.state === "revoked" ? <ShieldX className="h-6 w-6" /> : <ShieldCheck className="h-6 w-6" />}
        </div>
        <div>
          <p className="text-sm text-muted">Shared copy {copy.code}</p>
          <h1 className="text-2xl font-bold">Genuine copy shared by {copy.company}</h1>
        </div>
      </div>
      <div className="mt-6" data-testid="copy-state">
        <Alert tone={state.tone}>{state.text}</Alert>
      </div>
      <Card padding="wide" className="mt-6">
        <dl className="grid gap-3 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted">Issued to</dt>
          <dd>
            {copy.recipientName ? `${copy.recipientName} ` : ""}&lt;{copy.recipientEmail}&gt;
          </dd>
          <dt className="text-muted">Shared by</dt>
          <dd>{copy.company}</dd>
          <dt className="text-muted">Issued on</dt>
          <dd>{formatDate(copy.issuedAt)}</dd>
          <dt className="text-muted">Document</dt>
          <dd>{copy.document}</dd>
          <dt className="text-muted">File SHA-256</dt>
          <dd className="break-all font-mono text-xs" data-testid="copy-sha256">
            {copy.sha256}
          </dd>
        </dl>
      </Card>
      <p className="mt-6 text-sm text-muted">
        Compare the SHA-256 above with your file&apos;s (for example <code>sha256sum file.pdf</code>): a different value means the file was
        changed after it was issued.
      </p>
    </>
  );
}
