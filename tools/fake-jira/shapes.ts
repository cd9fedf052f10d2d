// Jira Cloud's JSON for what the fake holds, as REST API v3 answers it.
import type { Comment, Issue, Priority, Project, Status, User } from "./state";

const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+0000");

/** An account; `email: false` where Jira leaves the address out (webhooks, as privacy settings do by default). */
export function userJson(base: string, user: User, { email = true }: { email?: boolean } = {}) {
  return {
    self: `${base}/rest/api/3/user?accountId=${user.accountId}`,
    accountId: user.accountId,
    accountType: "atlassian",
    ...(email ? { emailAddress: user.email } : {}),
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

export function priorityJson(base: string, priority: Priority) {
  return {
    self: `${base}/rest/api/3/priority/${priority.id}`,
    iconUrl: `${base}/images/icons/priorities/${priority.name.toLowerCase()}.svg`,
    name: priority.name,
    id: priority.id,
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

/**
 * Which of `all` a `fields` list asks for, read as Jira reads it: null or `*all` (GET issue's
 * default) or `*navigable` is every field the fake keeps, `-name` leaves one out, unknown names are
 * ignored; only exclusions start from every field.
 */
export function pickFields(all: string[], fields: string[] | null): string[] {
  if (fields === null) return all;
  const named = fields.filter((f) => !f.startsWith("-"));
  const every = !named.length || named.some((f) => f === "*all" || f === "*navigable");
  const wanted = new Set(every ? all : named.filter((f) => all.includes(f)));
  for (const f of fields) if (f.startsWith("-")) wanted.delete(f.slice(1));
  return all.filter((f) => wanted.has(f));
}

/** The issue's fields, narrowed to `fields` (Jira's default for GET issue is every field); `who` as for userJson. */
export function issueJson(base: string, issue: Issue, fields: string[] | null = null, who: { email?: boolean } = {}) {
  const all: Record<string, unknown> = {
    summary: issue.summary,
    description: issue.description,
    labels: issue.labels,
    priority: priorityJson(base, issue.priority),
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
    reporter: userJson(base, issue.reporter, who),
    created: iso(issue.created),
    updated: iso(issue.updated),
    resolution: issue.resolvedAt === null ? null : { id: "10000", name: "Done", description: "Work has been completed on this issue." },
    resolutiondate: issue.resolvedAt === null ? null : iso(issue.resolvedAt),
  };
  const wanted = pickFields(Object.keys(all), fields);
  return {
    expand: "renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations",
    id: issue.id,
    self: `${base}/rest/api/3/issue/${issue.id}`,
    key: issue.key,
    fields: Object.fromEntries(wanted.map((name) => [name, all[name]])),
  };
}

export function commentJson(base: string, issue: Issue, comment: Comment, who: { email?: boolean } = {}) {
  return {
    self: `${base}/rest/api/3/issue/${issue.id}/comment/${comment.id}`,
    id: comment.id,
    author: userJson(base, comment.author, who),
    body: comment.body,
    updateAuthor: userJson(base, comment.author, who),
    created: iso(comment.created),
    updated: iso(comment.created),
    jsdPublic: true,
  };
}
