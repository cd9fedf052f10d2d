// The issue endpoints: create, read, edit, comments and the workflow's transitions. Each write by an
// account raises the webhook events Jira raises for it (the product receives the echoes of its own
// writes, as from Jira).
import { documentText } from "./adf";
import { type Call, fieldsIn, fieldsOf, visibleProject } from "./call";
import { errors, json } from "./http";
import { moveIssue } from "./moves";
import { commentJson, issueJson } from "./shapes";
import { DEFAULT_PRIORITY, type Issue, TRANSITIONS } from "./state";
import { checkFields, checkIssueType, checkRichText, notOnScreen } from "./validation";
import { type ChangeItem, sendEvent } from "./webhook";

const created = (call: Call, issue: Issue) =>
  json(call.res, 201, { id: issue.id, key: issue.key, self: `${call.ctx.base}/rest/api/${call.version}/issue/${issue.id}` });

export function createIssue(call: Call): void {
  const { ctx, res } = call;
  const user = call.user!;
  const fields = fieldsIn(call.body);
  const ref = fields.project as { key?: unknown; id?: unknown } | undefined;
  const project = visibleProject(call, String(ref?.key ?? ref?.id ?? ""));
  // Permission first: Jira says only that, whatever else is wrong.
  if (project && !ctx.state.may(user, project, "CREATE_ISSUES"))
    return json(res, 400, errors([], { project: "You do not have permission to create issues in this project." }));
  const checked = checkFields(fields, true, call.version);
  const issueType = project ? checkIssueType(project, fields.issuetype) : undefined;
  if (!project) checked.errors.project = "Specify a valid project ID or key";
  if (typeof issueType === "string") checked.errors.issuetype = issueType;
  if (Object.keys(checked.errors).length || !project || !issueType || typeof issueType === "string")
    return json(res, 400, errors([], checked.errors));
  const issue = ctx.state.createIssue({
    project,
    issueType,
    summary: checked.summary!,
    description: checked.description ?? null,
    labels: checked.labels ?? [],
    priority: checked.priority ?? DEFAULT_PRIORITY,
    reporter: user,
  });
  void sendEvent(ctx, "jira:issue_created", issue, user);
  created(call, issue);
}

export function getIssue(call: Call, issue: Issue): void {
  json(call.res, 200, issueJson(call.ctx.base, issue, fieldsOf(call.url)));
}

const item = (field: string, fromString: string | null, toString: string | null, from: string | null = null, to: string | null = null) => ({
  field,
  fieldtype: "jira",
  fieldId: field,
  from,
  fromString,
  to,
  toString,
});

export function editIssue(call: Call, issue: Issue): void {
  const { ctx, res } = call;
  const user = call.user!;
  const fields = fieldsIn(call.body);
  // Without Edit Issues no field is on the edit screen: Jira refuses each one named.
  if (!ctx.state.may(user, issue.project, "EDIT_ISSUES"))
    return json(res, 400, errors([], Object.fromEntries(Object.keys(fields).map((name) => [name, notOnScreen(name)]))));
  const checked = checkFields(fields, false, call.version);
  if (Object.keys(checked.errors).length) return json(res, 400, errors([], checked.errors));
  const items: ChangeItem[] = [];
  if (checked.summary !== undefined && checked.summary !== issue.summary) {
    items.push(item("summary", issue.summary, checked.summary));
    issue.summary = checked.summary;
  }
  if ("description" in fields && JSON.stringify(checked.description) !== JSON.stringify(issue.description)) {
    items.push(item("description", documentText(issue.description) || null, documentText(checked.description) || null));
    issue.description = checked.description;
  }
  if (checked.labels && checked.labels.join(" ") !== issue.labels.join(" ")) {
    items.push(item("labels", issue.labels.join(" "), checked.labels.join(" ")));
    issue.labels = checked.labels;
  }
  if (checked.priority && checked.priority !== issue.priority) {
    items.push(item("priority", issue.priority.name, checked.priority.name, issue.priority.id, checked.priority.id));
    issue.priority = checked.priority;
  }
  if (items.length) {
    issue.updated = ctx.now();
    void sendEvent(ctx, "jira:issue_updated", issue, user, { items, typeName: "issue_updated" });
  }
  res.writeHead(204).end();
}

export function listComments(call: Call, issue: Issue): void {
  const startAt = Math.max(0, Number(call.url.searchParams.get("startAt") ?? 0) || 0);
  const maxResults = Math.min(5000, Math.max(1, Number(call.url.searchParams.get("maxResults") ?? 5000) || 5000));
  json(call.res, 200, {
    startAt,
    maxResults,
    total: issue.comments.length,
    comments: issue.comments.slice(startAt, startAt + maxResults).map((c) => commentJson(call.ctx.base, issue, c)),
  });
}

export function addComment(call: Call, issue: Issue): void {
  const { ctx, res } = call;
  const user = call.user!;
  if (!ctx.state.may(user, issue.project, "ADD_COMMENTS"))
    return json(res, 403, errors(["You do not have the permission to comment on this issue."]));
  const body = (call.body as { body?: unknown } | null)?.body;
  if (body === undefined || body === null || (typeof body === "string" && !body.trim()))
    return json(res, 400, errors([], { comment: "Comment body can not be empty!" }));
  const checked = checkRichText(body, call.version);
  if ("error" in checked) return json(res, 400, errors([], { comment: checked.error }));
  const comment = { id: ctx.state.newId(), author: user, body, created: ctx.now() };
  issue.comments.push(comment);
  issue.updated = comment.created;
  // A comment raises comment_created and the issue's own update (the Issue Commented event).
  void sendEvent(ctx, "comment_created", issue, user, { comment });
  void sendEvent(ctx, "jira:issue_updated", issue, user, { typeName: "issue_commented", comment });
  json(res, 201, commentJson(ctx.base, issue, comment));
}

/** The transitions the caller may make from the issue's status: none without Transition Issues. */
function available(call: Call, issue: Issue) {
  if (!call.ctx.state.may(call.user, issue.project, "TRANSITION_ISSUES")) return [];
  return TRANSITIONS.filter((t) => t.to !== issue.status);
}

export function listTransitions(call: Call, issue: Issue): void {
  const only = call.url.searchParams.get("transitionId");
  const base = call.ctx.base;
  json(call.res, 200, {
    expand: "transitions",
    transitions: available(call, issue)
      .filter((t) => only === null || t.id === only)
      .map((t) => ({
        id: t.id,
        name: t.name,
        to: {
          self: `${base}/rest/api/3/status/${t.to.id}`,
          description: "",
          iconUrl: `${base}/images/icons/statuses/generic.png`,
          name: t.to.name,
          id: t.to.id,
          statusCategory: {
            self: `${base}/rest/api/3/statuscategory/${t.to.category.id}`,
            id: t.to.category.id,
            key: t.to.category.key,
            colorName: t.to.category.colorName,
            name: t.to.category.name,
          },
        },
        hasScreen: false,
        isGlobal: true,
        isInitial: false,
        isAvailable: true,
        isConditional: false,
        isLooped: false,
      })),
  });
}

export function doTransition(call: Call, issue: Issue): void {
  const id = String((call.body as { transition?: { id?: unknown } } | null)?.transition?.id ?? "");
  const target = available(call, issue).find((t) => t.id === id);
  if (!target) return json(call.res, 400, errors([`Transition id '${id}' is not valid for this issue.`]));
  void moveIssue(call.ctx, issue, target.to, call.user!);
  call.res.writeHead(204).end();
}
