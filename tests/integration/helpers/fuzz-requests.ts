// Bad requests for route handlers: multipart uploads with hostile fields and names, path params,
// query strings, and the call itself (raw bytes, any content type, a role's headers).
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { APP_ORIGIN } from "./auth";
import { badContentType, badId, badString, jsonBytes, type RawBody } from "./fuzz-values";
import { demoPdf } from "@/features/demo/server/demo-files";
import { docxBytes, pdfBytes } from "./upload-files";

export type RouteInput = {
  /** Path and query. */
  url: string;
  params?: Record<string, string | string[]>;
  body?: RawBody;
  headers?: Record<string, string>;
};

const encoder = new TextEncoder();

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.byteLength;
  }
  return out;
}

type Part = { name: string; value: string | { filename: string; type: string; bytes: Uint8Array } };

/** Multipart written by hand, so names and values may hold what FormData would clean up. */
export function multipart(boundary: string, parts: Part[]): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    if (typeof part.value === "string") {
      chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.value.filename}"\r\nContent-Type: ${part.value.type}\r\n\r\n`,
        ),
      );
      chunks.push(part.value.bytes, encoder.encode("\r\n"));
    }
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return concat(chunks);
}

const BOUNDARY = "----fuzz-boundary";

/** Upload bodies: one field or the file's name, type or bytes made bad, or no multipart at all. */
export function uploadInput(clientId: string): fc.Arbitrary<RouteInput> {
  const fileBytes = fc.oneof(fc.constant(pdfBytes()), fc.uint8Array({ maxLength: 2000 }), fc.constant(new Uint8Array(0)));
  const form = fc.record({
    clientId: fc.oneof(fc.constant(clientId), badId, badString),
    category: fc.oneof(fc.constantFrom("report", "deliverable"), badString),
    filename: fc.oneof(
      fc.constantFrom("report.pdf", "../../x.pdf", "a\r\nContent-Type: text/html\r\n\r\n.pdf", "x.exe", ".pdf", ""),
      badString,
    ),
    type: fc.oneof(fc.constant("application/pdf"), badString),
    bytes: fileBytes,
    withFile: fc.boolean(),
  });
  const good = form.map((f): RouteInput => ({
    url: "/api/admin/documents/upload",
    body: {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      bytes: multipart(BOUNDARY, [
        { name: "clientId", value: f.clientId },
        { name: "category", value: f.category },
        ...(f.withFile ? [{ name: "file", value: { filename: f.filename, type: f.type, bytes: f.bytes } }] : []),
      ]),
    },
  }));
  const junk = fc
    .record({
      contentType: fc.oneof(badContentType, fc.constant(`multipart/form-data; boundary=${BOUNDARY}`)),
      bytes: fc.uint8Array({ maxLength: 2000 }).map((a) => new Uint8Array(a)),
    })
    .map((body): RouteInput => ({ url: "/api/admin/documents/upload", body }));
  return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: junk });
}

/** Report uploads: the engagement, the title, the file's name, type or bytes made bad, or no multipart at all. */
export function reportUploadInput(projectId: string): fc.Arbitrary<RouteInput> {
  const url = "/api/admin/reports/upload";
  const form = fc.record({
    projectId: fc.oneof(fc.constant(projectId), badId, badString),
    title: fc.oneof(fc.constantFrom("Final report", "", "   "), badString),
    filename: fc.oneof(fc.constantFrom("report.pdf", "../../x.pdf", "report.docx", "x.exe", ""), badString),
    type: fc.oneof(fc.constant("application/pdf"), badString),
    bytes: fc.oneof(
      fc.constant(demoPdf("Fuzz report")),
      fc.constant(pdfBytes()),
      fc.uint8Array({ maxLength: 2000 }),
      fc.constant(new Uint8Array(0)),
    ),
    withFile: fc.boolean(),
  });
  const good = form.map((f): RouteInput => ({
    url,
    body: {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      bytes: multipart(BOUNDARY, [
        { name: "projectId", value: f.projectId },
        { name: "title", value: f.title },
        ...(f.withFile ? [{ name: "file", value: { filename: f.filename, type: f.type, bytes: f.bytes } }] : []),
      ]),
    },
  }));
  const junk = fc
    .record({
      contentType: fc.oneof(badContentType, fc.constant(`multipart/form-data; boundary=${BOUNDARY}`)),
      bytes: fc.uint8Array({ maxLength: 2000 }).map((a) => new Uint8Array(a)),
    })
    .map((body): RouteInput => ({ url, body }));
  return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: junk });
}

