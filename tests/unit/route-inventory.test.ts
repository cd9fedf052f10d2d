// Every route handler under src/app/api, with each method and why it is a route and not a server
// action (CONTRIBUTING.md, "Calling the server"): a screen's change is a server action, so a
// route exists only for what is not one. A route file or method missing here fails, and so does a
// row whose route is gone; a new mutating route needs a deliberate row with a category below.
// The files are read as text (no Next import), which keeps this test fast.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const API = path.join(ROOT, "src/app/api");

const CATEGORIES = {
  /** An upload, or a download: a file, a signed link to one, or the redirect to it. */
  file: "file transfer",
  /** A CSV or other file a person saves. */
  export: "export",
  /** A provider's server calls it, signed. */
  webhook: "webhook",
  /** The payment provider's connection: authorization, its return, status, disconnect, sync. */
  oauth: "OAuth and payment provider",
  health: "health probe",
  /** A browser or mail client posting on its own: CSP reports, RFC 8058 one-click unsubscribe. */
  machine: "machine client",
  /** better-auth's handler. */
  auth: "auth",
  /** A public endpoint the product's contract names (the contact form). */
  publicForm: "public form",
  /** What a view loads when shown (useReadOnShow): reads, never a change. */
  read: "read on show",
  /** The company API a client's systems call with a token (docs/PRODUCT.md#api-and-webhooks): `{ data }`, problem+json errors. */
  api: "company API",
  /** A share recipient's own session and acts (docs/PRODUCT.md#sharing-with-third-parties): a mailed link's cookie, no user. */
  recipient: "share recipient",
} as const;
type Category = keyof typeof CATEGORIES;

/** A read changes nothing; every other category may take a POST (the company API's writes are a machine's, never a screen's). */
const MAY_CHANGE: ReadonlySet<Category> = new Set(["file", "webhook", "oauth", "machine", "auth", "publicForm", "api", "recipient"]);

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

