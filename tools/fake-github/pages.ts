// The fake's stand-in for github.com: the page an issue's html_url opens (title, state, body,
// comments), with buttons to close or reopen it as a person would, which sends the `issues`
// webhook; and a repository's list of issues. Plain HTML, no script.
import type http from "node:http";
import type { GitHubContext } from "./context";
import { readForm } from "./http";
import { closeIssue, reopenIssue } from "./people";
import { fullName } from "./shapes";
import type { Issue, Repo } from "./state";

const ISSUE_PAGE = /^\/([^/_][^/]*)\/([^/]+)\/issues\/(\d+)$/;
const ISSUE_STATE = /^\/([^/_][^/]*)\/([^/]+)\/issues\/(\d+)\/state$/;
const LIST_PAGE = /^\/([^/_][^/]*)\/([^/]+)\/issues$/;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: http.ServerResponse, status: number, title: string, body: string): void {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Fake GitHub</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
.state{display:inline-block;padding:.2rem .7rem;border-radius:1rem;color:#fff;background:#1a7f37}.closed{background:#8250df}
pre{white-space:pre-wrap;background:#f6f8fa;padding:1rem;border-radius:6px}button{margin-right:.5rem;padding:.4rem 1rem}
.comment{border-top:1px solid #d0d7de;padding-top:.5rem}</style></head>
<body><p>Fake GitHub</p>${body}</body></html>`;
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(html) });
  res.end(html);
}

function issuePage(repo: Repo, issue: Issue): string {
  const reason = issue.stateReason ? ` (${issue.stateReason.replace("_", " ")})` : "";
  const buttons =
    issue.state === "open"
      ? `<button name="do" value="completed">Close as completed</button><button name="do" value="not_planned">Close as not planned</button>`
      : `<button name="do" value="reopen">Reopen</button>`;
  const comments = issue.comments
    .map(
      (c) =>
        `<div class="comment" id="issuecomment-${c.id}"><p><strong>${escape(c.author.login)}</strong></p><pre>${escape(c.body)}</pre></div>`,
    )
    .join("");
  return `<h1>${escape(issue.title)} <small>#${issue.number}</small></h1>
<p><span class="state ${issue.state}">${issue.state}${reason}</span> in <a href="/${escape(fullName(repo))}/issues">${escape(fullName(repo))}</a>,
opened by ${escape(issue.author.login)}; labels: ${escape(issue.labels.join(", ") || "none")}</p>
<pre>${escape(issue.body ?? "No description provided.")}</pre>${comments}
<form method="post" action="/${escape(fullName(repo))}/issues/${issue.number}/state">${buttons}</form>`;
}

function listPage(repo: Repo): string {
  const rows = repo.issues
    .map((i) => `<li><a href="/${escape(fullName(repo))}/issues/${i.number}">#${i.number} ${escape(i.title)}</a> (${i.state})</li>`)
    .join("");
  return `<h1>${escape(fullName(repo))}</h1><ul>${rows || "<li>No issues yet.</li>"}</ul>`;
}

/** Answers the fake's HTML paths; false for any other path. */
export async function handlePages(ctx: GitHubContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
  const method = req.method ?? "GET";
  const named = (m: RegExpExecArray) => ctx.state.repo(`${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`);
  const list = LIST_PAGE.exec(url.pathname);
  if (list && method === "GET") {
    const repo = named(list);
    if (repo) page(res, 200, fullName(repo), listPage(repo));
    else page(res, 404, "Not Found", "<h1>Not Found</h1>");
    return true;
  }
  const shown = ISSUE_PAGE.exec(url.pathname);
  if (shown && method === "GET") {
    const issue = named(shown)?.issues.find((i) => i.number === Number(shown[3]));
    if (issue) page(res, 200, issue.title, issuePage(named(shown)!, issue));
    else page(res, 404, "Not Found", "<h1>Not Found</h1>");
    return true;
  }
  const change = ISSUE_STATE.exec(url.pathname);
  if (change && method === "POST") {
    const form = await readForm(req);
    const repo = named(change);
    const issue = repo?.issues.find((i) => i.number === Number(change[3]));
    if (!repo || !issue) {
      page(res, 404, "Not Found", "<h1>Not Found</h1>");
      return true;
    }
    const action = form.get("do");
    // The page shows the result at once; the webhook goes out on its own time, as GitHub's does.
    if (action === "reopen" && issue.state === "closed") void reopenIssue(ctx, fullName(repo), issue.number);
    if ((action === "completed" || action === "not_planned") && issue.state === "open")
      void closeIssue(ctx, fullName(repo), issue.number, action);
    res.writeHead(303, { location: `/${fullName(repo)}/issues/${issue.number}` });
    res.end();
    return true;
  }
  return false;
}
