// What a person does on github.com, for the control methods, the /_fake/ routes and the fake's
// pages: close, reopen or edit an issue, each raising its `issues` event, and a forged delivery
// (signed with another secret than the hook's) for a receiver's tests.
import { randomBytes } from "node:crypto";
import type { GitHubContext } from "./context";
import { type Changes, emitIssues, type IssueAction } from "./events";
import type { StateReason } from "./state";
import type { Delivery } from "./webhook";

export type CloseReason = Exclude<StateReason, "reopened">;

export function closeIssue(ctx: GitHubContext, repo: string, number: number, reason: CloseReason = "completed"): Promise<Delivery[]> {
  const found = ctx.state.mustIssue(repo, number);
  if (found.issue.state === "closed") throw new Error(`fake-github: ${repo}#${number} is closed already`);
  ctx.state.setIssueState(found.issue, "closed", reason, ctx.maintainer);
  return emitIssues(ctx, found.repo, found.issue, "closed", ctx.maintainer);
}

export function reopenIssue(ctx: GitHubContext, repo: string, number: number): Promise<Delivery[]> {
  const found = ctx.state.mustIssue(repo, number);
  if (found.issue.state === "open") throw new Error(`fake-github: ${repo}#${number} is open already`);
  ctx.state.setIssueState(found.issue, "open", null, ctx.maintainer);
  return emitIssues(ctx, found.repo, found.issue, "reopened", ctx.maintainer);
}

export function editIssue(
  ctx: GitHubContext,
  repo: string,
  number: number,
  edit: { title?: string; body?: string | null },
): Promise<Delivery[]> {
  const { repo: r, issue } = ctx.state.mustIssue(repo, number);
  const changes: Changes = {};
  if (edit.title !== undefined && edit.title !== issue.title) {
    changes.title = { from: issue.title };
    issue.title = edit.title;
  }
  if (edit.body !== undefined && edit.body !== issue.body) {
    changes.body = { from: issue.body };
    issue.body = edit.body;
  }
  issue.updatedAt = ctx.now();
  return emitIssues(ctx, r, issue, "edited", ctx.maintainer, { changes });
}

/**
 * An `issues` event about the issue as it is, signed with `secret` (default: a random one, never
 * the hook's), to every hook of the repository: what a receiver must refuse.
 */
export function forgeDelivery(
  ctx: GitHubContext,
  repo: string,
  number: number,
  options: { action?: IssueAction; secret?: string } = {},
): Promise<Delivery[]> {
  const found = ctx.state.mustIssue(repo, number);
  const secret = options.secret ?? `forged-${randomBytes(16).toString("hex")}`;
  const action = options.action ?? (found.issue.state === "closed" ? "closed" : "reopened");
  return emitIssues(ctx, found.repo, found.issue, action, ctx.maintainer, { secret });
}
