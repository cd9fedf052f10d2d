// /_fake/*: the control methods over HTTP, for a fake started from the command line (cli.ts) and
// steered with curl. Each endpoint calls the method of the object startFakeGitLab returns.
import type http from "node:http";
import { json, readParams } from "./http";
import type { FakeGitLab } from "./server";
import type { Visibility } from "./state";

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
// A form-encoded body (curl -d without a content type) carries numbers as text.
const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : undefined);
const strings = (v: unknown) => (Array.isArray(v) && v.every((s) => typeof s === "string") ? (v as string[]) : undefined);

export async function handleControl(
  fake: Omit<FakeGitLab, "url" | "port" | "close">,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? "GET";
  const path = url.pathname;
  const body = (method === "POST" ? await readParams(req, new URL("http://fake.local/")) : {}) ?? {};
  const project = num(body.project) ?? str(body.project) ?? "";
  const iid = num(body.iid) ?? 0;
  try {
    if (method === "GET" && path === "/_fake/health") return json(res, 200, { ok: true });
    if (method === "GET" && path === "/_fake/state") return json(res, 200, fake.summary());
    if (method === "GET" && path === "/_fake/deliveries") return json(res, 200, fake.deliveries());
    if (method === "POST" && path === "/_fake/projects")
      return json(
        res,
        200,
        fake.addProject({
          namespace: str(body.namespace) ?? "",
          name: str(body.name) ?? "",
          issues: body.issues !== false,
          visibility: str(body.visibility) as Visibility | undefined,
        }),
      );
    if (method === "POST" && path === "/_fake/tokens") {
      const token = fake.issueToken({
        project,
        scopes: strings(body.scopes),
        accessLevel: num(body.access_level),
        expiresAt: str(body.expires_at) ?? num(body.expires_at),
        token: str(body.token),
        rateLimit: num(body.rate_limit),
        name: str(body.name),
      });
      return json(res, 200, { token });
    }
    if (method === "POST" && path === "/_fake/tokens/revoke") {
      fake.revokeToken(str(body.token) ?? "", { botDeleted: body.bot_deleted === true });
      return json(res, 200, { ok: true });
    }
    if (method === "POST" && path === "/_fake/webhooks")
      return json(res, 200, { id: fake.addWebhook(project, { url: str(body.url) ?? "", token: str(body.token) }) });
    if (method === "POST" && path === "/_fake/issues/close") return json(res, 200, await fake.closeIssue(project, iid));
    if (method === "POST" && path === "/_fake/issues/reopen") return json(res, 200, await fake.reopenIssue(project, iid));
    if (method === "POST" && path === "/_fake/issues/forge")
      return json(res, 200, await fake.forgeDelivery(project, iid, { token: str(body.token) }));
  } catch (error) {
    return json(res, 400, { error: error instanceof Error ? error.message : String(error) });
  }
  json(res, 404, { error: `No control endpoint ${method} ${path}` });
}
