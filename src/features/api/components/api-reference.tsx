import { ArrowLeft, FileJson } from "lucide-react";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { API_SCOPE_LABELS, API_SCOPES } from "@/lib/domain/api-scope";
import { WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhook";
import { ApiViewer } from "./api-viewer";

/**
 * The company API's reference for its owners (docs/PRODUCT.md#api-and-webhooks): how to call it,
 * its scopes and webhook events, then the very OpenAPI document /api/v1/openapi.json serves (generated
 * from the routes' declarations) in Scalar's viewer. The viewer renders a <main> of its own, which
 * may not sit inside another landmark: so this page's frame is no <main>, its introduction a region.
 */
export function ApiReference({ documentUrl }: { documentUrl: string }) {
  return (
    <div id="main" className="mx-auto max-w-6xl px-4 py-10">
      <section aria-labelledby="api-reference-heading">
        <Link
          href="/client-portal?section=settings&tab=api"
          className="inline-flex items-center gap-1 text-sm text-accent underline underline-offset-2"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Settings
        </Link>
        <h1 id="api-reference-heading" className="mt-4 text-3xl font-bold">
          API reference
        </h1>
        <Card className="mt-6 space-y-3 text-sm">
          <p>
            Send a company API token (Settings → API tokens) in every request:{" "}
            <code className="font-mono">Authorization: Bearer sai_pat_…</code>. A token may make 300 requests a minute; the{" "}
            <code className="font-mono">RateLimit-*</code> headers say how many are left.
          </p>
          <p>
            Lists come a page at a time: pass the answer&apos;s <code className="font-mono">nextCursor</code> as{" "}
            <code className="font-mono">cursor</code> for the next page. Errors are problem details (
            <code className="font-mono">application/problem+json</code>) whose <code className="font-mono">detail</code> says what to do.
            Send an <code className="font-mono">Idempotency-Key</code> with a POST to retry it safely.
          </p>
          <p>
            <a href={documentUrl} className="inline-flex items-center gap-1 text-accent underline underline-offset-2">
              <FileJson className="h-4 w-4" aria-hidden /> The OpenAPI 3.1 document
            </a>{" "}
            for code generators and API clients.
          </p>
        </Card>

        <div className="mt-8 grid gap-8 md:grid-cols-2">
          <div>
            <h2 id="scopes-heading" className="text-xl font-semibold">
              Scopes
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              {API_SCOPES.map((scope) => (
                <div key={scope} className="contents">
                  <dt className="font-mono text-xs">{scope}</dt>
                  <dd className="text-muted">{API_SCOPE_LABELS[scope]}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div>
            <h2 id="webhook-events-heading" className="text-xl font-semibold">
              Webhook events
            </h2>
            <p className="mt-2 text-sm text-muted">
              Signed per the Standard Webhooks specification (<code className="font-mono">webhook-id</code>,{" "}
              <code className="font-mono">webhook-timestamp</code>, <code className="font-mono">webhook-signature</code>). The body names
              the event&apos;s type and ids only: read the rest with a token.
            </p>
            <ul className="mt-2 grid gap-1 font-mono text-xs sm:grid-cols-2">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <li key={type}>{type}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <div className="mt-8 overflow-hidden rounded-lg border border-border">
        <ApiViewer documentUrl={documentUrl} />
      </div>
    </div>
  );
}
