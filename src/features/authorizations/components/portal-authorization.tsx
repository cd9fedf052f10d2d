"use client";

import { FileSignature } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import type { AuthorizationVersion } from "@/features/authorizations/server";
import { AuthorizationDocument, AuthorizationSignatures, AuthorizationStateBadge, EarlierVersions } from "./authorization-document";
import { SignatureForm } from "./signature-form";

/** What the newest version's state means for the company (a draft never reaches the portal). */
const STATE_TEXTS: Record<AuthorizationVersion["state"], string> = {
  Draft: "",
  Sent: "The firm tests these assets, in this window, only once an owner of your company has signed and the firm has counter-signed.",
  "Signed by Client": "Signed for your company. The firm counter-signs next; the sealed PDF follows.",
  Signed: "Signed by both sides: testing may take place in this window.",
  Superseded: "The firm is preparing a new version of this authorization; it replaces this one once sent.",
  Altered:
    "This version's text no longer matches the document hash that was signed: it was changed after it was sent. It does not authorize testing; the firm sends a new version.",
};

const pdfUrl = (id: string) => `/api/client/authorizations/${id}/pdf`;

/**
 * A project's testing authorization in the portal (docs/PRODUCT.md#engagement-authorization): the
 * newest version the firm sent, for an owner to sign; once both sides signed, the sealed PDF; the
 * older versions below with their states.
 */
export function PortalAuthorization({ versions, canSign }: { versions: AuthorizationVersion[]; canSign: boolean }) {
  const [message, setMessage] = useState<{ text: string; tone: "success" | "error" } | null>(null);
  const [newest, ...older] = versions;
  if (!newest) return null;
  return (
    <Card className="flex flex-col gap-3 lg:col-span-2" role="region" aria-labelledby="portal-authorization-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="portal-authorization-heading" className="flex items-center gap-2 text-lg font-semibold">
          <FileSignature className="h-5 w-5 text-accent" aria-hidden />
          Authorization
        </h2>
        <span className="flex items-center gap-2 text-sm text-muted">
          Version {newest.version} <AuthorizationStateBadge state={newest.state} side="client" />
        </span>
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <p className="text-sm text-muted">{STATE_TEXTS[newest.state]}</p>
      <AuthorizationDocument version={newest} />
      <AuthorizationSignatures version={newest} />
      {newest.state === "Sent" && newest.documentHash ? (
        canSign ? (
          <SignatureForm
            url={`/api/client/authorizations/${newest.id}/sign`}
            documentHash={newest.documentHash}
            side="client"
            notify={(text, tone) => setMessage({ text, tone })}
            done={() => `Signed version ${newest.version} of the authorization.`}
          />
        ) : (
          <p className="text-sm text-muted">Only an owner of your company can sign the authorization.</p>
        )
      ) : null}
      {newest.state === "Signed" ? (
        <a href={pdfUrl(newest.id)} className="text-sm text-accent underline underline-offset-2">
          Download the sealed PDF (version {newest.version})
        </a>
      ) : null}
      {older.length > 0 ? (
        <div className="border-t border-border pt-3">
          <h3 className="text-sm font-semibold">Earlier versions</h3>
          <EarlierVersions versions={older} pdfUrl={pdfUrl} />
        </div>
      ) : null}
    </Card>
  );
}
