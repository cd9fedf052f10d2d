// Jira Cloud's JSON for what the fake holds, as REST API v3 answers it.
import type { Comment, Issue, Project, Status, User } from "./state";

const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+0000");

export function userJson(base: string, user: User) {
  return {
    self: `${base}/rest/api/3/user?accountId=${user.accountId}`,
    accountId: user.accountId,
    accountType: "atlassian",
    emailAddress: user.email,
    displayName: user.displayName,
    active: true,
    timeZone: "Etc/UTC",
    locale: "en_US",
    avatarUrls: {},
  };
}

export function statusJson(base: string, status: Status) {
  return {
    self: `${base}/rest/api/3/status/${status.id}`,
    description: "",
    iconUrl: `${base}/images/icons/statuses/generic.png`,
    name: status.name,
    id: status.id,
    statusCategory: {
      self: `${base}/rest/api/3/statuscategory/${status.category.id}`,
      id: status.category.id,
      key: status.category.key,
      colorName: status.category.colorName,
      name: status.category.name,
    },
  };
}

export function projectJson(base: string, project: Project) {
  return {
    self: `${base}/rest/api/3/project/${project.id}`,
    id: project.id,
    key: project.key,
    name: project.name,
    projectTypeKey: "software",
    simplified: true,
    style: "next-gen",
    isPrivate: true,
    avatarUrls: {},
    issueTypes: project.issueTypes.map((type) => ({
      self: `${base}/rest/api/3/issuetype/${type.id}`,
      id: type.id,
      name: type.name,
      description: "",
      subtask: false,
      hierarchyLevel: type.name === "Epic" ? 1 : 0,
    })),
  };
}

/** The issue's fields, narrowed to `fields` (Jira's default for GET issue is every field). */
export function issueJson(base: string, issue: Issue, fields: string[] | null = null) {
  const all: Record<string, unknown> = {
    summary: issue.summary,
    description: issue.description,
    labels: issue.labels,
    status: statusJson(base, issue.status),
    issuetype: {
      self: `${base}/rest/api/3/issuetype/${issue.issueType.id}`,
      id: issue.issueType.id,
      name: issue.issueType.name,
      subtask: false,
    },
    project: {
      self: `${base}/rest/api/3/project/${issue.project.id}`,
      id: issue.project.id,
      key: issue.project.key,
      name: issue.project.name,
    },
    reporter: userJson(base, issue.reporter),
    created: iso(issue.created),
    updated: iso(issue.updated),
    resolution: issue.resolvedAt === null ? null : { id: "10000", name: "Done", description: "Work has been completed on this issue." },
    resolutiondate: issue.resolvedAt === null ? null : iso(issue.resolvedAt),
  };
  const wanted = fields === null || fields.includes("*all") ? Object.keys(all) : fields.filter((name) => name in all);
  return {
    expand: "renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations",
    id: issue.id,
    self: `${base}/rest/api/3/issue/${issue.id}`,
    key: issue.key,
    fields: Object.fromEntries(wanted.map((name) => [name, all[name]])),
  };
}

export function commentJson(base: string, issue: Issue, comment: Comment) {
  return {
    self: `${base}/rest/api/3/issue/${issue.id}/comment/${comment.id}`,
    id: comment.id,
    author: userJson(base, comment.author),
    body: comment.body,
    updateAuthor: userJson(base, comment.author),
    created: iso(comment.created),
    updated: iso(comment.created),
    jsdPublic: true,
  };
}
