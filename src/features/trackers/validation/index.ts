import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import type { $RefinementCtx } from "zod/v4/core";
import { uuidSchema } from "@/lib/validation/common";
import { FINDING_SEVERITIES } from "@/lib/domain/finding";
import { TRACKER_CREATE_MODES } from "@/lib/domain/tracker";

// The portal's Integrations forms (docs/PRODUCT.md#integrations), one schema on the client and the server.

const REPOSITORY = "Name the repository as owner/name, such as acme/platform";
const BASE_URL = "Enter the API's address, such as https://api.github.com or https://github.example.com/api/v3";
const PROJECT = "Name the project by its path, such as acme/platform or acme/security/platform";
const GITLAB_URL = "Enter GitLab's address, such as https://gitlab.com or https://gitlab.example.com";

/** A tracker's address a person typed: https, or plain http only on this machine. */
const trackerAddress = (message: string) =>
  z._default(
    z.string().check(
      z.trim(),
      z.maxLength(300, message),
      z.refine((value) => {
        if (value === "") return true;
        try {
          const url = new URL(value);
          // Plain http only on this machine, where the fake trackers of the demo and the tests listen
          // (the server refuses loopback unless it is such a fake): a real tracker is https.
          const local = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
          return (url.protocol === "https:" || (local && url.protocol === "http:")) && !url.username && !url.password;
        } catch {
          return false;
        }
      }, message),
    ),
    "",
  );

/** A new GitHub connection: the repository, the token, and for GitHub Enterprise the API's address. */
export const connectGitHubSchema = z.object({
  repository: z.string().check(z.trim(), z.maxLength(200, REPOSITORY), z.regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, REPOSITORY)),
  token: z.string().check(z.trim(), z.minLength(1, "Paste the token GitHub showed you"), z.maxLength(500, "This is not a GitHub token")),
  baseUrl: trackerAddress(BASE_URL),
});
export type ConnectGitHubInput = z.input<typeof connectGitHubSchema>;

/** A new GitLab connection: the project's path, a project access token, and a self-managed GitLab's address. */
export const connectGitLabSchema = z.object({
  project: z.string().check(z.trim(), z.maxLength(255, PROJECT), z.regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)+$/, PROJECT)),
  token: z.string().check(z.trim(), z.minLength(1, "Paste the token GitLab showed you"), z.maxLength(500, "This is not a GitLab token")),
  baseUrl: trackerAddress(GITLAB_URL),
});
export type ConnectGitLabInput = z.input<typeof connectGitLabSchema>;

const JIRA_SITE = "Enter your Jira site's address, such as https://acme.atlassian.net";
const JIRA_PROJECT = "Enter the project's key, such as SEC (capital letters, digits and _)";
const ISSUE_TYPE = "Name an issue type of the project, such as Task or Bug";
const issueType = z.string().check(z.trim(), z.minLength(1, ISSUE_TYPE), z.maxLength(60, ISSUE_TYPE));

/** Jira Cloud (atlassian.net) or Jira Data Center (self-managed Jira). */
export const JIRA_DEPLOYMENTS = ["cloud", "datacenter"] as const;
export type JiraDeployment = (typeof JIRA_DEPLOYMENTS)[number];

const JIRA_EMAIL = "Enter the e-mail of the Atlassian account the token belongs to";
const JIRA_API_TOKEN = "Paste the API token Atlassian showed you";
const JIRA_PAT = "Paste the personal access token Jira showed you";

/** The site and the credential; which credential fields count depends on the deployment (the others are ignored). */
const jiraSiteAndCredential = {
  deployment: z._default(z.enum(JIRA_DEPLOYMENTS), "cloud"),
  siteUrl: trackerAddress(JIRA_SITE).check(z.refine((value) => value !== "", JIRA_SITE)),
  email: z._default(z.string().check(z.trim(), z.maxLength(320, JIRA_EMAIL)), ""),
  apiToken: z._default(z.string().check(z.trim(), z.maxLength(500, "This is not an Atlassian API token")), ""),
  pat: z._default(z.string().check(z.trim(), z.maxLength(500, "This is not a Jira personal access token")), ""),
};

/** Cloud wants the account's e-mail and API token; Data Center its personal access token (no e-mail). */
function requireJiraCredential(
  value: { deployment: JiraDeployment; email: string; apiToken: string; pat: string },
  ctx: $RefinementCtx,
): void {
  if (value.deployment === "datacenter") {
    if (!value.pat) ctx.addIssue({ code: "custom", path: ["pat"], message: JIRA_PAT });
    return;
  }
  if (!z.email().safeParse(value.email).success) ctx.addIssue({ code: "custom", path: ["email"], message: JIRA_EMAIL });
  if (!value.apiToken) ctx.addIssue({ code: "custom", path: ["apiToken"], message: JIRA_API_TOKEN });
}

/**
 * A new Jira connection: Cloud (the site, an Atlassian account's e-mail and API token) or Data
 * Center (the site and a personal access token); the project's key and the issue type either way.
 */
export const connectJiraSchema = z
  .object({
    ...jiraSiteAndCredential,
    projectKey: z.pipe(
      z.pipe(
        z.string().check(z.trim()),
        z.transform((value: string) => value.toUpperCase()),
      ),
      z.string().check(z.regex(/^[A-Z][A-Z0-9_]{0,9}$/, JIRA_PROJECT)),
    ),
    issueType: z._default(issueType, "Task"),
  })
  .check(z.superRefine(requireJiraCredential));
export type ConnectJiraInput = z.input<typeof connectJiraSchema>;

/** The Connect forms' "which can this token see?": the form's values without the target. */
export const trackerTargetsSchema = z.discriminatedUnion("kind", [
  z.extend(z.omit(connectGitHubSchema, { repository: true }), { kind: z.literal("github") }),
  z.extend(z.omit(connectGitLabSchema, { project: true }), { kind: z.literal("gitlab") }),
  z.object({ ...jiraSiteAndCredential, kind: z.literal("jira") }).check(z.superRefine(requireJiraCredential)),
]);
export type TrackerTargetsInput = z.input<typeof trackerTargetsSchema>;

export const trackerConnectionIdSchema = z.object({ connectionId: uuidSchema });
export const requestTicketSchema = z.object({ connectionId: uuidSchema, findingId: uuidSchema });

const LABEL = "Use a label of 1 to 50 characters, without commas";
const label = z.string().check(
  z.trim(),
  z.minLength(1, LABEL),
  z.maxLength(50, LABEL),
  // GitLab takes a ticket's labels as one comma-separated text.
  z.refine((value) => !value.includes(","), LABEL),
);

/** How a connection files tickets: when, from which severity, with which labels, kept in sync, with evidence. */
export const trackerMappingSchema = z.object({
  connectionId: uuidSchema,
  createMode: z.enum(TRACKER_CREATE_MODES),
  minSeverity: z.enum(FINDING_SEVERITIES),
  severityLabels: z.object({ critical: label, high: label, medium: label, low: label, informational: label }),
  keepInSync: z.boolean(),
  attachEvidence: z.boolean(),
  /** Jira only. */
  issueType: z.optional(issueType),
});
export type TrackerMappingInput = z.input<typeof trackerMappingSchema>;
