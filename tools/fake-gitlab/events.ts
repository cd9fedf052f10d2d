// The Issue Hook a change to an issue raises, whoever made it: GitLab sends it for changes made
// through the API too, so the product receives the echoes of its own writes and must tell them apart
// (`user` is who acted: the token's bot, or a person). `object_attributes.action` is open, close,
// reopen or update; `changes` holds each changed attribute's previous and current value.
import type { GitLabContext } from "./context";
import { hookTime } from "./http";
import { issueWebUrl, projectWebUrl } from "./shapes";
import { fullPath, type Issue, type Project, type User } from "./state";
import { type Delivery, deliver } from "./webhook";

export type IssueAction = "open" | "close" | "reopen" | "update";
export type Changes = Record<string, { previous: unknown; current: unknown }>;
/** What an issue was before a change, to tell the hook what changed. */
export type Snapshot = Pick<Issue, "title" | "description" | "labels" | "state" | "closedAt" | "updatedAt"> & {
  updatedById: number | null;
};

const VISIBILITY_LEVEL = { private: 0, internal: 10, public: 20 } as const;
const STATE_ID = { opened: 1, closed: 2 } as const;

export const snapshot = (issue: Issue): Snapshot => ({
  title: issue.title,
  description: issue.description,
  labels: [...issue.labels],
  state: issue.state,
  closedAt: issue.closedAt,
  updatedAt: issue.updatedAt,
  updatedById: issue.updatedBy?.id ?? null,
});

// Webhook payloads hide every user's email since GitLab 16.
const userHook = (base: string, user: User) => ({
  id: user.id,
  name: user.name,
  username: user.username,
  avatar_url: `${base}/_fake/avatars/${user.id}`,
  email: "[REDACTED]",
});

function labelHooks(project: Project, titles: string[]) {
  return titles.map((title) => {
    const label = project.labels.get(title.toLowerCase())!;
    const at = hookTime(label.createdAt);
    return {
      id: label.id,
      title: label.title,
      color: label.color,
      project_id: project.id,
      created_at: at,
      updated_at: at,
      template: false,
      description: null,
      type: "ProjectLabel",
      group_id: null,
    };
  });
}

function projectHook(base: string, project: Project) {
  const webUrl = projectWebUrl(base, project);
  const ssh = `git@${new URL(base).hostname}:${fullPath(project)}.git`;
  return {
    id: project.id,
    name: project.path,
    description: null,
    web_url: webUrl,
    avatar_url: null,
    git_ssh_url: ssh,
    git_http_url: `${webUrl}.git`,
    namespace: project.namespace.name,
    visibility_level: VISIBILITY_LEVEL[project.visibility],
    path_with_namespace: fullPath(project),
    default_branch: "main",
    ci_config_path: null,
    homepage: webUrl,
    url: ssh,
    ssh_url: ssh,
    http_url: `${webUrl}.git`,
  };
}

/** Every attribute that differs from `before`, in the hook's terms (a new issue: each from null). */
export function changesSince(project: Project, before: Snapshot | null, issue: Issue): Changes {
  const changes: Changes = {};
  const put = (name: string, previous: unknown, current: unknown, same = JSON.stringify(previous) === JSON.stringify(current)) => {
    if (!same) changes[name] = { previous, current };
  };
  if (!before) {
    put("author_id", null, issue.author.id);
    put("created_at", null, hookTime(issue.createdAt));
    put("description", null, issue.description);
    put("id", null, issue.id);
    put("iid", null, issue.iid);
    put("project_id", null, project.id);
    put("title", null, issue.title);
    put("updated_at", null, hookTime(issue.updatedAt));
    if (issue.labels.length > 0) put("labels", [], labelHooks(project, issue.labels));
    return changes;
  }
  const time = (ms: number | null) => (ms === null ? null : hookTime(ms));
  // Times compare to the millisecond: the hook's form shows whole seconds only.
  put("closed_at", time(before.closedAt), time(issue.closedAt), before.closedAt === issue.closedAt);
  put("description", before.description, issue.description);
  put("labels", labelHooks(project, before.labels), labelHooks(project, issue.labels));
  put("state_id", STATE_ID[before.state], STATE_ID[issue.state]);
  put("title", before.title, issue.title);
  put("updated_at", time(before.updatedAt), time(issue.updatedAt), before.updatedAt === issue.updatedAt);
  put("updated_by_id", before.updatedById, issue.updatedBy?.id ?? null);
  return changes;
}

export function issuePayload(ctx: GitLabContext, project: Project, issue: Issue, action: IssueAction, user: User, changes: Changes) {
  const labels = labelHooks(project, issue.labels);
  return {
    object_kind: "issue",
    event_type: "issue",
    user: userHook(ctx.base, user),
    project: projectHook(ctx.base, project),
    object_attributes: {
      id: issue.id,
      title: issue.title,
      assignee_ids: [],
      assignee_id: null,
      author_id: issue.author.id,
      project_id: project.id,
      created_at: hookTime(issue.createdAt),
      updated_at: hookTime(issue.updatedAt),
      updated_by_id: issue.updatedBy?.id ?? null,
      last_edited_at: null,
      last_edited_by_id: null,
      relative_position: null,
      description: issue.description,
      milestone_id: null,
      state_id: STATE_ID[issue.state],
      confidential: false,
      discussion_locked: null,
      due_date: null,
      moved_to_id: null,
      duplicated_to_id: null,
      time_estimate: 0,
      total_time_spent: 0,
      time_change: 0,
      human_total_time_spent: null,
      human_time_estimate: null,
      human_time_change: null,
      weight: null,
      health_status: null,
      type: "Issue",
      iid: issue.iid,
      url: issueWebUrl(ctx.base, project, issue),
      state: issue.state,
      action,
      severity: "unknown",
      customer_relations_contacts: [],
      labels,
      closed_at: issue.closedAt === null ? null : hookTime(issue.closedAt),
    },
    labels,
    changes,
    repository: {
      name: project.path,
      url: `git@${new URL(ctx.base).hostname}:${fullPath(project)}.git`,
      description: null,
      homepage: projectWebUrl(ctx.base, project),
    },
  };
}

/**
 * Sends an Issue Hook to every hook of the project (each takes issue events); the promise settles
 * when all have answered. `token` replaces the hooks' secret tokens (a forged delivery).
 */
export function emitIssue(
  ctx: GitLabContext,
  project: Project,
  issue: Issue,
  action: IssueAction,
  user: User,
  options: { changes: Changes; token?: string },
): Promise<Delivery[]> {
  const payload = issuePayload(ctx, project, issue, action, user, options.changes);
  const sending = Promise.all(project.hooks.map((hook) => deliver(ctx.base, hook, "Issue Hook", payload, options.token)));
  const tracked = sending.then((records) => {
    ctx.deliveries.push(...records);
    if (ctx.log) for (const r of records) console.info(`[fake-gitlab] Issue Hook ${r.action} → ${r.url}: ${r.status ?? r.error}`);
    return records;
  });
  ctx.pending.add(tracked);
  void tracked.finally(() => ctx.pending.delete(tracked));
  return tracked;
}