const ROUTES: Record<string, Partial<Record<Method, Category>>> = {
  // The counter-signature asks for a fresh second factor in place, like a report download.
  "/api/admin/authorizations/[id]/countersign": { POST: "file" },
  "/api/admin/authorizations/[id]/pdf": { GET: "file" },
  "/api/admin/documents/[id]": { GET: "file" },
  "/api/admin/documents/upload": { POST: "file" },
  "/api/admin/exports/clients": { GET: "export" },
  "/api/admin/exports/invoices": { GET: "export" },
  "/api/admin/invoices/[id]/pdf": { GET: "export" },
  "/api/admin/clients/[id]/statement": { GET: "export" },
  "/api/admin/attestations/[id]/pdf": { GET: "export" },
  "/api/admin/exports/projects": { GET: "export" },
  "/api/admin/exports/findings": { GET: "export" },
  "/api/admin/findings/[id]/evidence": { POST: "file" },
  "/api/admin/findings/evidence/[id]": { GET: "file" },
  // A SARIF file's text, up to 5 MB: past a server action's body limit.
  "/api/admin/findings/import": { POST: "file" },
  "/api/admin/messages/attachments/[id]": { GET: "file" },
  // A reply may carry a file (multipart); GET is a page of the thread the conversation view loads.
  "/api/admin/messages/threads/[id]": { GET: "read", POST: "file" },
  "/api/admin/messages/threads": { POST: "file" },
  // The fresh second factor, then a stamped copy's signed link.
  "/api/admin/reports/[id]/download": { POST: "file" },
  "/api/admin/reports": { GET: "read" },
  "/api/admin/attestations": { GET: "read" },
  "/api/admin/authorizations": { GET: "read" },
  "/api/admin/reports/upload": { POST: "file" },
  "/api/admin/reports/generated": { GET: "file" },
  "/api/admin/settings/report-template": { GET: "file", POST: "file" },
  "/api/auth/[...all]": { GET: "auth", POST: "auth" },
  "/api/client/access-log/export": { GET: "export" },
  "/api/client/access-log": { GET: "read" },
  "/api/v1/findings": { GET: "api" },
  "/api/v1/exports/findings": { GET: "api" },
  "/api/v1/findings/[id]": { GET: "api" },
  "/api/v1/projects": { GET: "api" },
  "/api/v1/reports": { GET: "api" },
  "/api/v1/invoices": { GET: "api" },
  "/api/v1/openapi.json": { GET: "api" },
  "/api/v1/attestation-letters": { GET: "api" },
  "/api/v1/engagements/[id]/coverage": { GET: "api" },
  "/api/v1/engagements/[id]/evidence-pack": { GET: "api" },
  "/api/v1/retests": { GET: "api" },
  "/api/trackers/github/[id]": { POST: "webhook" },
  "/api/trackers/gitlab/[id]": { POST: "webhook" },
  "/api/trackers/jira/[id]": { POST: "webhook" },
  "/api/v1/access-log": { GET: "api" },
  "/api/v1/findings/[id]/comments": { POST: "api" },
  "/api/v1/findings/[id]/retest-requests": { POST: "api" },
  "/api/v1/findings/[id]/risk-acceptance": { POST: "api" },
  "/api/v1/findings/[id]/remediation-owner": { PUT: "api" },
  "/api/v1/projects/[id]/model-versions": { PUT: "api" },
  "/api/v1/projects/[id]/runs": { POST: "api" },
  "/api/v1/findings/[id]/runs": { POST: "api" },
  "/api/v1/webhooks": { GET: "api", POST: "api" },
  "/api/v1/webhooks/[id]": { DELETE: "api" },
  "/api/v1/shares": { GET: "api" },
  "/api/v1/shares/[id]/revoke": { POST: "api" },
  "/api/client/authorizations/[id]/sign": { POST: "file" },
  "/api/client/authorizations/[id]/pdf": { GET: "file" },
  "/api/client/documents/[id]": { GET: "file" },
  "/api/client/findings/evidence/[id]": { GET: "file" },
  "/api/client/findings/export": { GET: "export" },
  "/api/client/findings/interchange": { GET: "export" },
  "/api/client/invoices/export": { GET: "export" },
  "/api/client/invoices/[id]/pdf": { GET: "export" },
  "/api/client/statement": { GET: "export" },
  "/api/client/attestations/[id]/pdf": { GET: "export" },
  "/api/client/messages/attachments/[id]": { GET: "file" },
  "/api/client/retainer/export": { GET: "export" },
  "/api/client/messages/threads/[id]": { GET: "read", POST: "file" },
  "/api/client/messages/threads": { POST: "file" },
  "/api/client/reports/[id]/download": { POST: "file" },
  // The fresh proof, then a finding's reproducer and its detached signature, small enough for the body.
  "/api/client/findings/[id]/reproducer": { POST: "file" },
  // A run's results file, uploaded and counted as it streams in (a server action's body is capped at 256 KB).
  "/api/client/findings/[id]/runs": { POST: "file" },
  "/api/client/reports": { GET: "read" },
  "/api/contact/send": { POST: "publicForm" },
  "/api/csp-report": { POST: "machine" },
  "/api/files/[id]": { GET: "file" },
  "/api/health": { GET: "health" },
  "/api/notifications/unsubscribe": { GET: "machine", POST: "machine" },
  // The client login asks which way a typed address signs in (its company's single sign-on).
  "/api/sso/lookup": { GET: "read" },
  "/api/oauth/square/callback": { GET: "oauth" },
  // The stamped report copy behind a signed link.
  "/api/reports/files/[id]": { GET: "file" },
  "/api/shared/session": { POST: "recipient", DELETE: "recipient" },
  "/api/shared/link": { POST: "recipient" },
  "/api/shared/nda": { POST: "recipient" },
  "/api/shared/items/[id]/file": { GET: "file" },
  "/api/shared/items/[id]/pages/[page]": { GET: "file" },
  // Disconnecting revokes the token at Square first: part of the provider's connection.
  "/api/oauth/square": { GET: "oauth", POST: "oauth" },
  "/api/square/sync-invoices": { GET: "oauth" },
  "/api/square/webhook": { POST: "webhook" },
  // A program holding a letter's JWS reads its state here (the statusUrl the letter signs).
  "/api/verify/[code]": { GET: "machine" },
};

