import "server-only";
import { TrackerError } from "./tracker-error";

// What a Jira connection seals as its one secret, with the deployment it speaks to: Jira Cloud
// takes an Atlassian account's e-mail and API token (Basic), Jira Data Center a personal access
// token (Bearer). The deployment lives inside the sealed JSON so that the connection's row needs no
// column of its own; a credential sealed before Data Center existed has no `deployment` and is Cloud.

export type JiraCloudCredential = { deployment: "cloud"; email: string; apiToken: string };
export type JiraDataCenterCredential = { deployment: "datacenter"; pat: string };
export type JiraCredential = JiraCloudCredential | JiraDataCenterCredential;

/** The one secret a connection seals: Cloud's pair as it always was, Data Center's token with its deployment. */
export function sealableJiraCredential(credential: { email: string; apiToken: string } | JiraDataCenterCredential): string {
  if ("pat" in credential) return JSON.stringify({ deployment: "datacenter", pat: credential.pat });
  return JSON.stringify({ email: credential.email, apiToken: credential.apiToken });
}

export function jiraCredentialOf(secret: string): JiraCredential {
  try {
    const parsed = JSON.parse(secret) as { deployment?: unknown; email?: unknown; apiToken?: unknown; pat?: unknown };
    if (parsed.deployment === "datacenter" && typeof parsed.pat === "string") return { deployment: "datacenter", pat: parsed.pat };
    if ((parsed.deployment ?? "cloud") === "cloud" && typeof parsed.email === "string" && typeof parsed.apiToken === "string")
      return { deployment: "cloud", email: parsed.email, apiToken: parsed.apiToken };
  } catch {
    // Falls through: not a credential of ours.
  }
  throw new TrackerError("Jira: the stored credential cannot be read. Connect Jira again.", 401);
}
