// The site's pages a person opens from a ticket's link: /browse/KEY-1 with its status, text,
// labels and comments, and buttons that move it through the workflow as the site's administrator.
import type http from "node:http";
import { documentText } from "./adf";
import type { JiraContext } from "./context";
import { readBody } from "./http";
import { moveIssue } from "./moves";
import { STATUSES } from "./state";

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function handlePages(ctx: JiraContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
  const match = /^\/browse\/([A-Z][A-Z0-9_]*-\d+)$/.exec(url.pathname);
  if (!match) return false;
  const issue = ctx.state.issues.get(match[1]!);
  if (!issue) {
    res
      .writeHead(404, { "content-type": "text/html; charset=utf-8" })
      .end("<!doctype html><title>Not found</title><h1>This issue can't be found</h1>");
    return true;
  }
  if (req.method === "POST") {
    const to = new URLSearchParams(await readBody(req)).get("to");
    const status = STATUSES.find((s) => s.name === to);
    if (status && status !== issue.status) await moveIssue(ctx, issue, status, ctx.admin);
    res.writeHead(303, { location: url.pathname }).end();
    return true;
  }
  const buttons = STATUSES.filter((s) => s !== issue.status)
    .map((s) => `<form method="post"><input type="hidden" name="to" value="${escape(s.name)}"><button>${escape(s.name)}</button></form>`)
    .join("");
  const comments = issue.comments
    .map((c) => `<li><b>${escape(c.author.displayName)}</b>: <pre>${escape(documentText(c.body))}</pre></li>`)
    .join("");
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>[${escape(issue.key)}] ${escape(issue.summary)} - Jira</title></head>
<body><main>
<h1>${escape(issue.summary)}</h1>
<p><span>${escape(issue.key)}</span> · <span data-testid="status">${escape(issue.status.name)}</span></p>
<p>Labels: ${issue.labels.map(escape).join(", ") || "None"}</p>
<pre>${escape(documentText(issue.description))}</pre>
${buttons}
<h2>Comments</h2><ul>${comments}</ul>
</main></body></html>`);
  return true;
}
