// Jira's callbacks (Cloud, and Data Center's, the same event): an issue's status moved into the Done category is a ticket closed, out of
// it reopened; anything else is not acted on. The signature is GitHub's HMAC under X-Hub-Signature.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isValidGitHubSignature } from "@/features/trackers/server/github-webhook";
import { jiraIssueChangeOf } from "@/features/trackers/server/jira-webhook";

const event = (category: string, items: { field: string; fieldId?: string }[] = [{ field: "status", fieldId: "status" }]) => ({
  webhookEvent: "jira:issue_updated",
  issue: { key: "SEC-7", fields: { project: { key: "SEC" }, status: { name: "x", statusCategory: { key: category } } } },
  changelog: { id: "1", items },
});

describe("a jira:issue_updated event", () => {
  it("names the ticket closed when its status moved into Done, reopened when out of it", () => {
    expect(jiraIssueChangeOf(event("done"))).toEqual({ key: "SEC-7", change: "closed", repository: "SEC" });
    expect(jiraIssueChangeOf(event("new"))).toEqual({ key: "SEC-7", change: "reopened", repository: "SEC" });
    expect(jiraIssueChangeOf(event("indeterminate"))).toEqual({ key: "SEC-7", change: "reopened", repository: "SEC" });
  });
  it("reads Jira Data Center's event alike: a changelog item without fieldId, users by name and key", () => {
    const dataCenter = {
      timestamp: 1,
      webhookEvent: "jira:issue_updated",
      issue_event_type_name: "issue_generic",
      user: { name: "jdoe", key: "JIRAUSER10100", displayName: "J. Doe" },
      issue: { key: "SEC-7", fields: { project: { key: "SEC" }, description: "h2. Text", status: { statusCategory: { key: "done" } } } },
      changelog: { id: "1", items: [{ field: "status", fieldtype: "jira", from: "1", fromString: "Open", to: "6", toString: "Closed" }] },
    };
    expect(jiraIssueChangeOf(dataCenter)).toEqual({ key: "SEC-7", change: "closed", repository: "SEC" });
  });
  it("ignores changes that are not the status, other events and malformed bodies", () => {
    expect(jiraIssueChangeOf(event("done", [{ field: "summary" }]))).toBeNull();
    expect(jiraIssueChangeOf({ ...event("done"), webhookEvent: "jira:issue_created" })).toBeNull();
    expect(jiraIssueChangeOf({ ...event("done"), issue: { key: 7 } })).toBeNull();
    expect(jiraIssueChangeOf(null)).toBeNull();
    expect(jiraIssueChangeOf("x")).toBeNull();
  });
});

describe("Jira's signature", () => {
  it("is the HMAC-SHA256 of the raw body under the secret, in WebSub's sha256= form", () => {
    const body = JSON.stringify(event("done"));
    const signature = `sha256=${createHmac("sha256", "s3cret").update(body).digest("hex")}`;
    expect(isValidGitHubSignature(body, signature, "s3cret")).toBe(true);
    expect(isValidGitHubSignature(body, signature, "other")).toBe(false);
    expect(isValidGitHubSignature(`${body} `, signature, "s3cret")).toBe(false);
  });
});
