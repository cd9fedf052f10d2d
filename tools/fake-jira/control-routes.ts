// /_fake/*: the control methods over HTTP, for a fake started from the command line (cli.ts) and
// steered with curl. Each endpoint calls the method of the object startFakeJira returns; a body is
// JSON or form-encoded.
import type http from "node:http";
import { json, readParams } from "./http";
import type { StatusName } from "./people";
import type { FakeJira } from "./server";

const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);
const strings = (v: unknown) => (Array.isArray(v) && v.every((s) => typeof s === "string") ? (v as string[]) : undefined);
const permissionsOf = (v: unknown) =>
  v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every((list) => strings(list))
    ? (v as Record<string, string[]>)
    : undefined;

export async function handleControl(
  fake: Omit<FakeJira, "url" | "port" | "close">,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? "GET";
  const path = url.pathname;
  try {
    const body = method === "POST" ? await readParams(req) : {};
    if (method === "GET" && path === "/_fake/health") return json(res, 200, { ok: true });
    if (method === "GET" && path === "/_fake/state") return json(res, 200, { issues: fake.issues(), deliveries: fake.deliveries() });
    if (method === "GET" && path === "/_fake/deliveries") return json(res, 200, fake.deliveries());
    if (method === "POST" && path === "/_fake/projects")
      return json(
        res,
        200,
        fake.addProject({ key: str(body.key) ?? "", name: str(body.name) ?? "", issueTypes: strings(body.issueTypes) }),
      );
    if (method === "POST" && path === "/_fake/users")
      return json(
        res,
        200,
        fake.addUser({
          email: str(body.email) ?? "",
          displayName: str(body.displayName),
          permissions: permissionsOf(body.permissions),
          apiToken: str(body.apiToken),
          pat: body.pat === true || body.pat === "true" ? true : str(body.pat),
        }),
      );
    if (method === "POST" && path === "/_fake/tokens") return json(res, 200, { apiToken: fake.issueToken(str(body.email) ?? "") });
    if (method === "POST" && path === "/_fake/pats") return json(res, 200, { pat: fake.issuePat(str(body.email) ?? "") });
    if (method === "POST" && path === "/_fake/tokens/revoke") {
      fake.revokeToken(str(body.apiToken) ?? str(body.pat) ?? str(body.token) ?? "");
      return json(res, 200, { ok: true });
    }
    if (method === "POST" && path === "/_fake/webhooks")
      return json(res, 200, { id: fake.addWebhook({ url: str(body.url) ?? "", secret: str(body.secret), events: strings(body.events) }) });
    if (method === "POST" && path === "/_fake/issues/transition")
      return json(res, 200, await fake.transitionIssue(str(body.key) ?? "", (str(body.to) ?? "") as StatusName));
    if (method === "POST" && path === "/_fake/issues/close") return json(res, 200, await fake.closeIssue(str(body.key) ?? ""));
    if (method === "POST" && path === "/_fake/issues/reopen") return json(res, 200, await fake.reopenIssue(str(body.key) ?? ""));
    if (method === "POST" && path === "/_fake/issues/forge")
      return json(res, 200, await fake.forgeDelivery(str(body.key) ?? "", { secret: str(body.secret) }));
  } catch (error) {
    return json(res, 400, { error: error instanceof Error ? error.message : String(error) });
  }
  json(res, 404, { error: `No control endpoint ${method} ${path}` });
}