/**
 * Success bodies that are not `{ success: true, ...fields }`, each with its reason; any other
 * `Response.json(` in a route (or a module's route helper) must start with `{ success: true`.
 */
const OTHER_BODIES: Record<string, string> = {
  "src/app/api/health/route.ts": "the probe's { status }, which load balancers read (docs/DEPLOYMENT.md)",
  "src/app/api/oauth/square/route.ts": "status is { connected, merchant_id, expires_in_days }, the connection card's contract",
  "src/app/api/square/sync-invoices/route.ts": "SyncResult is typed { success: true, synced, message }",
  "src/app/api/auth/[...all]/route.ts": "better-auth's own bodies",
  "src/app/api/v1/openapi.json/route.ts": "the OpenAPI document itself",
};
/** Module files that build a route's answer (a route factory), checked like the routes. */
const ROUTE_HELPERS = ["src/features/messages/server/message-thread-route.ts"];

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** The url path of a route file: route groups left out, dynamic segments as written. */
const urlOf = (file: string) =>
  `/${path
    .relative(path.join(ROOT, "src/app"), path.dirname(file))
    .split(path.sep)
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .join("/")}`;

const METHOD = /^(GET|POST|PUT|PATCH|DELETE)$/;

/** The HTTP methods a route file exports: `export const GET`, `export async function POST`, `export const { GET, POST } =`. */
function exportedMethods(source: string): Method[] {
  const named = [...source.matchAll(/export\s+(?:const|let|(?:async\s+)?function)\s+([A-Z]+)\b/g)].map((m) => m[1]!);
  const destructured = [...source.matchAll(/export\s+const\s*\{([^}]*)\}\s*=/g)].flatMap((m) =>
    m[1]!.split(",").map((name) => name.split(":").pop()!.trim()),
  );
  return [...named, ...destructured].filter((name): name is Method => METHOD.test(name)).sort();
}

const found = Object.fromEntries(
  routeFiles(API).map((file) => [urlOf(file), { file, methods: exportedMethods(fs.readFileSync(file, "utf8")) }]),
);

describe("the route inventory", () => {
  it("names every route handler method on disk, and nothing that is gone", () => {
    const onDisk = Object.entries(found).flatMap(([url, { methods }]) => methods.map((method) => `${method} ${url}`));
    const listed = Object.entries(ROUTES).flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method} ${url}`));
    expect(onDisk.filter((entry) => !listed.includes(entry)).sort(), "on disk, not in ROUTES: add a row with its category").toEqual([]);
    expect(listed.filter((entry) => !onDisk.includes(entry)).sort(), "in ROUTES, not on disk: remove the row").toEqual([]);
  });

  it("lets only a category that may change data take a POST, PUT, PATCH or DELETE (a screen's change is a server action)", () => {
    const changing = Object.entries(ROUTES).flatMap(([url, methods]) =>
      Object.entries(methods)
        .filter(([method, category]) => method !== "GET" && !MAY_CHANGE.has(category))
        .map(([method, category]) => `${method} ${url}: ${CATEGORIES[category]}`),
    );
    expect(changing).toEqual([]);
  });

  it("answers success as one flat JSON object, { success: true, ...fields }, but the named exceptions", () => {
    const files = [...Object.values(found).map(({ file }) => path.relative(ROOT, file)), ...ROUTE_HELPERS];
    const stray = files.flatMap((file) => {
      if (OTHER_BODIES[file]) return [];
      const source = fs.readFileSync(path.join(ROOT, file), "utf8");
      return [...source.matchAll(/Response\.json\(\s*([^,)]{0,40})/g)]
        .filter((m) => !m[1]!.startsWith("{ success: true"))
        .map((m) => `${file}: Response.json(${m[1]}`);
    });
    expect(stray).toEqual([]);
    for (const file of Object.keys(OTHER_BODIES)) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it("reads the exports the way route files write them", () => {
    expect(exportedMethods("export const GET = withAdmin(x);\nexport async function POST() {}")).toEqual(["GET", "POST"]);
    expect(exportedMethods("export const { GET, POST } = threadRoute(withAdmin);")).toEqual(["GET", "POST"]);
    expect(exportedMethods('export const dynamic = "force-dynamic";\nexport function helper() {}')).toEqual([]);
  });
});
