import "server-only";
import type { TrackerKind } from "@/lib/domain/tracker";
import { assertClient, assertClientOwner, type ClientActor, READ_ONLY_VIEW_MESSAGE } from "@/server/core/actor";
import { AppError } from "@/server/core/errors";
import { listGitHubRepositories } from "./github";
import { listGitLabProjects } from "./gitlab";
import { listJiraProjects } from "./jira";
import { jiraCredentialOf } from "./jira-credential";
import { listJiraDataCenterProjects } from "./jira-dc";
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
  // A refusal lands on the field the form typed the token in.
  let field = kind === "jira" ? "apiToken" : "token";
  try {
    if (kind === "github") return { targets: await listGitHubRepositories({ baseUrl, token }) };
    if (kind === "gitlab") return { targets: await listGitLabProjects({ baseUrl, token }) };
    const credential = jiraCredentialOf(token);
    if (credential.deployment === "cloud") return { targets: await listJiraProjects({ baseUrl, credential }) };
    field = "pat";
    return { targets: await listJiraDataCenterProjects({ baseUrl, credential }) };
  } catch (error) {
    if (!(error instanceof TrackerError)) throw error;
    throw new AppError("bad_request", error.message, { fieldErrors: { [field]: error.message } });
  }
}
