// The webhook events a change to an issue raises, whoever made it: GitHub sends `issues` (opened,
// edited, closed, reopened) and `issue_comment` (created) for changes made through the API too, so
// the product receives the echoes of its own writes and must tell them apart (`sender`).
import type { GitHubContext } from "./context";
import { commentJson, issueJson, repoJson, userJson } from "./shapes";
import type { Actor, Comment, Issue, Repo } from "./state";
import { type Delivery, deliver, wants } from "./webhook";

export type IssueAction = "opened" | "edited" | "closed" | "reopened";
export type Changes = { title?: { from: string }; body?: { from: string | null } };

/** Sends to every hook of the repository subscribed to `event`; the promise settles when all have answered. */
function send(ctx: GitHubContext, repo: Repo, event: string, payload: Record<string, unknown>, secret?: string): Promise<Delivery[]> {
  const sending = Promise.all(repo.hooks.filter((hook) => wants(hook, event)).map((hook) => deliver(repo, hook, event, payload, secret)));
  const tracked = sending.then((records) => {
    ctx.deliveries.push(...records);
    if (ctx.log) for (const r of records) console.info(`[fake-github] ${event}.${r.action} → ${r.url}: ${r.status ?? r.error}`);
    return records;
  });
  ctx.pending.add(tracked);
  void tracked.finally(() => ctx.pending.delete(tracked));
  return tracked;
}

/** The payload of an `issues` event: the issue as it is now, its repository, and who acted. */
export function issuesPayload(ctx: GitHubContext, repo: Repo, issue: Issue, action: IssueAction, sender: Actor, changes?: Changes) {
  return {
    action,
    issue: issueJson(ctx.base, repo, issue),
    ...(changes ? { changes } : {}),
    repository: repoJson(ctx.base, repo),
    sender: userJson(ctx.base, sender),
  };
}

export function emitIssues(
  ctx: GitHubContext,
  repo: Repo,
  issue: Issue,
  action: IssueAction,
  sender: Actor,
  options: { changes?: Changes; secret?: string } = {},
): Promise<Delivery[]> {
  return send(ctx, repo, "issues", issuesPayload(ctx, repo, issue, action, sender, options.changes), options.secret);
}

export function emitCommentCreated(ctx: GitHubContext, repo: Repo, issue: Issue, comment: Comment): Promise<Delivery[]> {
  return send(ctx, repo, "issue_comment", {
    action: "created",
    issue: issueJson(ctx.base, repo, issue),
    comment: commentJson(ctx.base, repo, issue, comment),
    repository: repoJson(ctx.base, repo),
    sender: userJson(ctx.base, comment.author),
  });
}
