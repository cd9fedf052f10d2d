import { StatusBadge } from "@/components/ui/status-badge";
import { SIGNATURE_METHOD_LABELS } from "@/lib/domain/signature-method";
import type { Tone } from "@/lib/domain/tone";
import { formatDateTime } from "@/lib/format";
import type { AuthorizationState, AuthorizationVersion } from "@/features/authorizations/server";

const STATE_TONES: Record<AuthorizationState, Tone> = {
  Draft: "slate",
  Sent: "sky",
  "Signed by Client": "indigo",
  Signed: "emerald",
  Superseded: "amber",
  Altered: "red",
};

/**
 * A version's state as a pill: Draft, Sent, Signed by Client, Signed, Superseded or Altered. The
 * client's copy says what a sent version waits for: "Awaiting your signature", not the firm's "Sent".
 */
export function AuthorizationStateBadge({ state, side = "firm" }: { state: AuthorizationState; side?: "firm" | "client" }) {
  const label = side === "client" && state === "Sent" ? "Awaiting your signature" : state;
  return <StatusBadge value={state.toLowerCase().replaceAll(" ", "-")} label={label} tone={STATE_TONES[state]} />;
}

function Items({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium">{title}</dt>
      <dd className="text-muted">
        {items.length === 0 ? (
          empty
        ) : (
          <ul className="list-inside list-disc">
            {items.map((item, n) => (
              <li key={n} className="break-words">
                {item}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}

/** What a version says: the scope, the window, the people, the price and the terms, as the signers read it. */
export function AuthorizationDocument({ version }: { version: Pick<AuthorizationVersion, "content" | "version" | "documentHash"> }) {
  const { content } = version;
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Items title="In scope" items={content.inScope} empty="—" />
        <Items title="Out of scope" items={content.outOfScope} empty="Nothing named" />
        <div>
          <dt className="font-medium">Testing window (UTC)</dt>
          <dd className="text-muted">
            {content.windowStart} to {content.windowEnd}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="font-medium">Price or plan</dt>
          <dd className="break-words text-muted">{content.price}</dd>
        </div>
        <Items title="Testers" items={content.testers} empty="—" />
        <Items title="Emergency contacts" items={content.emergencyContacts} empty="—" />
      </dl>
      {/* In full, never folded: the owner signs what they could read above the signature. */}
      <section aria-label="Terms" className="rounded-md border border-border p-3">
        <h3 className="font-medium">Terms</h3>
        <p className="mt-2 whitespace-pre-wrap break-words text-muted">{content.terms}</p>
      </section>
      {version.documentHash ? (
        <p className="break-all text-xs text-muted">
          Document hash (SHA-256): <span className="font-mono">{version.documentHash}</span>
        </p>
      ) : null}
    </div>
  );
}

/** Who signed a version: the name typed, the account, how it was confirmed, when and from where. */
export function AuthorizationSignatures({ version }: { version: Pick<AuthorizationVersion, "signatures"> }) {
  if (version.signatures.length === 0) return null;
  return (
    <ul className="space-y-1 text-xs text-muted">
      {version.signatures.map((signature) => (
        <li key={signature.side} className="break-words">
          <span className="font-medium text-foreground">
            {signature.side === "client" ? "Signed for the client" : "Counter-signed by the firm"}
          </span>{" "}
          by {signature.signerName} ({signature.signerEmail}) · {SIGNATURE_METHOD_LABELS[signature.method]} ·{" "}
          {formatDateTime(signature.signedAt)} · {signature.clientAddress}
        </li>
      ))}
    </ul>
  );
}

/** The versions before the newest, each with its state, and its sealed PDF once both sides signed. */
export function EarlierVersions({ versions, pdfUrl }: { versions: AuthorizationVersion[]; pdfUrl: (id: string) => string }) {
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {versions.map((version) => (
        <li key={version.id} className="flex flex-wrap items-center gap-2">
          <span>Version {version.version}</span>
          <AuthorizationStateBadge state={version.state} />
          {version.sentAt ? <span className="text-xs text-muted">sent {formatDateTime(version.sentAt)}</span> : null}
          {version.state === "Signed" ? (
            <a href={pdfUrl(version.id)} className="text-accent underline underline-offset-2">
              Sealed PDF
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
