// What a person does on the Jira site, for the control methods, the /_fake/ routes and the fake's
// pages: move an issue through the workflow as the site's administrator ("Fake Admin"), which sends
// jira:issue_updated with its changelog; and a forged delivery (signed with another secret than the
// webhook's) for a receiver's tests.
import type { JiraContext } from "./context";
import { moveIssue } from "./moves";
import { type Issue, STATUSES, type Status } from "./state";
import { type Delivery, randomSecret, sendEvent } from "./webhook";

export type StatusName = Status["name"];

export function mustIssue(ctx: JiraContext, key: string): Issue {
  const found = ctx.state.findIssue(key);
  if (!found) throw new Error(`fake-jira: no issue ${key}`);
  return found;
}

/** Moves the issue to `to` as the administrator would on its page; resolves once the receivers answered. */
export async function transitionIssue(ctx: JiraContext, key: string, to: StatusName): Promise<Delivery[]> {
  const issue = mustIssue(ctx, key);
  const status = STATUSES.find((s) => s.name === to);
  if (!status) throw new Error(`fake-jira: no status ${String(to)} (To Do, In Progress, Done)`);
  // The simplified workflow has no transition from a status into itself.
  if (status === issue.status) throw new Error(`fake-jira: ${issue.key} is ${to} already`);
  return moveIssue(ctx, issue, status, ctx.admin);
}

/**
 * The issue's jira:issue_updated as it stands (a status item from its status to itself), signed with
 * `secret` (random unless given, never a webhook's), to every webhook for the event.
 */
export async function forgeDelivery(ctx: JiraContext, key: string, { secret }: { secret?: string } = {}): Promise<Delivery[]> {
  const issue = mustIssue(ctx, key);
  const { id, name } = issue.status;
  const item = { field: "status", fieldtype: "jira", fieldId: "status", from: id, fromString: name, to: id, toString: name };
  return sendEvent(ctx, "jira:issue_updated", issue, ctx.admin, {
    items: [item],
    typeName: "issue_generic",
    forgedSecret: secret ?? randomSecret(),
  });
}
