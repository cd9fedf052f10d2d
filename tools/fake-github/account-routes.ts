// Who the token is and what it reaches: GET /user, GET /user/repos (a personal token's
// repositories), GET /installation/repositories (an installation token's), GET /repos/{owner}/{repo}.
import type { Call } from "./api";
import { canWrite, notAccessible, repoAccess, visibleRepos } from "./access";
import { ghError, isoSeconds, json, paginate } from "./http";
import { fullName, repoJson, userJson } from "./shapes";

const USER_DOCS = "https://docs.github.com/rest/users/users#get-the-authenticated-user";
const USER_REPOS_DOCS = "https://docs.github.com/rest/repos/repos#list-repositories-for-the-authenticated-user";
const INSTALLATION_DOCS = "https://docs.github.com/rest/apps/installations#list-repositories-accessible-to-the-app-installation";
const REPO_PATH = /^\/repos\/([^/]+)\/([^/]+)$/;

export async function handleAccountRoutes({ ctx, req, res, url, method, token }: Call): Promise<boolean> {
  const { state, base } = ctx;
  const path = url.pathname;
  if (method !== "GET") return false;
  req.resume();

  if (path === "/user") {
    // An installation token acts as the app's bot, which is not a user GitHub will describe this way.
    if (token.kind === "installation") ghError(res, 403, notAccessible(token), { documentationUrl: USER_DOCS });
    else
      json(res, 200, {
        ...userJson(base, token.actor),
        name: null,
        company: null,
        blog: "",
        location: null,
        email: null,
        bio: null,
        public_repos: 0,
        followers: 0,
        following: 0,
        created_at: isoSeconds(0),
        updated_at: isoSeconds(0),
      });
    return true;
  }

  if (path === "/user/repos") {
    if (token.kind === "installation") {
      ghError(res, 403, notAccessible(token), { documentationUrl: USER_REPOS_DOCS });
      return true;
    }
    // GitHub's default order here is by full name.
    const repos = visibleRepos(token, state.repos.values()).sort((a, b) => fullName(a).localeCompare(fullName(b)));
    const page = paginate(repos, url, base);
    json(
      res,
      200,
      page.items.map((repo) => repoJson(base, repo, { push: canWrite(token, repo) })),
      page.link ? { link: page.link } : {},
    );
    return true;
  }

  if (path === "/installation/repositories") {
    if (token.kind !== "installation") {
      ghError(res, 403, notAccessible(token), { documentationUrl: INSTALLATION_DOCS });
      return true;
    }
    const repos = visibleRepos(token, state.repos.values()).sort((a, b) => a.id - b.id);
    const page = paginate(repos, url, base);
    json(
      res,
      200,
      {
        total_count: repos.length,
        repository_selection: token.repos === "all" ? "all" : "selected",
        repositories: page.items.map((repo) => repoJson(base, repo)),
      },
      page.link ? { link: page.link } : {},
    );
    return true;
  }

  const match = REPO_PATH.exec(path);
  if (match) {
    const repo = state.repo(`${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}`);
    const verdict = repoAccess(token, repo, "metadata");
    if (!verdict.ok) ghError(res, verdict.status, verdict.message, { headers: verdict.headers });
    else json(res, 200, repoJson(base, repo!, token.kind === "installation" ? undefined : { push: canWrite(token, repo!) }));
    return true;
  }
  return false;
}
