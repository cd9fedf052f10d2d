// What a person does on gitlab.com, for the control methods, the /_fake/ routes and the fake's
// pages: close or reopen an issue, each raising its Issue Hook; and a forged delivery (with another
// token than the hook's secret) for a receiver's tests.
import { randomBytes } from "node:crypto";
import type { GitLabContext } from "./context";
import { changesSince, emitIssue, type IssueAction, snapshot } from "./events";
import type { Delivery } from "./webhook";

export function closeIssue(ctx: GitLabContext, project: string | number, iid: number): Promise<Delivery[]> {
  const found = ctx.state.mustIssue(project, iid);
  if (found.issue.state === "closed") throw new Error(`fake-gitlab: ${project}#${iid} is closed already`);
  const before = snapshot(found.issue);
  ctx.state.setIssueState(found.issue, "closed", ctx.maintainer);
  return emitIssue(ctx, found.project, found.issue, "close", ctx.maintainer, { changes: changesSince(found.project, before, found.issue) });
}

export function reopenIssue(ctx: GitLabContext, project: string | number, iid: number): Promise<Delivery[]> {
  const found = ctx.state.mustIssue(project, iid);
  if (found.issue.state === "opened") throw new Error(`fake-gitlab: ${project}#${iid} is open already`);
  const before = snapshot(found.issue);
  ctx.state.setIssueState(found.issue, "opened", ctx.maintainer);
  return emitIssue(ctx, found.project, found.issue, "reopen", ctx.maintainer, {
    changes: changesSince(found.project, before, found.issue),
  });
}

/**
 * An Issue Hook about the issue as it is (action `close` or `reopen` by its state unless told),
 * carrying `token` (default: a random one, never the hook's) in X-Gitlab-Token, to every hook of the
 * project: what a receiver must refuse.
 */
export function forgeDelivery(
  ctx: GitLabContext,
  project: string | number,
  iid: number,
  options: { action?: IssueAction; token?: string } = {},
): Promise<Delivery[]> {
  const found = ctx.state.mustIssue(project, iid);
  const token = options.token ?? `forged-${randomBytes(16).toString("hex")}`;
  const action = options.action ?? (found.issue.state === "closed" ? "close" : "reopen");
  return emitIssue(ctx, found.project, found.issue, action, ctx.maintainer, { changes: {}, token });
}
