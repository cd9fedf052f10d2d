// The small pure parts of account security (docs/PRODUCT.md#account-security): the user-agent
// parser behind the sessions list and mails, the change-password schema, and a readable label for
// every audit action the code records.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS, auditActionLabel } from "@/lib/domain/audit-action";
import { describeUserAgent, parseUserAgent } from "@/lib/user-agent";
import { changePasswordSchema } from "@/features/identity/validation/account";

describe("parseUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome 131",
      "macOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
      "Edge 131",
      "Windows",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox 133", "Windows"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari 18",
      "iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.104 Mobile Safari/537.36",
      "Chrome 131",
      "Android",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "Chrome 131",
      "Linux",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      "Safari 18",
      "macOS",
    ],
  ])("%s", (ua, browser, os) => {
    expect(parseUserAgent(ua)).toEqual({ browser, os });
  });

  it("names what it does not know in words", () => {
    expect(describeUserAgent(null)).toBe("Unknown browser on Unknown system");
    expect(describeUserAgent("curl/8.5.0")).toBe("Unknown browser on Unknown system");
  });
});

describe("changePasswordSchema", () => {
  const base = { currentPassword: "old-password", password: "new-password-1", confirmPassword: "new-password-1" };
  const issues = (input: unknown) => (changePasswordSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);
  it("takes the reset page's rules and asks for a different password", () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, password: "short", confirmPassword: "short" })).toContainEqual([
      "password",
      "Password must be at least 8 characters",
    ]);
    expect(issues({ ...base, confirmPassword: "other" })).toEqual([["confirmPassword", "Passwords do not match"]]);
    expect(issues({ ...base, password: "old-password", confirmPassword: "old-password" })).toEqual([
      ["password", "Choose a password different from the current one"],
    ]);
    expect(issues({ ...base, currentPassword: "" })).toEqual([["currentPassword", "Enter your current password"]]);
  });
});

describe("audit action labels", () => {
  it("cover every action the code records", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        // A feature's tests record made-up actions on purpose.
        .flatMap((e) =>
          e.isDirectory()
            ? e.name === "tests"
              ? []
              : files(path.join(dir, e.name))
            : /\.tsx?$/.test(e.name)
              ? [path.join(dir, e.name)]
              : [],
        );
    const recorded = new Set<string>();
    for (const file of files(root)) {
      const text = fs.readFileSync(file, "utf8");
      for (const match of text.matchAll(/action: (?:[^"\n]*\? )?"([a-z_]+\.[a-z_.]+)"(?: : "([a-z_]+\.[a-z_.]+)")?/g)) {
        recorded.add(match[1]!);
        if (match[2]) recorded.add(match[2]);
      }
    }
    for (const decision of ["approve", "decline", "complete"]) recorded.add(`booking.${decision}`);
    expect(recorded.size).toBeGreaterThan(30);
    expect([...recorded].filter((action) => !(action in AUDIT_ACTION_LABELS))).toEqual([]);
    expect(auditActionLabel("account.password_changed")).toBe("Changed password");
    expect(auditActionLabel("something.new")).toBe("something.new");
  });
});
