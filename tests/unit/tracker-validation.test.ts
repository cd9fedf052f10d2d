// The Connect GitHub and Connect GitLab forms' schemas (one each, client and server): the target's
// name, a token, and an address that is https, or plain http on this machine alone (the fakes of the
// demo and the tests; the server still refuses loopback unless it is one of them).
import { describe, expect, it } from "vitest";
import { connectGitHubSchema, connectGitLabSchema, connectJiraSchema, trackerTargetsSchema } from "@/features/trackers/validation";

const parse = (input: Record<string, string>) => connectGitHubSchema.safeParse({ repository: "acme/app", token: "ghp_x", ...input });

describe("connectGitHubSchema", () => {
  it.each([
    ["", true],
    ["https://github.example.com/api/v3", true],
    ["http://127.0.0.1:4020", true],
    ["http://localhost:4020", true],
    ["http://github.example.com/api/v3", false],
    ["https://user:pass@github.example.com", false],
    ["ftp://github.example.com", false],
    ["not a url", false],
  ])("API address %j → %s", (baseUrl, ok) => {
    expect(parse({ baseUrl }).success).toBe(ok);
  });

  it("wants owner/name and a token, with the form's own words", () => {
    const result = connectGitHubSchema.safeParse({ repository: "acme", token: " ", baseUrl: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Name the repository as owner/name, such as acme/platform",
      "Paste the token GitHub showed you",
    ]);
  });
});

describe("connectGitLabSchema", () => {
  const parseGitLab = (input: Record<string, string>) =>
    connectGitLabSchema.safeParse({ project: "acme/platform", token: "glpat-x", baseUrl: "", ...input });

  it.each([
    ["acme/platform", true],
    ["acme/security/platform", true],
    ["acme", false],
    ["acme/", false],
    ["/acme/platform", false],
    ["acme/plat form", false],
  ])("project %j → %s", (project, ok) => {
    expect(parseGitLab({ project }).success).toBe(ok);
  });

  it.each([
    ["", true],
    ["https://gitlab.example.com", true],
    ["http://127.0.0.1:4030", true],
    ["http://gitlab.example.com", false],
  ])("address %j → %s", (baseUrl, ok) => {
    expect(parseGitLab({ baseUrl }).success).toBe(ok);
  });

  it("wants a project path and a token, with the form's own words", () => {
    const result = connectGitLabSchema.safeParse({ project: "acme", token: "", baseUrl: "" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Name the project by its path, such as acme/platform or acme/security/platform",
      "Paste the token GitLab showed you",
    ]);
  });
});

describe("connectJiraSchema", () => {
  const parseJira = (input: Record<string, unknown>) =>
    connectJiraSchema.safeParse({
      siteUrl: "https://acme.atlassian.net",
      projectKey: "SEC",
      email: "owner@acme.example",
      apiToken: "ATATT3x",
      ...input,
    });

  it("takes a project key in any case and files as Task unless told", () => {
    expect(parseJira({ projectKey: " sec " }).data).toMatchObject({ projectKey: "SEC", issueType: "Task" });
    expect(parseJira({ issueType: "Bug" }).data?.issueType).toBe("Bug");
  });

  it.each([
    ["SEC", true],
    ["A1_B", true],
    ["1SEC", false],
    ["SE-C", false],
    ["ABCDEFGHIJK", false],
  ])("project key %j → %s", (projectKey, ok) => {
    expect(parseJira({ projectKey }).success).toBe(ok);
  });

  it.each([
    ["https://acme.atlassian.net", true],
    ["http://127.0.0.1:4040", true],
    ["http://acme.atlassian.net", false],
    ["", false],
  ])("site %j → %s", (siteUrl, ok) => {
    expect(parseJira({ siteUrl }).success).toBe(ok);
  });

  it("wants the site, the e-mail and the API token, with the form's own words", () => {
    const result = connectJiraSchema.safeParse({ siteUrl: "", projectKey: "SEC", email: "nope", apiToken: "" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Enter your Jira site's address, such as https://acme.atlassian.net",
      "Enter the e-mail of the Atlassian account the token belongs to",
      "Paste the API token Atlassian showed you",
    ]);
  });
});

describe("connectJiraSchema for Jira Data Center", () => {
  const parseDataCenter = (input: Record<string, unknown>) =>
    connectJiraSchema.safeParse({
      deployment: "datacenter",
      siteUrl: "https://jira.acme.example",
      projectKey: "SEC",
      pat: "NjU2",
      ...input,
    });

  it("is Jira Cloud unless told", () => {
    expect(
      connectJiraSchema.safeParse({ siteUrl: "https://acme.atlassian.net", projectKey: "SEC", email: "owner@acme.example", apiToken: "A" })
        .data?.deployment,
    ).toBe("cloud");
    expect(
      connectJiraSchema.safeParse({ deployment: "server", siteUrl: "https://jira.acme.example", projectKey: "SEC", pat: "x" }).success,
    ).toBe(false);
  });

  it("takes the site, the project and a personal access token, without an e-mail", () => {
    expect(parseDataCenter({}).data).toMatchObject({ deployment: "datacenter", pat: "NjU2", email: "", issueType: "Task" });
    expect(parseDataCenter({ email: "nope", apiToken: "" }).success).toBe(true);
  });

  it.each([
    ["https://jira.acme.example/jira", true],
    ["http://127.0.0.1:4040", true],
    ["http://localhost:8080", true],
    ["http://jira.acme.example", false],
    ["https://user:pass@jira.acme.example", false],
  ])("site %j → %s", (siteUrl, ok) => {
    expect(parseDataCenter({ siteUrl }).success).toBe(ok);
  });

  it("wants the token, with the form's own words on its field", () => {
    const result = parseDataCenter({ pat: "  " });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["pat", "Paste the personal access token Jira showed you"],
    ]);
    expect(parseDataCenter({ pat: "x".repeat(501) }).success).toBe(false);
  });
});

describe("trackerTargetsSchema for Jira", () => {
  it("asks with Data Center's token alone, or Cloud's e-mail and token", () => {
    expect(
      trackerTargetsSchema.safeParse({ kind: "jira", deployment: "datacenter", siteUrl: "https://jira.acme.example", pat: "NjU2" }).success,
    ).toBe(true);
    expect(trackerTargetsSchema.safeParse({ kind: "jira", deployment: "datacenter", siteUrl: "https://jira.acme.example" }).success).toBe(
      false,
    );
    expect(
      trackerTargetsSchema.safeParse({ kind: "jira", siteUrl: "https://acme.atlassian.net", email: "o@acme.example", apiToken: "A" })
        .success,
    ).toBe(true);
  });
});
