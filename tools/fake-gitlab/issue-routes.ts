// One project's issues: create, read, update (title, description, labels, state_event close or
// reopen). In GitLab's order: the body (400 when it does not parse), the token (a write's at once),
// Grape's parameter checks (400), the project (404), the permission (403, also when issues are off),
// the issue (404 `404 Not found`: GitLab's record lookup, not its named not_found!), then the model's
// checks (400). Every change raises its Issue Hook, the API's own writes too.
import { canContribute, canReadIssues, canUpdateIssue } from "./access";
import { type Call, FORBIDDEN, findProject, reader, refuse, writer } from "./auth";
import { changesSince, emitIssue, snapshot } from "./events";
import { INVALID_BODY, json, readParams } from "./http";
import { issueJson } from "./shapes";
import { grapeError, integer, issueModelErrors, labelsOf, text, UPDATE_PARAMS } from "./validation";

const STATE_EVENTS = ["close", "reopen"] as const;
const RECORD_NOT_FOUND = { message: "404 Not found" };

export async function createIssue(call: Call, match: RegExpExecArray): Promise<void> {
  const { ctx, res } = call;
  const params = await readParams(call.req, call.url);
  if (!params) return void refuse(call, 400, INVALID_BODY);
  const caller = writer(call);
  if (!caller) return;
  const errors: string[] = [];
  const title = text(params, "title", errors, true);
  const description = text(params, "description", errors);
  if (errors.length > 0) return void refuse(call, 400, grapeError(errors));
  const project = findProject(call, caller, match[1]!);
  if (!project) return;
  if (!canContribute(caller, project)) return void refuse(call, 403, FORBIDDEN);
  const invalid = issueModelErrors({ title, description });
  if (invalid) return void refuse(call, 400, { message: invalid });

  const issue = ctx.state.createIssue(project, {
    title: title!.trim(),
    description: description ?? null,
    labels: labelsOf(params.labels) ?? [],
    author: caller.bot,
  });
  json(res, 201, issueJson(ctx.base, project, issue));
  void emitIssue(ctx, project, issue, "open", caller.bot, { changes: changesSince(project, null, issue) });
}

export function showIssue(call: Call, match: RegExpExecArray): void {
  const errors: string[] = [];
  const iid = integer(match[2], "issue_iid", errors);
  if (errors.length > 0) return void refuse(call, 400, grapeError(errors));
  const caller = reader(call);
  if (caller === undefined) return;
  const project = findProject(call, caller, match[1]!);
  if (!project) return;
  const issue = canReadIssues(caller, project) ? project.issues.find((i) => i.iid === iid) : undefined;
  if (!issue) return void refuse(call, 404, RECORD_NOT_FOUND);
  json(call.res, 200, issueJson(call.ctx.base, project, issue));
}

export async function updateIssue(call: Call, match: RegExpExecArray): Promise<void> {
  const { ctx, res } = call;
  const params = await readParams(call.req, call.url);
  if (!params) return void refuse(call, 400, INVALID_BODY);
  const caller = writer(call);
  if (!caller) return;
  const errors: string[] = [];
  const iid = integer(match[2], "issue_iid", errors);
  const title = text(params, "title", errors);
  const description = text(params, "description", errors);
  const event = params.state_event;
  const stateEvent = STATE_EVENTS.find((e) => e === event);
  if (event !== undefined && event !== null && !stateEvent) errors.push("state_event does not have a valid value");
  if (!UPDATE_PARAMS.some((name) => name in params))
    errors.push(`${UPDATE_PARAMS.join(", ")} are missing, at least one parameter must be provided`);
  if (errors.length > 0) return void refuse(call, 400, grapeError(errors));
  const project = findProject(call, caller, match[1]!);
  if (!project) return;
  // Found among all the project's issues, before the permission (issues off is then a 403).
  const issue = project.issues.find((i) => i.iid === iid);
  if (!issue) return void refuse(call, 404, RECORD_NOT_FOUND);
  if (!canUpdateIssue(caller, project, issue)) return void refuse(call, 403, FORBIDDEN);
  const invalid = issueModelErrors({ title, description });
  if (invalid) return void refuse(call, 400, { message: invalid });

  // GitLab changes the state first (its close or reopen hook), then the rest (an update hook).
  const before = snapshot(issue);
  const target = stateEvent === "close" ? "closed" : stateEvent === "reopen" ? "opened" : issue.state;
  if (target !== issue.state) {
    ctx.state.setIssueState(issue, target, caller.bot);
    void emitIssue(ctx, project, issue, target === "closed" ? "close" : "reopen", caller.bot, {
      changes: changesSince(project, before, issue),
    });
  }
  const middle = snapshot(issue);
  let labels = labelsOf(params.labels) ?? issue.labels;
  labels = [...labels, ...(labelsOf(params.add_labels) ?? [])];
  const removed = (labelsOf(params.remove_labels) ?? []).map((l) => l.toLowerCase());
  labels = labels.filter((l) => !removed.includes(l.toLowerCase()));
  if (typeof title === "string") issue.title = title.trim();
  if (description !== undefined) issue.description = description;
  issue.labels = ctx.state.labelTitles(project, labels);
  const changes = changesSince(project, middle, issue);
  if (Object.keys(changes).length > 0) {
    issue.updatedAt = ctx.now();
    issue.updatedBy = caller.bot;
    void emitIssue(ctx, project, issue, "update", caller.bot, { changes: changesSince(project, middle, issue) });
  }
  json(res, 200, issueJson(ctx.base, project, issue));
}