/** Scan-file imports: the engagement, the tool, the file's name and bytes good or bad, or no multipart at all. */
export function scanImportInput(projectId: string, goodFile: fc.Arbitrary<string>): fc.Arbitrary<RouteInput> {
  const url = "/api/admin/findings/import";
  const form = fc.record({
    projectId: fc.oneof(fc.constant(projectId), badId, badString),
    format: fc.oneof(fc.constantFrom("", "sarif", "nessus", "nuclei", "csv", "promptfoo"), badString),
    filename: fc.oneof(fc.constantFrom("scan.sarif", "scan.nessus", "results.jsonl", "../../x.json", "x.exe", ""), badString),
    bytes: fc.oneof(
      goodFile.map((text) => new TextEncoder().encode(text)),
      fc.uint8Array({ maxLength: 2000 }),
      fc.constant(new Uint8Array(0)),
      fc.string({ maxLength: 400 }).map((text) => new TextEncoder().encode(text)),
    ),
    withFile: fc.boolean(),
  });
  const good = form.map((f): RouteInput => ({
    url,
    body: {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      bytes: multipart(BOUNDARY, [
        { name: "projectId", value: f.projectId },
        { name: "format", value: f.format },
        ...(f.withFile ? [{ name: "file", value: { filename: f.filename, type: "application/json", bytes: f.bytes } }] : []),
      ]),
    },
  }));
  const junk = fc
    .record({
      contentType: fc.oneof(badContentType, fc.constant(`multipart/form-data; boundary=${BOUNDARY}`)),
      bytes: fc.uint8Array({ maxLength: 2000 }).map((a) => new Uint8Array(a)),
    })
    .map((body): RouteInput => ({ url, body }));
  return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: junk });
}

/** An owner's upload of a reproducer run's results: promptfoo results files, other JSON, junk, a version or none. */
export function runUploadInput(findingId: string): fc.Arbitrary<RouteInput> {
  const url = `/api/client/findings/${findingId}/runs`;
  const resultsFile = fc
    .array(fc.record({ success: fc.boolean(), failureReason: fc.constantFrom(0, 1, 2) }), { maxLength: 8 })
    .map((results) => JSON.stringify({ results: { results: results.map((r) => ({ ...r, provider: "openai:gpt-4o", testCase: {} })) } }));
  const form = fc.record({
    modelVersion: fc.oneof(fc.constantFrom("2026-12", "", " "), badString),
    bytes: fc.oneof(
      resultsFile.map((text) => new TextEncoder().encode(text)),
      fc.constant(jsonBytes({ results: { results: [{ success: "yes" }] } })),
      fc.uint8Array({ maxLength: 2000 }),
      fc.constant(new Uint8Array(0)),
    ),
    withFile: fc.boolean(),
  });
  const good = form.map((f): RouteInput => ({
    url,
    params: { id: findingId },
    body: {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      bytes: multipart(BOUNDARY, [
        { name: "modelVersion", value: f.modelVersion },
        ...(f.withFile ? [{ name: "file", value: { filename: "results.json", type: "application/json", bytes: f.bytes } }] : []),
      ]),
    },
  }));
  const junk = fc
    .record({
      contentType: fc.oneof(badContentType, fc.constant(`multipart/form-data; boundary=${BOUNDARY}`)),
      bytes: fc.uint8Array({ maxLength: 2000 }).map((a) => new Uint8Array(a)),
    })
    .map((body): RouteInput => ({ url, params: { id: findingId }, body }));
  return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: junk });
}

/** A Word template upload (Settings → Report template): the default template, other files, or junk. */
export function reportTemplateInput(): fc.Arbitrary<RouteInput> {
  const url = "/api/admin/settings/report-template";
  const template = new Uint8Array(readFileSync(path.join(process.cwd(), "src/features/reports/server/templates/default-report.docx")));
  const form = fc.record({
    filename: fc.oneof(fc.constantFrom("template.docx", "../../x.docx", "template.pdf", "x.exe", ""), badString),
    type: fc.oneof(fc.constant("application/octet-stream"), badString),
    bytes: fc.oneof(
      fc.constant(template),
      fc.constant(template.slice(0, 600)),
      fc.constant(docxBytes()),
      fc.constant(pdfBytes()),
      fc.uint8Array({ maxLength: 2000 }),
      fc.constant(new Uint8Array(0)),
    ),
    withFile: fc.boolean(),
  });
  const good = form.map((f): RouteInput => ({
    url,
    body: {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      bytes: multipart(BOUNDARY, f.withFile ? [{ name: "file", value: { filename: f.filename, type: f.type, bytes: f.bytes } }] : []),
    },
  }));
  const junk = fc
    .record({
      contentType: fc.oneof(badContentType, fc.constant(`multipart/form-data; boundary=${BOUNDARY}`)),
      bytes: fc.uint8Array({ maxLength: 2000 }).map((a) => new Uint8Array(a)),
    })
    .map((body): RouteInput => ({ url, body }));
  return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: junk });
}

