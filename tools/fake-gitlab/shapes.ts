// GitLab's JSON for users, projects, issues and notes (REST API v4), the fields a client reads and
// their types; the rarer ones (time tracking details, epics, iterations) are left out. API URLs
// point at the fake's own /api/v4; web_url at its HTML pages, which stand in for gitlab.com.
import { roleIn, type Caller } from "./access";
import { iso } from "./http";
import { fullPath, type Issue, type Note, type Project, type User } from "./state";

export const projectWebUrl = (base: string, project: Project) => `${base}/${fullPath(project)}`;
export const issueWebUrl = (base: string, project: Project, issue: Issue) => `${projectWebUrl(base, project)}/-/issues/${issue.iid}`;
const apiProjectUrl = (base: string, project: Project) => `${base}/api/v4/projects/${project.id}`;

export function userJson(base: string, user: User) {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    state: "active",
    locked: false,
    avatar_url: `${base}/_fake/avatars/${user.id}`,
    web_url: `${base}/${user.username}`,
  };
}

/** The project as GET /projects/:id shows it; `simple` is the short form of `?simple=true`. */
export function projectJson(base: string, project: Project, caller: Caller, simple = false) {
  const webUrl = projectWebUrl(base, project);
  const api = apiProjectUrl(base, project);
  const host = new URL(base).hostname;
  const basic = {
    id: project.id,
    description: null,
    name: project.path,
    name_with_namespace: `${project.namespace.name} / ${project.path}`,
    path: project.path,
    path_with_namespace: fullPath(project),
    created_at: iso(project.createdAt),
    default_branch: "main",
    tag_list: [],
    topics: [],
    ssh_url_to_repo: `git@${host}:${fullPath(project)}.git`,
    http_url_to_repo: `${webUrl}.git`,
    web_url: webUrl,
    readme_url: null,
    forks_count: 0,
    avatar_url: null,
    star_count: 0,
    last_activity_at: iso(Math.max(project.createdAt, ...project.issues.map((i) => i.updatedAt))),
    namespace: {
      id: project.namespace.id,
      name: project.namespace.name,
      path: project.namespace.name,
      kind: "group",
      full_path: project.namespace.fullPath,
      parent_id: null,
      avatar_url: null,
      web_url: `${base}/groups/${project.namespace.fullPath}`,
    },
  };
  if (simple) return basic;
  const role = roleIn(caller, project);
  return {
    ...basic,
    visibility: project.visibility,
    _links: {
      self: api,
      issues: `${api}/issues`,
      merge_requests: `${api}/merge_requests`,
      repo_branches: `${api}/repository/branches`,
      labels: `${api}/labels`,
      events: `${api}/events`,
      members: `${api}/members`,
    },
    archived: false,
    empty_repo: true,
    issues_enabled: project.issuesEnabled,
    // GitLab shows the count only while issues are on.
    ...(project.issuesEnabled ? { open_issues_count: project.issues.filter((i) => i.state === "opened").length } : {}),
    issues_access_level: project.issuesEnabled ? "enabled" : "disabled",
    merge_requests_enabled: true,
    wiki_enabled: true,
    jobs_enabled: true,
    creator_id: null,
    ...(caller
      ? {
          permissions: {
            project_access: role > 0 ? { access_level: role, notification_level: 3 } : null,
            group_access: null,
          },
        }
      : {}),
  };
}

export function issueJson(base: string, project: Project, issue: Issue) {
  const api = `${apiProjectUrl(base, project)}/issues/${issue.iid}`;
  return {
    id: issue.id,
    iid: issue.iid,
    project_id: project.id,
    title: issue.title,
    description: issue.description,
    state: issue.state,
    created_at: iso(issue.createdAt),
    updated_at: iso(issue.updatedAt),
    closed_at: issue.closedAt === null ? null : iso(issue.closedAt),
    closed_by: issue.closedBy ? userJson(base, issue.closedBy) : null,
    labels: [...issue.labels],
    milestone: null,
    assignees: [],
    author: userJson(base, issue.author),
    type: "ISSUE",
    assignee: null,
    user_notes_count: issue.notes.length,
    merge_requests_count: 0,
    upvotes: 0,
    downvotes: 0,
    due_date: null,
    confidential: false,
    discussion_locked: null,
    issue_type: "issue",
    web_url: issueWebUrl(base, project, issue),
    time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
    task_completion_status: { count: 0, completed_count: 0 },
    has_tasks: false,
    _links: {
      self: api,
      notes: `${api}/notes`,
      award_emoji: `${api}/award_emoji`,
      project: apiProjectUrl(base, project),
      closed_as_duplicate_of: null,
    },
    references: { short: `#${issue.iid}`, relative: `#${issue.iid}`, full: `${fullPath(project)}#${issue.iid}` },
    severity: "UNKNOWN",
    moved_to_id: null,
    imported: false,
    imported_from: "none",
    service_desk_reply_to: null,
  };
}

export function noteJson(base: string, project: Project, issue: Issue, note: Note) {
  return {
    id: note.id,
    type: null,
    body: note.body,
    attachment: null,
    author: userJson(base, note.author),
    created_at: iso(note.createdAt),
    updated_at: iso(note.updatedAt),
    system: false,
    noteable_id: issue.id,
    noteable_type: "Issue",
    project_id: project.id,
    resolvable: false,
    confidential: false,
    internal: false,
    imported: false,
    imported_from: "none",
    noteable_iid: issue.iid,
    commands_changes: {},
  };
}
