// GitHub's callbacks: a delivery signed with the connection's secret is taken, any other refused;
// only an issue closed or reopened is acted on.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isValidGitHubSignature, issueChangeOf } from "@/features/trackers/server/github-webhook";

const sign = (body: string, secret: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

describe("GitHub's webhook signature", () => {
  const body = JSON.stringify({ action: "closed", issue: { number: 7 }, repository: { full_name: "acme/app" } });
  it("takes the body signed with the secret", () => {
    expect(isValidGitHubSignature(body, sign(body, "s3cret"), "s3cret")).toBe(true);
  });
  it("refuses another secret, an edited body, a missing or malformed header", () => {
    expect(isValidGitHubSignature(body, sign(body, "other"), "s3cret")).toBe(false);
    expect(isValidGitHubSignature(`${body} `, sign(body, "s3cret"), "s3cret")).toBe(false);
    expect(isValidGitHubSignature(body, null, "s3cret")).toBe(false);
    expect(isValidGitHubSignature(body, "sha1=abc", "s3cret")).toBe(false);
  });
});

describe("an issues event", () => {
  it("names the ticket closed or reopened, and nothing else", () => {
    const repository = { full_name: "acme/app" };
    expect(issueChangeOf("issues", { action: "closed", issue: { number: 7 }, repository })).toEqual({
      key: "7",
      change: "closed",
      repository: "acme/app",
    });
    expect(issueChangeOf("issues", { action: "reopened", issue: { number: 7 }, repository })?.change).toBe("reopened");
    expect(issueChangeOf("issues", { action: "edited", issue: { number: 7 }, repository })).toBeNull();
    // A signed body of `null` or a number (valid JSON) is nothing to act on, not a crash.
    expect(issueChangeOf("issues", null)).toBeNull();
    expect(issueChangeOf("issues", 7)).toBeNull();
    expect(issueChangeOf("push", { action: "closed", issue: { number: 7 }, repository })).toBeNull();
    expect(issueChangeOf("issues", { action: "closed", issue: { number: "7" }, repository })).toBeNull();
  });
});
