// The fake's stand-in for gitlab.com: the page an issue's web_url opens (title, state, description,
// notes), with buttons to close or reopen it as a person would, which sends the Issue Hook; and a
// project's list of issues. Plain HTML, no script.
import type http from "node:http";
import type { GitLabContext } from "./context";
import { readForm } from "./http";
import { closeIssue, reopenIssue } from "./people";
import { issueWebUrl, projectWebUrl } from "./shapes";
import { fullPath, type Issue, type Project } from "./state";

const ISSUE_PAGE = /^\/([^_].*?)\/-\/issues\/(\d+)$/;
const ISSUE_STATE = /^\/([^_].*?)\/-\/issues\/(\d+)\/state$/;
const LIST_PAGE = /^\/([^_].*?)\/-\/issues$/;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: http.ServerResponse, status: number, title: string, body: string): void {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Fake GitLab</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#333238}
.state{display:inline-block;padding:.2rem .7rem;border-radius:1rem;color:#fff;background:#108548}.closed{background:#1f75cb}
pre{white-space:pre-wrap;background:#f6f6f8;padding:1rem;border-radius:6px}button{margin-right:.5rem;padding:.4rem 1rem}
.note{border-top:1px solid #dcdcde;padding-top:.5rem}</style></head>
<body><p>Fake GitLab</p>${body}</body></html>`;
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(html) });
  res.end(html);
}

function issuePage(base: string, project: Project, issue: Issue): string {
  const list = `${projectWebUrl("", project)}/-/issues`;
  const button =
    issue.state === "opened"
      ? `<button name="do" value="close">Close issue</button>`
      : `<button name="do" value="reopen">Reopen issue</button>`;
  const notes = issue.notes
    .map(
      (n) =>
        `<div class="note" id="note_${n.id}"><p><strong>${escape(n.author.name)}</strong> @${escape(n.author.username)}</p><pre>${escape(n.body)}</pre></div>`,
    )
    .join("");
  return `<h1>${escape(issue.title)} <small>#${issue.iid}</small></h1>
<p><span class="state ${issue.state}">${issue.state === "opened" ? "Open" : "Closed"}</span> in <a href="${escape(list)}">${escape(fullPath(project))}</a>,
created by ${escape(issue.author.name)}; labels: ${escape(issue.labels.join(", ") || "none")}</p>
<pre>${escape(issue.description || "No description.")}</pre>${notes}
<form method="post" action="${escape(new URL(issueWebUrl(base, project, issue)).pathname)}/state">${button}</form>`;
}

function listPage(project: Project): string {
  const rows = project.issues
    .map((i) => `<li><a href="${escape(projectWebUrl("", project))}/-/issues/${i.iid}">#${i.iid} ${escape(i.title)}</a> (${i.state})</li>`)
    .join("");
  return `<h1>${escape(fullPath(project))}</h1><ul>${rows || "<li>No issues yet.</li>"}</ul>`;
}

/** Answers the fake's HTML paths; false for any other path. */
export async function handlePages(ctx: GitLabContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
  const method = req.method ?? "GET";
  const named = (m: RegExpExecArray) => {
    try {
      return ctx.state.project(decodeURIComponent(m[1]!));
    } catch {
      return undefined;
    }
  };
  const notFound = () => page(res, 404, "Not Found", "<h1>404: Page not found</h1>");
  const list = LIST_PAGE.exec(url.pathname);
  if (list && method === "GET") {
    const project = named(list);
    if (project) page(res, 200, fullPath(project), listPage(project));
    else notFound();
    return true;
  }
  const shown = ISSUE_PAGE.exec(url.pathname);
  if (shown && method === "GET") {
    const project = named(shown);
    const issue = project?.issues.find((i) => i.iid === Number(shown[2]));
    if (project && issue) page(res, 200, issue.title, issuePage(ctx.base, project, issue));
    else notFound();
    return true;
  }
  const change = ISSUE_STATE.exec(url.pathname);
  if (change && method === "POST") {
    const form = await readForm(req);
    const project = named(change);
    const issue = project?.issues.find((i) => i.iid === Number(change[2]));
    if (!project || !issue) {
      notFound();
      return true;
    }
    const action = form.get("do");
    // The page shows the result at once; the webhook goes out on its own time, as GitLab's does.
    if (action === "reopen" && issue.state === "closed") void reopenIssue(ctx, project.id, issue.iid);
    if (action === "close" && issue.state === "opened") void closeIssue(ctx, project.id, issue.iid);
    res.writeHead(303, { location: `${projectWebUrl("", project)}/-/issues/${issue.iid}` });
    res.end();
    return true;
  }
  return false;
}
