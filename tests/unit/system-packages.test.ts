// The Debian packages step of `npm test` and `.ci/run` (scripts/system-packages.mjs): a user who
// cannot install gets the one command to run before any stage starts, naming what is missing.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const script = path.resolve(import.meta.dirname, "../../scripts/system-packages.mjs");
const isRoot = process.getuid?.() === 0;

describe("system packages step", () => {
  // Run as an unprivileged user (needs root to switch to it): no sudo without a password there.
  it.runIf(isRoot)("names the missing package and the command when it cannot install", () => {
    const result = spawnSync("runuser", ["-u", "nobody", "--", process.execPath, script], {
      env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("sudo apt-get install -y --no-install-recommends chromium");
    expect(result.stderr).not.toContain("postgresql");
  });

  it("passes when everything is present", () => {
    const result = spawnSync(process.execPath, [script], { env: { ...process.env, CHROMIUM_PATH: process.execPath }, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});
