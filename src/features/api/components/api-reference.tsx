import { ArrowLeft, FileJson } from "lucide-react";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { API_SCOPE_LABELS, API_SCOPES } from "@/lib/domain/api-scope";
import { WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhook";
import type { openApiDocument } from "@/features/api/server";
import { describeSchema, type JsonSchema, operationsOf, schemaFields } from "./api-reference-model";

type Document = ReturnType<typeof openApiDocument>;

const METHOD_TONES: Record<string, string> = {
  GET: "bg-sky-500/15 text-sky-300",
  POST: "bg-emerald-500/15 text-emerald-300",
  PUT: "bg-amber-500/15 text-amber-300",
  DELETE: "bg-red-500/15 text-red-300",
};

/** A type as readable text, a component schema as a link to its table. */
function TypeOf({ schema }: { schema: JsonSchema }) {
  const { text, ref } = describeSchema(schema);
  return ref ? (
    <a href={`#schema-${ref}`} className="text-accent underline underline-offset-2">
      {text}
    </a>
  ) : (
    <span>{text}</span>
  );
}

function FieldsTable({ schema, caption }: { schema: JsonSchema; caption: string }) {
  const fields = schemaFields(schema);
  if (fields.length === 0) return null;
  return (
    <div className="mt-3">
      {/* Long names break anywhere, so the table fits a phone instead of scrolling sideways. */}
      <table className="w-full text-left text-sm [overflow-wrap:anywhere]">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Type
            </th>
            <th scope="col" className="py-1 font-medium">
              About
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} className="border-t border-slate-800 align-top">
              <th scope="row" className="py-1.5 pr-4 font-mono text-xs font-normal">
                {field.name}
                {field.required ? "" : " (optional)"}
              </th>
              <td className="py-1.5 pr-4 font-mono text-xs">
                <TypeOf schema={field.schema} />
              </td>
              <td className="py-1.5 text-muted">{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The company API's reference for its owners (docs/PRODUCT.md#api-and-webhooks), rendered from the
 * very OpenAPI document /api/v1/openapi.json serves: every route with its scope, parameters, body
 * and answers, then each schema's fields. Static: no script is needed to read it.
 */
export function ApiReference({ document }: { document: Document }) {
  const operations = operationsOf(document);
  const schemas = Object.entries(document.components.schemas) as [string, JsonSchema][];
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <Link
        href="/client-portal?section=settings&tab=api"
        className="inline-flex items-center gap-1 text-sm text-accent underline underline-offset-2"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Settings
      </Link>
      <h1 className="mt-4 text-3xl font-bold">API reference</h1>
      <p className="mt-2 text-muted">{document.info.description}</p>
      <Card className="mt-6 space-y-3 text-sm">
        <p>
          Base address: <code className="font-mono">{document.servers[0]?.url}</code>. Send a company API token (Settings → API tokens) in
          every request: <code className="font-mono">Authorization: Bearer sai_pat_…</code>. A token may make 300 requests a minute; the{" "}
          <code className="font-mono">RateLimit-*</code> headers say how many are left.
        </p>
        <p>
          Lists come a page at a time: pass the answer&apos;s <code className="font-mono">nextCursor</code> as{" "}
          <code className="font-mono">cursor</code> for the next page. Errors are problem details (
          <code className="font-mono">application/problem+json</code>) whose <code className="font-mono">detail</code> says what to do. Send
          an <code className="font-mono">Idempotency-Key</code> with a POST to retry it safely.
        </p>
        <p>
          <a href="/api/v1/openapi.json" className="inline-flex items-center gap-1 text-accent underline underline-offset-2">
            <FileJson className="h-4 w-4" aria-hidden /> The OpenAPI 3.1 document
          </a>{" "}
          for code generators and API clients.
        </p>
      </Card>

      <section aria-labelledby="scopes-heading" className="mt-8">
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
      </section>

      <section aria-labelledby="routes-heading" className="mt-8">
        <h2 id="routes-heading" className="text-xl font-semibold">
          Routes
        </h2>
        {operations.map((op) => (
          <Card key={`${op.method} ${op.path}`} className="mt-4" role="region" aria-labelledby={`op-${op.operationId}`}>
            <h3 id={`op-${op.operationId}`} className="flex flex-wrap items-center gap-2 font-mono text-sm">
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${METHOD_TONES[op.method] ?? ""}`}>{op.method}</span>{" "}
              <span className="break-all">{op.path}</span>
            </h3>
            <p className="mt-2 text-sm">{op.summary}</p>
            <p className="mt-1 text-xs text-muted">
              Scope: <span className="font-mono">{op.scopes.join(", ")}</span>
            </p>
            {op.parameters.length > 0 ? (
              <FieldsTable caption={`Parameters of ${op.method} ${op.path}`} schema={op.parametersSchema} />
            ) : null}
            {op.body ? (
              <>
                <h4 className="mt-4 text-sm font-semibold">JSON body</h4>
                <FieldsTable caption={`Body of ${op.method} ${op.path}`} schema={op.body} />
              </>
            ) : null}
            <h4 className="mt-4 text-sm font-semibold">Answers</h4>
            <ul className="mt-1 space-y-1 text-sm">
              {op.responses.map((r) => (
                <li key={r.status}>
                  <span className="font-mono">{r.status}</span> {r.description}
                  {r.schema ? (
                    <>
                      {" "}
                      (<TypeOf schema={r.schema} />)
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </section>

      <section aria-labelledby="webhook-events-heading" className="mt-8">
        <h2 id="webhook-events-heading" className="text-xl font-semibold">
          Webhook events
        </h2>
        <p className="mt-2 text-sm text-muted">
          Signed per the Standard Webhooks specification (<code className="font-mono">webhook-id</code>,{" "}
          <code className="font-mono">webhook-timestamp</code>, <code className="font-mono">webhook-signature</code>). The body names the
          event&apos;s type and ids only: read the rest with a token.
        </p>
        <ul className="mt-2 grid gap-1 font-mono text-xs sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <li key={type}>{type}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="schemas-heading" className="mt-8">
        <h2 id="schemas-heading" className="text-xl font-semibold">
          Schemas
        </h2>
        {schemas.map(([name, schema]) => (
          <Card key={name} className="mt-4" role="region" aria-labelledby={`schema-${name}`}>
            <h3 id={`schema-${name}`} className="scroll-mt-4 font-mono text-sm font-semibold">
              {name}
            </h3>
            {schema.description ? <p className="mt-1 text-sm text-muted">{schema.description}</p> : null}
            <FieldsTable caption={`Fields of ${name}`} schema={schema} />
          </Card>
        ))}
      </section>
    </main>
  );
}
