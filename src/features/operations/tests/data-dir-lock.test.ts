import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "@/server/core/db/data-dir-lock";

describe("embedded database lock", () => {
  it("refuses a second process while the first holds the folder, and frees it on release", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-"));
    // Our parent process (the test runner's) is alive and "holds" the folder.
    fs.writeFileSync(path.join(dir, "db.lock"), JSON.stringify({ pid: process.ppid, startedAt: "now", command: "next start" }));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/stop that process first/);
  });

  it("takes over a stale lock from a dead process", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-"));
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    fs.writeFileSync(path.join(dir, "db.lock"), JSON.stringify({ pid: Number(dead.stdout.toString()), startedAt: "then", command: "x" }));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "db.lock"), "utf8")).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, "db.lock"))).toBe(false);
  });
});
