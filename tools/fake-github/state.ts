// The fake's memory: repositories with their issues, comments, labels and webhooks; the users and
// bots that act; the tokens and their grants. Names are kept as given but looked up without case,
// as GitHub does (`Acme/App` and `acme/app` are one repository).
import { randomBytes } from "node:crypto";
import { newBucket, type PrimaryBucket } from "./rate";

export type Actor = { login: string; id: number; type: "User" | "Bot" | "Organization" };
export type Access = "read" | "write";
export type TokenKind = "fine-grained" | "installation" | "classic";
/** The fine-grained permissions the fake checks (GitHub's names); `metadata: read` is always granted. */
export type Permissions = { issues?: Access; metadata?: "read" };
export type StateReason = "completed" | "not_planned" | "reopened";

export type Comment = { id: number; body: string; author: Actor; createdAt: number; updatedAt: number };
export type Issue = {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: "open" | "closed";
  stateReason: StateReason | null;
  labels: string[];
  author: Actor;
  createdAt: number;
  updatedAt: number;
  closedAt: number | null;
  closedBy: Actor | null;
  comments: Comment[];
};
export type Hook = { id: number; url: string; secret: string; events: string[] };
export type Repo = {
  id: number;
  owner: Actor;
  name: string;
  private: boolean;
  hasIssues: boolean;
  createdAt: number;
  /** Issue numbers count up from 1 per repository (GitHub shares them with pull requests). */
  nextNumber: number;
  issues: Issue[];
  labels: Map<string, { id: number; name: string; color: string }>;
  hooks: Hook[];
};
export type Token = {
  value: string;
  kind: TokenKind;
  /** Who acts with it: the user of a personal token, the app's bot for an installation token. */
  actor: Actor;
  /** Lower-cased full names the token was granted, or every repository. */
  repos: Set<string> | "all";
  permissions: Permissions;
  /** A classic token's OAuth scopes (`repo`, `public_repo`, …). */
  scopes: string[];
  installationId: number | null;
  revoked: boolean;
  expiresAt: number | null;
  rate: PrimaryBucket;
  /** When its content-creating requests came, oldest first (the secondary limit). */
  writes: number[];
};

export type TokenRequest = {
  kind: TokenKind;
  /** "owner/name" of each repository granted (fine-grained, installation); every repository when left out. */
  repos?: string[];
  permissions?: Permissions;
  scopes?: string[];
  /** The user a personal token belongs to (default `fake-user`). */
  login?: string;
  /** This token's primary limit per hour (default: the fake's). */
  rateLimit?: number;
  /** Lifetime; installation tokens live an hour unless told otherwise, personal tokens forever. */
  expiresInSeconds?: number;
  /** This value rather than a random one (a demo's token known before the fake starts); it must carry the kind's prefix. */
  token?: string;
};

const key = (fullName: string) => fullName.toLowerCase();
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const randomOf = (length: number) => [...randomBytes(length)].map((b) => ALNUM[b % ALNUM.length]).join("");

const PREFIXES: Record<TokenKind, string> = { "fine-grained": "github_pat_", installation: "ghs_", classic: "ghp_" };

/** GitHub's token formats, by prefix (secret scanners and the product may look at it). */
function tokenValue(kind: TokenKind): string {
  return kind === "fine-grained" ? `${PREFIXES[kind]}${randomOf(22)}_${randomOf(59)}` : `${PREFIXES[kind]}${randomOf(36)}`;
}

export class GitHubState {
  readonly repos = new Map<string, Repo>();
  readonly tokens = new Map<string, Token>();
  private readonly actors = new Map<string, Actor>();
  private nextId = 1_000_001;

  constructor(
    readonly now: () => number,
    readonly defaultRateLimit: number,
    /** The GitHub App whose installation tokens the fake issues: its bot is `<slug>[bot]`. */
    readonly appSlug: string,
  ) {}

  newId(): number {
    return this.nextId++;
  }

  actor(login: string, type: Actor["type"] = "User"): Actor {
    const known = this.actors.get(key(login));
    if (known) return known;
    const made: Actor = { login, id: this.newId(), type };
    this.actors.set(key(login), made);
    return made;
  }

