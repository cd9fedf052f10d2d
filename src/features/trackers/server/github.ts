import "server-only";
import { Octokit } from "@octokit/rest";
import { guardedFetchApi } from "@/server/core/outbound/guarded-fetch-api";
import { OutboundRefused } from "@/server/core/outbound/guarded-fetch";
import type { TicketText } from "./ticket-text";
import type { FiledTicket, TrackerClient } from "./tracker-client";
import { retryAfterSeconds } from "@/server/core/http/retry-after";
import { TRACKER_WAIT_CAP_SECONDS, TrackerError } from "./tracker-error";

// GitHub through its official client (docs/PRODUCT.md#integrations), every request through the
// guarded fetch: GitHub Enterprise Server lives at an address a client typed.

export const GITHUB_API = "https://api.github.com";

type GitHubTarget = { baseUrl: string; repository: string; token: string };

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

function client({ baseUrl, token }: GitHubTarget) {
  return new Octokit({ auth: token, baseUrl, userAgent: "sentinel-portal", log: quiet, request: { fetch: guardedFetchApi() } });
}

function split(repository: string) {
  const [owner, repo] = repository.split("/");
  if (!owner || !repo) throw new TrackerError("Name the repository as owner/name.", null);
  return { owner, repo };
}

/** GitHub's refusal in its own words, with the wait it asked for. */
function trackerErrorOf(error: unknown): TrackerError {
  if (error instanceof TrackerError) return error;
  if (error instanceof OutboundRefused) return new TrackerError(error.message, null);
  const e = error as { status?: number; message?: string; response?: { headers?: Record<string, string>; data?: { message?: string } } };
  if (typeof e.status === "number") {
    const headers = e.response?.headers ?? {};
    const retryAfter = headers["retry-after"]
      ? retryAfterSeconds(headers["retry-after"], TRACKER_WAIT_CAP_SECONDS)
      : headers["x-ratelimit-remaining"] === "0" && headers["x-ratelimit-reset"]
        ? Math.max(0, Number(headers["x-ratelimit-reset"]) - Math.floor(Date.now() / 1000))
        : null;
    const message = e.response?.data?.message ?? e.message ?? `GitHub answered ${e.status}.`;
    return new TrackerError(`GitHub: ${message}`, e.status, retryAfter !== null && Number.isFinite(retryAfter) ? retryAfter : null);
  }
  return new TrackerError("GitHub could not be reached.", null);
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw trackerErrorOf(error);
  }
}

/** The repository the token reaches, with issues on: what Test connection checks. */
async function checkGitHub(target: GitHubTarget): Promise<{ name: string }> {
  const { owner, repo } = split(target.repository);
  return call(async () => {
    const { data } = await client(target).rest.repos.get({ owner, repo });
    if (data.has_issues === false) throw new TrackerError(`GitHub: issues are turned off in ${data.full_name}.`, 410);
    return { name: data.full_name };
  });
}

async function createGitHubIssue(target: GitHubTarget, text: TicketText, labels: string[]): Promise<FiledTicket> {
  const { owner, repo } = split(target.repository);
  return call(async () => {
    const { data } = await client(target).rest.issues.create({ owner, repo, title: text.title, body: text.markdown, labels });
    return { key: String(data.number), url: data.html_url, state: data.state === "closed" ? "closed" : "open" };
  });
}

async function updateGitHubIssue(target: GitHubTarget, key: string, text: TicketText): Promise<void> {
  const { owner, repo } = split(target.repository);
  await call(() => client(target).rest.issues.update({ owner, repo, issue_number: Number(key), title: text.title, body: text.markdown }));
}

async function commentOnGitHubIssue(target: GitHubTarget, key: string, body: string): Promise<void> {
  const { owner, repo } = split(target.repository);
  await call(() => client(target).rest.issues.createComment({ owner, repo, issue_number: Number(key), body }));
}

async function closeGitHubIssue(target: GitHubTarget, key: string): Promise<void> {
  const { owner, repo } = split(target.repository);
  await call(() =>
    client(target).rest.issues.update({ owner, repo, issue_number: Number(key), state: "closed", state_reason: "completed" }),
  );
}

async function reopenGitHubIssue(target: GitHubTarget, key: string): Promise<void> {
  const { owner, repo } = split(target.repository);
  // GitHub gives a reopened issue the state_reason "reopened" itself.
  await call(() => client(target).rest.issues.update({ owner, repo, issue_number: Number(key), state: "open" }));
}

/**
 * The ticket a retry may already have filed: the newest issues of the repository, by the hidden
 * marker in their text (GitHub has no idempotency key for a new issue).
 */
async function findGitHubIssueByMarker(target: GitHubTarget, marker: string): Promise<FiledTicket | null> {
  const { owner, repo } = split(target.repository);
  return call(async () => {
    const { data } = await client(target).rest.issues.listForRepo({
      owner,
      repo,
      state: "all",
      sort: "created",
      direction: "desc",
      per_page: 100,
    });
    const found = data.find((issue) => issue.body?.includes(marker));
    return found ? { key: String(found.number), url: found.html_url, state: found.state === "closed" ? "closed" : "open" } : null;
  });
}

/** The issue's state now: what the sync polls where no webhook tells us. */
async function getGitHubIssueState(target: GitHubTarget, key: string): Promise<"open" | "closed"> {
  const { owner, repo } = split(target.repository);
  return call(async () => {
    const { data } = await client(target).rest.issues.get({ owner, repo, issue_number: Number(key) });
    return data.state === "closed" ? "closed" : "open";
  });
}

/** GitHub behind the one shape the queue, the sync and the verdicts use. */
export function githubClient(target: GitHubTarget): TrackerClient {
  return {
    check: () => checkGitHub(target),
    create: (text, labels) => createGitHubIssue(target, text, labels),
    findByMarker: (marker) => findGitHubIssueByMarker(target, marker),
    getState: (key) => getGitHubIssueState(target, key),
    update: (key, text) => updateGitHubIssue(target, key, text),
    comment: (key, body) => commentOnGitHubIssue(target, key, body),
    close: (key) => closeGitHubIssue(target, key),
    reopen: (key) => reopenGitHubIssue(target, key),
  };
}

/**
 * The repositories a token can file into, for the Connect form's list (at most 100, by name): a
 * personal token's, or, when GitHub says the token is an installation's, the installation's.
 */
export async function listGitHubRepositories({ baseUrl, token }: { baseUrl: string; token: string }): Promise<string[]> {
  const octokit = client({ baseUrl, token, repository: "" });
  const usable = (repos: { full_name: string; has_issues?: boolean }[]) =>
    repos.filter((repo) => repo.has_issues !== false).map((repo) => repo.full_name);
  return call(async () => {
    try {
      const { data } = await octokit.rest.repos.listForAuthenticatedUser({ per_page: 100, sort: "full_name" });
      return usable(data);
    } catch (error) {
      // An installation token may not read /user/repos (403); its own list is elsewhere.
      if ((error as { status?: number }).status !== 403) throw error;
      const { data } = await octokit.rest.apps.listReposAccessibleToInstallation({ per_page: 100 });
      return usable(data.repositories);
    }
  });
}
