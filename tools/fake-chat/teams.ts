// A Teams Workflows webhook ("When a Teams webhook request is received"): an Azure Logic Apps
// request trigger. It checks the shared-access signature in the URL, takes a POST only, and
// answers 202 Accepted (the flow runs after the answer); errors are Logic Apps' JSON bodies.
import type http from "node:http";
import { cardProblem } from "./adaptive-card";
import type { ChatContext } from "./context";
import { azureError, isJson, parseJson, readBody } from "./http";

/** Teams refuses a message over 28 KB. */
const MAX_BYTES = 28 * 1024;
const READ_LIMIT = 1024 * 1024;

export async function handleTeams(ctx: ChatContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const refuse = (status: number, code: string, message: string, headers?: Record<string, string>) => {
    ctx.refused.push({ kind: "teams", path: url.pathname, status, error: code });
    azureError(res, status, code, message, headers);
  };
  const body = await readBody(req, READ_LIMIT);
  const hook = ctx.hooks.teamsAt(url.pathname);
  if (!hook || hook.removed) return refuse(404, "WorkflowNotFound", "The workflow could not be found.");
  const query = url.searchParams;
  if (!query.get("api-version"))
    return refuse(400, "MissingApiVersionParameter", "The api-version query parameter (?api-version=) is required for all requests.");
  if (!query.get("sig") || !query.get("sp") || !query.get("sv"))
    return refuse(401, "DirectApiAuthorizationRequired", "The request must be authenticated only by Shared Access scheme.");
  if (query.get("sig") !== hook.sig)
    return refuse(401, "DirectApiInvalidAuthorizationSignature", "The provided authorization signature is not valid.");
  if (req.method !== "POST")
    return refuse(
      400,
      "TriggerRequestMethodNotValid",
      `The HTTP method for this request is not valid: expected 'Post' and actual '${req.method}'.`,
    );
  if (body.bytes > MAX_BYTES)
    return refuse(413, "RequestEntityTooLarge", `The message is ${body.bytes} bytes; Teams takes at most ${MAX_BYTES}.`);
  const payload = isJson(req) ? parseJson(body.text) : body.text;
  if (payload === undefined) return refuse(400, "InvalidRequestContent", "The request content is not valid and could not be deserialized.");
  const problem = cardProblem(payload);
  if (problem)
    return refuse(
      400,
      "TriggerInputSchemaMismatch",
      `The input body for trigger 'manual' of type 'Request' did not match its schema definition. Error details: '${problem}'.`,
    );
  const turn = hook.bucket.take(ctx.now());
  if (!turn.ok)
    return refuse(429, "RequestsThrottled", "The webhook's rate limit is exceeded. Try again later.", {
      "retry-after": String(turn.retryAfterSeconds),
    });
  ctx.received.push({
    kind: "teams",
    url: `${ctx.base}${url.pathname}`,
    body: payload as Record<string, unknown>,
    at: new Date(ctx.now()),
  });
  res.writeHead(202, { "content-length": "0" });
  res.end();
}
