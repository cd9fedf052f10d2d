// GitLab's callbacks: GitLab does not sign; a delivery carrying the connection's secret token is
// taken, any other refused; only an issue closed or reopened is acted on.
import { describe, expect, it } from "vitest";
import { gitlabIssueChangeOf, isValidGitLabToken } from "@/features/trackers/server/gitlab-webhook";

describe("GitLab's webhook token", () => {
  it("takes the secret itself", () => {
    expect(isValidGitLabToken("s3cret-token", "s3cret-token")).toBe(true);
  });
  it("refuses another value, a prefix, a longer one and none", () => {
    expect(isValidGitLabToken("other", "s3cret-token")).toBe(false);
    expect(isValidGitLabToken("s3cret", "s3cret-token")).toBe(false);
    expect(isValidGitLabToken("s3cret-token ", "s3cret-token")).toBe(false);
    expect(isValidGitLabToken(null, "s3cret-token")).toBe(false);
    expect(isValidGitLabToken("", "s3cret-token")).toBe(false);
  });
});

describe("an Issue Hook event", () => {
  const event = (action: unknown, iid: unknown = 4) => ({
    object_kind: "issue",
    object_attributes: { iid, action, state: action === "close" ? "closed" : "opened" },
    project: { path_with_namespace: "acme/security/platform" },
  });
  it("names the ticket closed or reopened, and nothing else", () => {
    expect(gitlabIssueChangeOf("Issue Hook", event("close"))).toEqual({
      key: "4",
      change: "closed",
      repository: "acme/security/platform",
    });
    expect(gitlabIssueChangeOf("Issue Hook", event("reopen"))?.change).toBe("reopened");
    expect(gitlabIssueChangeOf("Issue Hook", event("update"))).toBeNull();
    expect(gitlabIssueChangeOf("Issue Hook", event("open"))).toBeNull();
    expect(gitlabIssueChangeOf("Note Hook", event("close"))).toBeNull();
    expect(gitlabIssueChangeOf("Issue Hook", event("close", "4"))).toBeNull();
    expect(gitlabIssueChangeOf("Issue Hook", { ...event("close"), object_kind: "merge_request" })).toBeNull();
    expect(gitlabIssueChangeOf("Issue Hook", null)).toBeNull();
  });
});
