import "server-only";
import type { TrackerKind } from "@/lib/domain/tracker";
import { assertClient, assertClientOwner, type ClientActor, READ_ONLY_VIEW_MESSAGE } from "@/server/core/actor";
import { AppError } from "@/server/core/errors";
import { listGitHubRepositories } from "./github";
import { listGitLabProjects } from "./gitlab";
import { jiraCredentialOf, listJiraProjects } from "./jira";
import { TrackerError } from "./tracker-error";

// The Connect forms' list of repositories or projects (docs/PRODUCT.md#integrations): what the
// token the owner typed can see, asked of the tracker and kept nowhere.

/** The targets a token reaches (owners): names to pick from, or the tracker's refusal on the token field. */
export async function listTrackerTargets({
  actor,
  kind,
  baseUrl,
  token,
}: {
  actor: ClientActor;
  kind: TrackerKind;
  baseUrl: string;
  token: string;
}): Promise<{ targets: string[] }> {
  assertClient(actor);
  if (actor.viewer) throw new AppError("forbidden", READ_ONLY_VIEW_MESSAGE);
  assertClientOwner(actor);
  try {
    const targets =
      kind === "github"
        ? await listGitHubRepositories({ baseUrl, token })
        : kind === "gitlab"
          ? await listGitLabProjects({ baseUrl, token })
          : await listJiraProjects({ baseUrl, credential: jiraCredentialOf(token) });
    return { targets };
  } catch (error) {
    if (!(error instanceof TrackerError)) throw error;
    throw new AppError("bad_request", error.message, { fieldErrors: { [kind === "jira" ? "apiToken" : "token"]: error.message } });
  }
}
