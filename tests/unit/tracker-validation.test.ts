// The Connect GitHub form's one schema (client and server): the repository as owner/name, a token,
// and an API address that is https, or plain http on this machine alone (the fakes of the demo and
// the tests; the server still refuses loopback unless it is one of them).
import { describe, expect, it } from "vitest";
import { connectGitHubSchema } from "@/features/trackers/validation";

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
