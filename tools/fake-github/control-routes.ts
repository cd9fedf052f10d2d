// /_fake/*: the control methods over HTTP, for a fake started from the command line (cli.ts) and
// steered with curl. Each endpoint calls the method of the object startFakeGitHub returns.
import type http from "node:http";
import { json, readJsonObject } from "./http";
import type { FakeGitHub } from "./server";
import type { Permissions, TokenKind } from "./state";

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const num = (v: unknown) => (typeof v === "number" ? v : undefined);
const strings = (v: unknown) => (Array.isArray(v) && v.every((s) => typeof s === "string") ? (v as string[]) : undefined);

export async function handleControl(
  fake: Omit<FakeGitHub, "url" | "port" | "close">,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
): Promise<void> {
  const method = req.method ?? "GET";
  const body = (method === "POST" ? await readJsonObject(req) : {}) ?? {};
  const repo = str(body.repo) ?? "";
  const number = num(body.number) ?? 0;
  try {
    if (method === "GET" && path === "/_fake/health") return json(res, 200, { ok: true });
    if (method === "GET" && path === "/_fake/state") return json(res, 200, fake.summary());
    if (method === "GET" && path === "/_fake/deliveries") return json(res, 200, fake.deliveries());
    if (method === "POST" && path === "/_fake/repos")
      return json(
        res,
        200,
        fake.addRepo({
          owner: str(body.owner) ?? "",
          name: str(body.name) ?? "",
          issues: body.issues !== false,
          private: body.private !== false,
        }),
      );
    if (method === "POST" && path === "/_fake/tokens") {
      const token = fake.issueToken({
        kind: (str(body.kind) ?? "fine-grained") as TokenKind,
        repos: strings(body.repos),
        permissions: (typeof body.permissions === "object" && body.permissions !== null ? body.permissions : undefined) as
          Permissions | undefined,
        scopes: strings(body.scopes),
        login: str(body.login),
        rateLimit: num(body.rate_limit),
        token: str(body.token),
      });
      return json(res, 200, { token });
    }
    if (method === "POST" && path === "/_fake/tokens/revoke") {
      fake.revokeToken(str(body.token) ?? "");
      return json(res, 200, { ok: true });
    }
    if (method === "POST" && path === "/_fake/webhooks")
      return json(res, 200, {
        id: fake.addWebhook(repo, { url: str(body.url) ?? "", secret: str(body.secret) ?? "", events: strings(body.events) }),
      });
    if (method === "POST" && path === "/_fake/issues/close")
      return json(res, 200, await fake.closeIssue(repo, number, str(body.reason) === "not_planned" ? "not_planned" : "completed"));
    if (method === "POST" && path === "/_fake/issues/reopen") return json(res, 200, await fake.reopenIssue(repo, number));
    if (method === "POST" && path === "/_fake/deliveries/redeliver") return json(res, 200, await fake.redeliver(str(body.guid) ?? ""));
    if (method === "POST" && path === "/_fake/issues/forge")
      return json(res, 200, await fake.forgeDelivery(repo, number, { secret: str(body.secret) }));
  } catch (error) {
    return json(res, 400, { error: error instanceof Error ? error.message : String(error) });
  }
  json(res, 404, { error: `No control endpoint ${method} ${path}` });
}