  addRepo(input: { owner: string; name: string; issues?: boolean; private?: boolean; ownerType?: "User" | "Organization" }): Repo {
    const fullName = `${input.owner}/${input.name}`;
    if (this.repos.has(key(fullName))) throw new Error(`fake-github: ${fullName} exists already`);
    const repo: Repo = {
      id: this.newId(),
      owner: this.actor(input.owner, input.ownerType ?? "Organization"),
      name: input.name,
      private: input.private ?? true,
      hasIssues: input.issues ?? true,
      createdAt: this.now(),
      nextNumber: 1,
      issues: [],
      labels: new Map(),
      hooks: [],
    };
    this.repos.set(key(fullName), repo);
    return repo;
  }

  /** A repository by "owner/name", or undefined. */
  repo(fullName: string): Repo | undefined {
    return this.repos.get(key(fullName));
  }

  /** For the control methods: a test's mistake (an unknown repository or issue) throws. */
  mustRepo(fullName: string): Repo {
    const repo = this.repo(fullName);
    if (!repo) throw new Error(`fake-github: no repository ${fullName}`);
    return repo;
  }

  mustIssue(fullName: string, number: number): { repo: Repo; issue: Issue } {
    const repo = this.mustRepo(fullName);
    const issue = repo.issues.find((i) => i.number === number);
    if (!issue) throw new Error(`fake-github: no issue ${fullName}#${number}`);
    return { repo, issue };
  }

  issueToken(request: TokenRequest): string {
    if (!["fine-grained", "installation", "classic"].includes(request.kind)) throw new Error(`fake-github: no token kind ${request.kind}`);
    const value = request.token ?? tokenValue(request.kind);
    if (!value.startsWith(PREFIXES[request.kind]) || value.length <= PREFIXES[request.kind].length)
      throw new Error(`fake-github: a ${request.kind} token starts with ${PREFIXES[request.kind]}`);
    if (this.tokens.has(value)) throw new Error("fake-github: that token exists already");
    const installation = request.kind === "installation";
    const ttl = request.expiresInSeconds ?? (installation ? 3600 : undefined);
    this.tokens.set(value, {
      value,
      kind: request.kind,
      actor: installation ? this.actor(`${this.appSlug}[bot]`, "Bot") : this.actor(request.login ?? "fake-user"),
      repos: request.repos ? new Set(request.repos.map(key)) : "all",
      permissions: { ...request.permissions, metadata: "read" },
      scopes: request.scopes ?? (request.kind === "classic" ? ["repo"] : []),
      installationId: installation ? 1 : null,
      revoked: false,
      expiresAt: ttl === undefined ? null : this.now() + ttl * 1000,
      rate: newBucket(request.rateLimit ?? this.defaultRateLimit),
      writes: [],
    });
    return value;
  }

  /** The live token with this value, or undefined (unknown, revoked or expired: all "Bad credentials"). */
  liveToken(value: string): Token | undefined {
    const token = this.tokens.get(value);
    if (!token || token.revoked) return undefined;
    return token.expiresAt !== null && token.expiresAt <= this.now() ? undefined : token;
  }

  /** The repository's label of this name, made on first use (GitHub creates a label an issue names). */
  label(repo: Repo, name: string): { id: number; name: string; color: string } {
    const known = repo.labels.get(name.toLowerCase());
    if (known) return known;
    const made = { id: this.newId(), name, color: "ededed" };
    repo.labels.set(name.toLowerCase(), made);
    return made;
  }

  createIssue(repo: Repo, input: { title: string; body: string | null; labels: string[]; author: Actor }): Issue {
    const now = this.now();
    const issue: Issue = {
      id: this.newId(),
      number: repo.nextNumber++,
      title: input.title,
      body: input.body,
      state: "open",
      stateReason: null,
      labels: input.labels.map((name) => this.label(repo, name).name),
      author: input.author,
      createdAt: now,
      updatedAt: now,
      closedAt: null,
      closedBy: null,
      comments: [],
    };
    repo.issues.push(issue);
    return issue;
  }

  /** Closes or reopens, as GitHub records it: who closed it and when, and why. */
  setIssueState(issue: Issue, state: "open" | "closed", reason: StateReason | null, by: Actor): void {
    const now = this.now();
    issue.state = state;
    issue.updatedAt = now;
    if (state === "closed") {
      issue.stateReason = reason ?? "completed";
      issue.closedAt = now;
      issue.closedBy = by;
    } else {
      issue.stateReason = "reopened";
      issue.closedAt = null;
      issue.closedBy = null;
    }
  }

  addComment(issue: Issue, body: string, author: Actor): Comment {
    const now = this.now();
    const comment: Comment = { id: this.newId(), body, author, createdAt: now, updatedAt: now };
    issue.comments.push(comment);
    issue.updatedAt = now;
    return comment;
  }
}
