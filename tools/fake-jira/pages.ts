// The site's pages a person opens from a ticket's link: /browse/KEY-1 with its summary, status,
// text, labels and comments, and a button for each other status that moves it as the site's
// administrator (sending the webhook); /projects/KEY/issues lists a project's issues. Plain HTML,
// no script, no sign-in (the fake's visitor is the administrator).
import type http from "node:http";
import { documentText } from "./adf";
import type { JiraContext } from "./context";
import { html, readParams } from "./http";
import { moveIssue } from "./moves";
import { type Issue, type Project, STATUSES } from "./state";

const ISSUE_PAGE = /^\/browse\/([A-Za-z][A-Za-z0-9_]*-\d+)$/;
const LIST_PAGE = /^\/projects\/([A-Za-z][A-Za-z0-9_]*)\/issues\/?$/;

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: http.ServerResponse, status: number, title: string, body: string): void {
  html(
    res,
    status,
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} - Fake Jira</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#172b4d}
.lozenge{display:inline-block;padding:.1rem .5rem;border-radius:3px;font-size:.8rem;font-weight:600;text-transform:uppercase;background:#dfe1e6}
.indeterminate{background:#deebff;color:#0747a6}.done{background:#e3fcef;color:#006644}
pre{white-space:pre-wrap;background:#f4f5f7;padding:1rem;border-radius:3px}form{display:inline}button{margin-right:.5rem;padding:.4rem 1rem}
.comment{border-top:1px solid #dfe1e6;padding-top:.5rem}</style></head>
<body><p>Fake Jira</p><main>${body}</main></body></html>`,
  );
}

/** A path of the site with nothing behind it: Jira's "can't be found" page. */
export function pageNotFound(res: http.ServerResponse): void {
  page(res, 404, "Not found", "<h1>This page can't be found</h1>");
}

function issuePage(issue: Issue): string {
  const buttons = STATUSES.filter((s) => s !== issue.status)
    .map((s) => `<form method="post"><input type="hidden" name="to" value="${escape(s.name)}"><button>${escape(s.name)}</button></form>`)
    .join("");
  const comments = issue.comments
    .map(
      (c) =>
        `<div class="comment" id="comment-${c.id}"><p><strong>${escape(c.author.displayName)}</strong></p><pre>${escape(documentText(c.body))}</pre></div>`,
    )
    .join("");
  return `<p><a href="/projects/${escape(issue.project.key)}/issues">${escape(issue.project.name)}</a> / <span data-testid="key">${escape(issue.key)}</span></p>
<h1>${escape(issue.summary)}</h1>
<p><span class="lozenge ${issue.status.category.key}" data-testid="status">${escape(issue.status.name)}</span>
${issue.resolvedAt === null ? "" : " Resolution: Done"} · ${escape(issue.issueType.name)} · Priority: ${escape(issue.priority.name)} · Reporter: ${escape(issue.reporter.displayName)}</p>
<p>Labels: <span data-testid="labels">${escape(issue.labels.join(", ")) || "None"}</span></p>
<h2>Description</h2><pre data-testid="description">${escape(documentText(issue.description)) || "Add a description…"}</pre>
<p>${buttons}</p>
<h2>Comments</h2>${comments || "<p>No comments yet.</p>"}`;
}

function listPage(ctx: JiraContext, project: Project): string {
  const rows = [...ctx.state.issues.values()]
    .filter((i) => i.project === project)
    .map((i) => `<li><a href="/browse/${escape(i.key)}">${escape(i.key)}</a> ${escape(i.summary)} (${escape(i.status.name)})</li>`)
    .join("");
  return `<h1>${escape(project.name)} (${escape(project.key)})</h1><ul>${rows || "<li>No issues yet.</li>"}</ul>`;
}

/** Answers the fake's HTML paths; false for any other path. */
export async function handlePages(ctx: JiraContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
  const method = req.method ?? "GET";
  const notFound = () => pageNotFound(res);
  const list = LIST_PAGE.exec(url.pathname);
  if (list && method === "GET") {
    const project = ctx.state.findProject(list[1]!);
    if (project) page(res, 200, project.name, listPage(ctx, project));
    else notFound();
    return true;
  }
  const shown = ISSUE_PAGE.exec(url.pathname);
  if (!shown || (method !== "GET" && method !== "POST")) return false;
  const issue = ctx.state.findIssue(shown[1]!);
  if (!issue) {
    notFound();
    return true;
  }
  if (method === "POST") {
    const to = (await readParams(req)).to;
    const status = STATUSES.find((s) => s.name === to);
    // The redirect waits for the receivers, so a browser test sees the webhook's effect on its next page.
    if (status && status !== issue.status) await moveIssue(ctx, issue, status, ctx.admin);
    res.writeHead(303, { location: `/browse/${issue.key}` }).end();
    return true;
  }
  page(res, 200, `[${issue.key}] ${issue.summary}`, issuePage(issue));
  return true;
}
