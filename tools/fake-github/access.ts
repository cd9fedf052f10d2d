// Who may do what, as GitHub decides it for each kind of token. A repository the token may not see
// is a 404 exactly like a missing one (GitHub never confirms a private repository exists); a
// repository it sees but may not change is a 403 naming the kind of token, with the permission or
// scope it lacked in GitHub's x-accepted-* header.
import type { Headers } from "./http";
import type { Repo, Token } from "./state";
import { fullName } from "./shapes";

/** What a request needs of a repository: to see it, to read its issues, or to change them. */
export type Need = "metadata" | "issues:read" | "issues:write";

export type Verdict = { ok: true } | { ok: false; status: 403 | 404; message: string; headers: Headers };

/** GitHub's 403 message names the kind of token that lacked the permission. */
export function notAccessible(token: Token): string {
  return `Resource not accessible by ${token.kind === "installation" ? "integration" : "personal access token"}`;
}

function classic(token: Token, repo: Repo, need: Need): Verdict {
  const has = (scope: string) => token.scopes.includes(scope);
  const accepted = { "x-accepted-oauth-scopes": "repo" };
  // A private repository needs `repo`; a public one is readable by any token and writable with
  // `public_repo`. Lacking the scope, GitHub answers as if the repository did not exist.
  const allowed = repo.private ? has("repo") : need !== "issues:write" || has("repo") || has("public_repo");
  return allowed ? { ok: true } : { ok: false, status: 404, message: "Not Found", headers: accepted };
}

function fineGrained(token: Token, repo: Repo, need: Need): Verdict {
  const granted = token.repos === "all" || token.repos.has(fullName(repo).toLowerCase());
  const refuse = (permission: string): Verdict => ({
    ok: false,
    status: 403,
    message: notAccessible(token),
    headers: { "x-accepted-github-permissions": permission },
  });
  if (!granted) {
    // Public repositories are readable by every token; only the granted ones are writable.
    if (!repo.private) return need === "issues:write" ? refuse("issues=write") : { ok: true };
    return { ok: false, status: 404, message: "Not Found", headers: {} };
  }
  if (need === "metadata") return { ok: true };
  const issues = token.permissions.issues;
  if (need === "issues:read") return issues || !repo.private ? { ok: true } : refuse("issues=read");
  return issues === "write" ? { ok: true } : refuse("issues=write");
}

export function repoAccess(token: Token, repo: Repo | undefined, need: Need): Verdict {
  if (!repo) return { ok: false, status: 404, message: "Not Found", headers: {} };
  return token.kind === "classic" ? classic(token, repo, need) : fineGrained(token, repo, need);
}

/** The repositories a token can list (GET /user/repos, GET /installation/repositories). */
export function visibleRepos(token: Token, repos: Iterable<Repo>): Repo[] {
  return [...repos].filter((repo) => {
    if (token.kind === "classic") return !repo.private || token.scopes.includes("repo");
    return token.repos === "all" || token.repos.has(fullName(repo).toLowerCase());
  });
}

/** Whether the token may change the repository's issues (the `permissions.push` GitHub reports). */
export function canWrite(token: Token, repo: Repo): boolean {
  return repoAccess(token, repo, "issues:write").ok;
}
