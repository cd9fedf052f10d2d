// The fake's memory: projects with their issues, notes, labels and webhooks; the users who act (each
// project access token's bot, the person on gitlab.com); the tokens with their scopes and roles.
// A project is found by its numeric id or by its full path without case, as GitLab finds it.
import { randomBytes, randomUUID } from "node:crypto";
import { newWindow, type RateWindow } from "./rate";

export type User = { id: number; username: string; name: string; bot: boolean };
export type Visibility = "private" | "internal" | "public";
/** GitLab's roles by access level: Guest, Planner, Reporter, Developer, Maintainer, Owner. */
export const ACCESS_LEVELS = [10, 15, 20, 30, 40, 50] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export type Note = { id: number; body: string; author: User; createdAt: number; updatedAt: number };
export type Label = { id: number; title: string; color: string; createdAt: number };
export type Issue = {
  id: number;
  iid: number;
  title: string;
  description: string | null;
  state: "opened" | "closed";
  /** Label titles, sorted as GitLab lists them. */
  labels: string[];
  author: User;
  createdAt: number;
  updatedAt: number;
  updatedBy: User | null;
  closedAt: number | null;
  closedBy: User | null;
  notes: Note[];
};
/** A project hook for issue events; `token` is its secret token, sent verbatim in X-Gitlab-Token. */
export type Hook = { id: number; uuid: string; url: string; token: string | null };
export type Namespace = { id: number; fullPath: string; name: string };
export type Project = {
  id: number;
  namespace: Namespace;
  path: string;
  visibility: Visibility;
  issuesEnabled: boolean;
  createdAt: number;
  /** Issue iids count up from 1 per project. */
  nextIid: number;
  issues: Issue[];
  labels: Map<string, Label>;
  hooks: Hook[];
};
export type Token = {
  id: number;
  value: string;
  name: string;
  createdAt: number;
  project: Project;
  /** The bot user GitLab creates for each project access token: who the token acts as. */
  bot: User;
  /** `api` (read and write), `read_api` (read only); others reach no API endpoint. */
  scopes: string[];
  accessLevel: AccessLevel;
  revoked: boolean;
  /** When it stops working (ms): GitLab's tokens expire at midnight UTC of their expiry date. */
  expiresAt: number | null;
  rate: RateWindow;
};

export type TokenRequest = {
  /** The project's full path ("acme/platform") or id. */
  project: string | number;
  /** Default `["api"]`. */
  scopes?: string[];
  /** The token's role (default 30, Developer, as GitLab's form suggests). */
  accessLevel?: number;
  /** A date ("2026-01-31", void from that day's midnight UTC) or a time in ms on the fake's clock. */
  expiresAt?: string | number;
  /** This value rather than a random one (known before the fake starts); it must start with glpat-. */
  token?: string;
  /** This token's limit per minute (default: the fake's). */
  rateLimit?: number;
  /** The token's name, which is its bot's display name (default "fake-token"). */
  name?: string;
};

export type TokenLookup =
  { kind: "live"; token: Token } | { kind: "unknown" } | { kind: "revoked"; token: Token } | { kind: "expired"; token: Token };

export const PREFIX = "glpat-";
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const randomOf = (length: number) => [...randomBytes(length)].map((b) => ALNUM[b % ALNUM.length]).join("");
const key = (fullPath: string) => fullPath.toLowerCase();
export const fullPath = (project: Project) => `${project.namespace.fullPath}/${project.path}`;

export class GitLabState {
  readonly projects = new Map<string, Project>();
  readonly tokens = new Map<string, Token>();
  private readonly namespaces = new Map<string, Namespace>();
  private readonly users = new Map<string, User>();
  private nextId = 1001;

  constructor(
    readonly now: () => number,
    readonly defaultRateLimit: number,
  ) {}

  newId(): number {
    return this.nextId++;
  }

  user(username: string, name: string, bot = false): User {
    const known = this.users.get(key(username));
    if (known) return known;
    const made: User = { id: this.newId(), username, name, bot };
    this.users.set(key(username), made);
    return made;
  }

  addProject(input: { namespace: string; name: string; issues?: boolean; visibility?: Visibility }): Project {
    const namespacePath = input.namespace.replace(/^\/+|\/+$/g, "");
    if (!namespacePath || !/^[\w.-]+$/.test(input.name))
      throw new Error("fake-gitlab: a project needs a namespace and a name of letters, digits, _ . -");
    const path = `${namespacePath}/${input.name}`;
    if (this.projects.has(key(path))) throw new Error(`fake-gitlab: ${path} exists already`);
    if (input.visibility && !["private", "internal", "public"].includes(input.visibility))
      throw new Error(`fake-gitlab: no visibility ${input.visibility}`);
    let namespace = this.namespaces.get(key(namespacePath));
    if (!namespace) {
      namespace = { id: this.newId(), fullPath: namespacePath, name: namespacePath.split("/").at(-1)! };
      this.namespaces.set(key(namespacePath), namespace);
    }
    const project: Project = {
      id: this.newId(),
      namespace,
      path: input.name,
      visibility: input.visibility ?? "private",
      issuesEnabled: input.issues ?? true,
      createdAt: this.now(),
      nextIid: 1,
      issues: [],
      labels: new Map(),
      hooks: [],
    };
    this.projects.set(key(path), project);
    return project;
  }

