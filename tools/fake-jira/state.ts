// What the fake Jira site holds: projects with the simplified workflow, accounts with Cloud API
// tokens and Data Center personal access tokens and per-project permissions, issues with their
// comments, and admin webhooks.
import { randomBytes, randomUUID } from "node:crypto";

export const PERMISSIONS = [
  "BROWSE_PROJECTS",
  "CREATE_ISSUES",
  "EDIT_ISSUES",
  "ADD_COMMENTS",
  "TRANSITION_ISSUES",
  "RESOLVE_ISSUES",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export type StatusCategory = { id: number; key: "new" | "indeterminate" | "done"; name: string; colorName: string };
export type Status = { id: string; name: "To Do" | "In Progress" | "Done"; category: StatusCategory };

/** A team-managed project's simplified workflow: three statuses, a global transition into each. */
export const STATUSES: Status[] = [
  { id: "10000", name: "To Do", category: { id: 2, key: "new", name: "To Do", colorName: "blue-gray" } },
  { id: "3", name: "In Progress", category: { id: 4, key: "indeterminate", name: "In Progress", colorName: "yellow" } },
  { id: "10001", name: "Done", category: { id: 3, key: "done", name: "Done", colorName: "green" } },
];
export const TRANSITIONS = [
  { id: "11", name: "To Do", to: STATUSES[0]! },
  { id: "21", name: "In Progress", to: STATUSES[1]! },
  { id: "31", name: "Done", to: STATUSES[2]! },
];

/** Jira Cloud's default priority scheme; a new issue without one gets Medium. */
export const PRIORITIES = [
  { id: "1", name: "Highest" },
  { id: "2", name: "High" },
  { id: "3", name: "Medium" },
  { id: "4", name: "Low" },
  { id: "5", name: "Lowest" },
] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = PRIORITIES[2];

export type IssueType = { id: string; name: string };
export type Project = { id: string; key: string; name: string; issueTypes: IssueType[]; nextNumber: number };
export type User = { accountId: string; email: string; displayName: string; permissions: Map<string, Set<Permission>> | "all" };
/** A Cloud API token (Basic with the e-mail, REST API v3) or a Data Center personal access token (Bearer, REST API v2). */
export type ApiToken = { value: string; user: User; revoked: boolean; kind: "api" | "pat" };
export type Comment = { id: string; author: User; body: unknown; created: number };
export type Issue = {
  id: string;
  key: string;
  project: Project;
  issueType: IssueType;
  summary: string;
  description: unknown;
  labels: string[];
  priority: Priority;
  status: Status;
  resolvedAt: number | null;
  reporter: User;
  created: number;
  updated: number;
  comments: Comment[];
};
export type Webhook = { id: number; url: string; secret: string | null; events: string[] };

export class JiraState {
  readonly projects = new Map<string, Project>();
  readonly users = new Map<string, User>();
  readonly tokens = new Map<string, ApiToken>();
  readonly issues = new Map<string, Issue>();
  readonly webhooks: Webhook[] = [];
  private nextId = 10000;
  private nextChangeId = 10000;

  constructor(private readonly now: () => number) {}

  newId(): string {
    this.nextId += 1;
    return String(this.nextId);
  }

  /** A changelog's id: a sequence of its own, as Jira keeps one. */
  newChangeId(): string {
    this.nextChangeId += 1;
    return String(this.nextChangeId);
  }

  /** The project by key (any case) or numeric id. */
  findProject(keyOrId: string): Project | undefined {
    return this.projects.get(keyOrId.toUpperCase()) ?? [...this.projects.values()].find((p) => p.id === keyOrId);
  }

  /** The issue by key (any case) or numeric id. */
  findIssue(keyOrId: string): Issue | undefined {
    return this.issues.get(keyOrId.toUpperCase()) ?? [...this.issues.values()].find((i) => i.id === keyOrId);
  }

  addProject({ key, name, issueTypes = ["Task", "Bug", "Story", "Epic"] }: { key: string; name: string; issueTypes?: string[] }): Project {
    if (!/^[A-Z][A-Z0-9_]{1,9}$/.test(key)) throw new Error(`fake-jira: ${key} is not a project key`);
    if (this.projects.has(key)) throw new Error(`fake-jira: project ${key} exists already`);
    const project = {
      id: this.newId(),
      key,
      name,
      issueTypes: issueTypes.map((type) => ({ id: this.newId(), name: type })),
      nextNumber: 1,
    };
    this.projects.set(key, project);
    return project;
  }

  addUser({
    email,
    displayName,
    permissions,
    apiToken,
    pat,
  }: {
    email: string;
    displayName?: string;
    permissions?: Record<string, string[]>;
    apiToken?: string;
    /** A Data Center personal access token too: this value, or a random one for `true`. */
    pat?: string | boolean;
  }): { accountId: string; apiToken: string; pat?: string } {
    if (this.users.has(email.toLowerCase())) throw new Error(`fake-jira: ${email} has an account already`);
    const user: User = {
      // Atlassian account ids: "557058:" and a UUID for older accounts; the newer form is 24 hex.
      accountId: `712020:${randomUUID()}`,
      email,
      displayName: displayName ?? email.split("@")[0]!,
      permissions: permissions
        ? new Map(Object.entries(permissions).map(([key, granted]) => [key, new Set(granted as Permission[])]))
        : "all",
    };
    this.users.set(email.toLowerCase(), user);
    const issued = { accountId: user.accountId, apiToken: this.issueToken(email, apiToken) };
    if (!pat) return issued;
    return { ...issued, pat: typeof pat === "string" ? this.issuePat(email, pat) : this.issuePat(email) };
  }

  /** Another API token of the account (Atlassian's are `ATATT3x…`, 192 characters). */
  issueToken(email: string, value = `ATATT3xFfGF0${randomBytes(72).toString("base64url")}`): string {
    const user = this.users.get(email.toLowerCase());
    if (!user) throw new Error(`fake-jira: no account ${email}`);
    if (this.tokens.has(value)) throw new Error("fake-jira: that token exists already");
    this.tokens.set(value, { value, user, revoked: false, kind: "api" });
    return value;
  }

  /** A Data Center personal access token of the account (Jira's are 44 characters of base64). */
  issuePat(email: string, value = randomBytes(33).toString("base64")): string {
    const user = this.users.get(email.toLowerCase());
    if (!user) throw new Error(`fake-jira: no account ${email}`);
    if (this.tokens.has(value)) throw new Error("fake-jira: that token exists already");
    this.tokens.set(value, { value, user, revoked: false, kind: "pat" });
    return value;
  }

  revokeToken(value: string): void {
    const token = this.tokens.get(value);
    if (!token) throw new Error("fake-jira: no such token");
    token.revoked = true;
  }

  /** The account a Basic `email:API token` pair proves, if it does (a personal access token proves nothing there). */
  authenticate(email: string, value: string): User | null {
    const token = this.tokens.get(value);
    if (!token || token.revoked || token.kind !== "api" || token.user.email.toLowerCase() !== email.toLowerCase()) return null;
    return token.user;
  }

  /** The account a Bearer personal access token proves, if it does. */
  authenticatePat(value: string): User | null {
    const token = this.tokens.get(value);
    return token && !token.revoked && token.kind === "pat" ? token.user : null;
  }

  /** Whether the account (null: anonymous, who sees no project: every project is private here) holds the permission. */
  may(user: User | null, project: Project, permission: Permission): boolean {
    if (!user) return false;
    return user.permissions === "all" || (user.permissions.get(project.key)?.has(permission) ?? false);
  }

  createIssue(input: {
    project: Project;
    issueType: IssueType;
    summary: string;
    description: unknown;
    labels: string[];
    priority: Priority;
    reporter: User;
  }): Issue {
    const now = this.now();
    const issue: Issue = {
      id: this.newId(),
      key: `${input.project.key}-${input.project.nextNumber++}`,
      ...input,
      status: STATUSES[0]!,
      resolvedAt: null,
      created: now,
      updated: now,
      comments: [],
    };
    this.issues.set(issue.key, issue);
    return issue;
  }
}
