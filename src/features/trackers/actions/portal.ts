"use server";

import { headers } from "next/headers";
import { assertClientOwner } from "@/server/core/actor";
import { getDb } from "@/server/core/get-db";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { clientAction } from "@/features/identity/server";
import {
  connectTracker,
  GITHUB_API,
  GITLAB_URL,
  listTrackerTargets,
  removeTrackerConnection,
  requestTicket,
  sealableJiraCredential,
  testTrackerConnection,
  updateTrackerMapping,
} from "@/features/trackers/server";
import {
  connectGitHubSchema,
  connectGitLabSchema,
  connectJiraSchema,
  requestTicketSchema,
  trackerConnectionIdSchema,
  trackerMappingSchema,
  trackerTargetsSchema,
} from "@/features/trackers/validation";

// The portal's Integrations (docs/PRODUCT.md#integrations).

/** A new GitHub connection, after a fresh second factor (like an API token); a member is refused first. */
export const connectGitHubAction = clientAction(connectGitHubSchema, async (actor, input) => {
  assertClientOwner(actor);
  await confirmFreshSecondFactor(getDb(), new Headers(await headers()), {});
  return connectTracker(getDb(), {
    actor,
    kind: "github",
    baseUrl: input.baseUrl || GITHUB_API,
    target: input.repository,
    token: input.token,
  });
});

/** A new GitLab connection (gitlab.com or self-managed), after the same fresh second factor. */
export const connectGitLabAction = clientAction(connectGitLabSchema, async (actor, input) => {
  assertClientOwner(actor);
  await confirmFreshSecondFactor(getDb(), new Headers(await headers()), {});
  return connectTracker(getDb(), {
    actor,
    kind: "gitlab",
    baseUrl: input.baseUrl || GITLAB_URL,
    target: input.project,
    token: input.token,
  });
});

/** The one secret a Jira form's credential becomes: Cloud's e-mail and API token, or Data Center's personal access token. */
const jiraSecretOf = (input: { deployment: "cloud" | "datacenter"; email: string; apiToken: string; pat: string }) =>
  input.deployment === "datacenter"
    ? sealableJiraCredential({ deployment: "datacenter", pat: input.pat })
    : sealableJiraCredential({ email: input.email, apiToken: input.apiToken });

/** A new Jira connection (Cloud or Data Center), after the same fresh second factor; its credential is sealed as one secret. */
export const connectJiraAction = clientAction(connectJiraSchema, async (actor, input) => {
  assertClientOwner(actor);
  await confirmFreshSecondFactor(getDb(), new Headers(await headers()), {});
  return connectTracker(getDb(), {
    actor,
    kind: "jira",
    baseUrl: input.siteUrl.replace(/\/+$/, ""),
    target: input.projectKey,
    token: jiraSecretOf(input),
    issueType: input.issueType,
  });
});

/** The repositories or projects the typed token can see, to pick the target from (owners; nothing kept). */
export const listTrackerTargetsAction = clientAction(trackerTargetsSchema, (actor, input) =>
  listTrackerTargets(
    input.kind === "jira"
      ? {
          actor,
          kind: "jira",
          baseUrl: input.siteUrl.replace(/\/+$/, ""),
          token: jiraSecretOf(input),
        }
      : { actor, kind: input.kind, baseUrl: input.baseUrl || (input.kind === "github" ? GITHUB_API : GITLAB_URL), token: input.token },
  ),
);

export const testTrackerConnectionAction = clientAction(trackerConnectionIdSchema, (actor, input) =>
  testTrackerConnection(getDb(), { actor, connectionId: input.connectionId }),
);

/** How a connection files tickets (owners). */
export const updateTrackerMappingAction = clientAction(trackerMappingSchema, (actor, { connectionId, ...mapping }) =>
  updateTrackerMapping(getDb(), { actor, connectionId, mapping }),
);

export const removeTrackerConnectionAction = clientAction(trackerConnectionIdSchema, (actor, input) =>
  removeTrackerConnection(getDb(), { actor, connectionId: input.connectionId }),
);

/** **Create ticket** on a finding: queued with its job (committed), which files it within seconds. */
export const requestTicketAction = clientAction(requestTicketSchema, (actor, input) =>
  requestTicket(getDb(), { actor, findingId: input.findingId, connectionId: input.connectionId }),
);