/** A URL path segment for any string (a lone surrogate cannot be percent-encoded: it goes as U+FFFD). */
export const pathSegment = (value: string) => encodeURIComponent(value.toWellFormed());

/** A path parameter: the handler gets it decoded, the URL carries it encoded. */
export function idParamInput(prefix: string, suffix = ""): fc.Arbitrary<RouteInput> {
  return fc.oneof(badId, badString).map((id) => ({ url: `${prefix}/${pathSegment(id)}${suffix}`, params: { id } }));
}

/** A query string with the given parameters set to good or bad values, or missing. */
export function queryInput(path: string, fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<RouteInput> {
  const entries = Object.entries(fields).map(([name, good]) =>
    fc.option(fc.oneof(good, badString), { nil: undefined }).map((value) => [name, value] as const),
  );
  return fc.tuple(...entries).map((pairs) => {
    const query = new URLSearchParams();
    for (const [name, value] of pairs) if (value !== undefined) query.append(name, value);
    return { url: `${path}?${query}` };
  });
}

export type RouteHandler = (request: Request, context?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** The request Next would hand a handler for an input: its raw bytes, content type and headers. */
export function requestOf(method: string, input: RouteInput, roleHeaders: Headers = new Headers()): Request {
  const headers = new Headers(roleHeaders);
  for (const [name, value] of Object.entries(input.headers ?? {})) headers.set(name, value);
  const hasBody = method !== "GET" && method !== "HEAD" && input.body;
  if (hasBody && input.body!.contentType !== null) headers.set("content-type", input.body!.contentType);
  return new Request(`${APP_ORIGIN}${input.url}`, { method, headers, body: hasBody ? input.body!.bytes : undefined });
}

/** Calls a handler the way Next would, with the raw bytes and content type of the input. */
export async function sendRoute(
  handler: RouteHandler,
  method: string,
  input: RouteInput,
  roleHeaders: Headers,
): Promise<{ status: number; text: string; location: string | null }> {
  const request = requestOf(method, input, roleHeaders);
  const response = await handler(request, input.params ? { params: Promise.resolve(input.params) } : undefined);
  const raw = await response.text();
  const headerText = [...response.headers.entries()].map(([k, v]) => `${k}: ${v}`).join("\n");
  return { status: response.status, text: `${raw}\n\n${headerText}`, location: response.headers.get("location") };
}

/** Message forms (multipart): the text fields good or bad, with or without a file, or no multipart at all. */
export function messageFormInput(
  url: string,
  fields: Record<string, fc.Arbitrary<string>>,
  params?: Record<string, string>,
): fc.Arbitrary<RouteInput> {
  const names = Object.keys(fields);
  const form = fc.record({
    values: fc.tuple(...names.map((name) => fc.option(fc.oneof(fields[name]!, badString), { nil: undefined }))),
    filename: fc.oneof(fc.constantFrom("notes.pdf", "../../x.pdf", "x.exe", ""), badString),
    bytes: fc.oneof(fc.constant(pdfBytes()), fc.uint8Array({ maxLength: 2000 }), fc.constant(new Uint8Array(0))),
    withFile: fc.boolean(),
  });
  const good = form.map((f): RouteInput => ({
    url,
    params,
    body: {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      bytes: multipart(BOUNDARY, [
        ...names.flatMap((name, i) => (f.values[i] === undefined ? [] : [{ name, value: f.values[i]! }])),
        ...(f.withFile ? [{ name: "file", value: { filename: f.filename, type: "application/pdf", bytes: f.bytes } }] : []),
      ]),
    },
  }));
  const junk = fc
    .record({
      contentType: fc.oneof(badContentType, fc.constant(`multipart/form-data; boundary=${BOUNDARY}`)),
      bytes: fc.uint8Array({ maxLength: 2000 }).map((a) => new Uint8Array(a)),
    })
    .map((body): RouteInput => ({ url, params, body }));
  return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: junk });
}
