// Moving an issue through the workflow, by the API or a person: the status, the resolution set on
// entering Done and cleared on leaving it, and the jira:issue_updated event with its changelog.
import type { JiraContext } from "./context";
import type { Issue, Status, User } from "./state";
import { type ChangeItem, type Delivery, sendEvent } from "./webhook";

export function moveIssue(ctx: JiraContext, issue: Issue, to: Status, user: User): Promise<Delivery[]> {
  const from = issue.status;
  const items: ChangeItem[] = [
    { field: "status", fieldtype: "jira", fieldId: "status", from: from.id, fromString: from.name, to: to.id, toString: to.name },
  ];
  const wasDone = from.category.key === "done";
  const isDone = to.category.key === "done";
  if (isDone && !wasDone) {
    issue.resolvedAt = ctx.now();
    items.push({
      field: "resolution",
      fieldtype: "jira",
      fieldId: "resolution",
      from: null,
      fromString: null,
      to: "10000",
      toString: "Done",
    });
  }
  if (wasDone && !isDone) {
    issue.resolvedAt = null;
    items.push({
      field: "resolution",
      fieldtype: "jira",
      fieldId: "resolution",
      from: "10000",
      fromString: "Done",
      to: null,
      toString: null,
    });
  }
  issue.status = to;
  issue.updated = ctx.now();
  // A move in the simplified workflow raises Jira's Generic Event.
  return sendEvent(ctx, "jira:issue_updated", issue, user, { items, typeName: "issue_generic" });
}