  /** A project by id ("42") or full path, as the API's `:id` names it (already URL-decoded). */
  project(idOrPath: string | number): Project | undefined {
    const text = String(idOrPath);
    if (/^\d+$/.test(text)) return [...this.projects.values()].find((p) => p.id === Number(text));
    return this.projects.get(key(text));
  }

  /** For the control methods: a test's mistake (an unknown project or issue) throws. */
  mustProject(idOrPath: string | number): Project {
    const project = this.project(idOrPath);
    if (!project) throw new Error(`fake-gitlab: no project ${idOrPath}`);
    return project;
  }

  mustIssue(idOrPath: string | number, iid: number): { project: Project; issue: Issue } {
    const project = this.mustProject(idOrPath);
    const issue = project.issues.find((i) => i.iid === iid);
    if (!issue) throw new Error(`fake-gitlab: no issue ${fullPath(project)}#${iid}`);
    return { project, issue };
  }

  issueToken(request: TokenRequest): string {
    const project = this.mustProject(request.project);
    const value = request.token ?? `${PREFIX}${randomOf(20)}`;
    if (!value.startsWith(PREFIX) || value.length <= PREFIX.length)
      throw new Error(`fake-gitlab: a project access token starts with ${PREFIX}`);
    if (this.tokens.has(value)) throw new Error("fake-gitlab: that token exists already");
    const accessLevel = request.accessLevel ?? 30;
    if (!(ACCESS_LEVELS as readonly number[]).includes(accessLevel)) throw new Error(`fake-gitlab: no access level ${accessLevel}`);
    let expiresAt: number | null = null;
    if (request.expiresAt !== undefined) {
      expiresAt = typeof request.expiresAt === "number" ? request.expiresAt : Date.parse(`${request.expiresAt.slice(0, 10)}T00:00:00Z`);
      if (Number.isNaN(expiresAt)) throw new Error("fake-gitlab: expiresAt is a date (YYYY-MM-DD) or a time in ms");
    }
    const name = request.name ?? "fake-token";
    // Each project access token gets its own bot user: project_<id>_bot_<32 hex>, named after the token.
    const bot = this.user(`project_${project.id}_bot_${randomUUID().replace(/-/g, "")}`, name, true);
    this.tokens.set(value, {
      id: this.newId(),
      value,
      name,
      createdAt: this.now(),
      project,
      bot,
      scopes: request.scopes ?? ["api"],
      accessLevel: accessLevel as AccessLevel,
      revoked: false,
      expiresAt,
      rate: newWindow(request.rateLimit ?? this.defaultRateLimit),
    });
    return value;
  }

  /** What GitLab makes of a presented token, in its order: unknown, expired, revoked, or live. */
  lookupToken(value: string): TokenLookup {
    const token = this.tokens.get(value);
    if (!token) return { kind: "unknown" };
    if (token.expiresAt !== null && token.expiresAt <= this.now()) return { kind: "expired", token };
    if (token.revoked) return { kind: "revoked", token };
    return { kind: "live", token };
  }

  /** The project's label of this title, made on first use (GitLab creates a label an issue names). */
  label(project: Project, title: string): Label {
    const known = project.labels.get(title.toLowerCase());
    if (known) return known;
    const made: Label = { id: this.newId(), title, color: "#6699cc", createdAt: this.now() };
    project.labels.set(title.toLowerCase(), made);
    return made;
  }

  /** Label titles as stored: each the project's own spelling, without repeats, sorted by code point as Ruby sorts them. */
  labelTitles(project: Project, titles: string[]): string[] {
    return [...new Set(titles.map((title) => this.label(project, title).title))].sort();
  }

  createIssue(project: Project, input: { title: string; description: string | null; labels: string[]; author: User }): Issue {
    const now = this.now();
    const issue: Issue = {
      id: this.newId(),
      iid: project.nextIid++,
      title: input.title,
      description: input.description,
      state: "opened",
      labels: this.labelTitles(project, input.labels),
      author: input.author,
      createdAt: now,
      updatedAt: now,
      updatedBy: null,
      closedAt: null,
      closedBy: null,
      notes: [],
    };
    project.issues.push(issue);
    return issue;
  }

  /** Closes or reopens, as GitLab records it: who closed it and when. */
  setIssueState(issue: Issue, state: "opened" | "closed", by: User): void {
    const now = this.now();
    issue.state = state;
    issue.updatedAt = now;
    issue.updatedBy = by;
    issue.closedAt = state === "closed" ? now : null;
    issue.closedBy = state === "closed" ? by : null;
  }

  addNote(issue: Issue, body: string, author: User): Note {
    const now = this.now();
    const note: Note = { id: this.newId(), body, author, createdAt: now, updatedAt: now };
    issue.notes.push(note);
    issue.updatedAt = now;
    return note;
  }
}
