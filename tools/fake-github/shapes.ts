// GitHub's JSON for users, repositories, issues, labels and comments (REST API 2022-11-28), the
// fields a client reads and their types; the rarer URL templates are left out. API URLs point at the
// fake's own address; `html_url` at its HTML pages, which stand in for github.com.
import { isoSeconds } from "./http";
import type { Actor, Comment, Issue, Repo } from "./state";

export const fullName = (repo: Repo) => `${repo.owner.login}/${repo.name}`;
const apiRepoUrl = (base: string, repo: Repo) => `${base}/repos/${fullName(repo)}`;

export function userJson(base: string, actor: Actor) {
  const slug = actor.type === "Bot" ? `apps/${actor.login.replace(/\[bot\]$/, "")}` : actor.login;
  return {
    login: actor.login,
    id: actor.id,
    node_id: `U_fake${actor.id}`,
    avatar_url: `${base}/_fake/avatars/${actor.id}`,
    gravatar_id: "",
    url: `${base}/users/${encodeURIComponent(actor.login)}`,
    html_url: `${base}/${slug}`,
    type: actor.type,
    site_admin: false,
  };
}

/** The repository; `permissions` only when a user's token asks (GitHub leaves it out otherwise). */
export function repoJson(base: string, repo: Repo, permissions?: { push: boolean }) {
  const url = apiRepoUrl(base, repo);
  const open = repo.issues.filter((i) => i.state === "open").length;
  return {
    id: repo.id,
    node_id: `R_fake${repo.id}`,
    name: repo.name,
    full_name: fullName(repo),
    private: repo.private,
    owner: userJson(base, repo.owner),
    html_url: `${base}/${fullName(repo)}`,
    description: null,
    fork: false,
    url,
    issues_url: `${url}/issues{/number}`,
    labels_url: `${url}/labels{/name}`,
    hooks_url: `${url}/hooks`,
    created_at: isoSeconds(repo.createdAt),
    updated_at: isoSeconds(repo.createdAt),
    pushed_at: isoSeconds(repo.createdAt),
    homepage: null,
    size: 0,
    default_branch: "main",
    visibility: repo.private ? "private" : "public",
    has_issues: repo.hasIssues,
    archived: false,
    disabled: false,
    open_issues_count: open,
    open_issues: open,
    ...(permissions
      ? { permissions: { admin: false, maintain: false, push: permissions.push, triage: permissions.push, pull: true } }
      : {}),
  };
}

export function labelJson(base: string, repo: Repo, label: { id: number; name: string; color: string }) {
  return {
    id: label.id,
    node_id: `LA_fake${label.id}`,
    url: `${apiRepoUrl(base, repo)}/labels/${encodeURIComponent(label.name)}`,
    name: label.name,
    color: label.color,
    default: false,
    description: null,
  };
}

/** GitHub's relation of the author to the repository, as far as the fake can tell. */
function association(repo: Repo, actor: Actor): string {
  if (actor.type === "Bot") return "NONE";
  return actor.login.toLowerCase() === repo.owner.login.toLowerCase() ? "OWNER" : "COLLABORATOR";
}

export function issueHtmlUrl(base: string, repo: Repo, issue: Issue): string {
  return `${base}/${fullName(repo)}/issues/${issue.number}`;
}

export function issueJson(base: string, repo: Repo, issue: Issue) {
  const url = `${apiRepoUrl(base, repo)}/issues/${issue.number}`;
  return {
    url,
    repository_url: apiRepoUrl(base, repo),
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: issueHtmlUrl(base, repo, issue),
    id: issue.id,
    node_id: `I_fake${issue.id}`,
    number: issue.number,
    title: issue.title,
    user: userJson(base, issue.author),
    labels: issue.labels.map((name) => labelJson(base, repo, repo.labels.get(name.toLowerCase())!)),
    state: issue.state,
    locked: false,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: issue.comments.length,
    created_at: isoSeconds(issue.createdAt),
    updated_at: isoSeconds(issue.updatedAt),
    closed_at: issue.closedAt === null ? null : isoSeconds(issue.closedAt),
    closed_by: issue.closedBy ? userJson(base, issue.closedBy) : null,
    author_association: association(repo, issue.author),
    active_lock_reason: null,
    body: issue.body,
    state_reason: issue.stateReason,
    timeline_url: `${url}/timeline`,
  };
}

export function commentJson(base: string, repo: Repo, issue: Issue, comment: Comment) {
  return {
    id: comment.id,
    node_id: `IC_fake${comment.id}`,
    url: `${apiRepoUrl(base, repo)}/issues/comments/${comment.id}`,
    html_url: `${issueHtmlUrl(base, repo, issue)}#issuecomment-${comment.id}`,
    issue_url: `${apiRepoUrl(base, repo)}/issues/${issue.number}`,
    body: comment.body,
    user: userJson(base, comment.author),
    created_at: isoSeconds(comment.createdAt),
    updated_at: isoSeconds(comment.updatedAt),
    author_association: association(repo, comment.author),
  };
}
