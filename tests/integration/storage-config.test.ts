// Document storage that fits the deployment: in production, documents on local disk need
// STORAGE=disk on purpose, otherwise both the server's start-up check and `npm start` refuse with
// a message naming the S3_* variables.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetServerEnv } from "@/server/core/env";
import { storageChoice } from "@/server/core/storage/storage";
import { checkDeploymentConfig } from "@/features/operations/server/startup";

const S3 = { S3_BUCKET: "docs", S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };
const NAMES_S3_VARIABLES = /S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/;

describe("storageChoice", () => {
  it("refuses local disk in production unless STORAGE=disk is set", () => {
    expect(() => storageChoice({}, true)).toThrow(NAMES_S3_VARIABLES);
    expect(() => storageChoice({}, true)).toThrow(/STORAGE=disk/);
    expect(storageChoice({ STORAGE: "disk" }, true)).toBe("disk");
    expect(storageChoice({ STORAGE: " Disk " }, true)).toBe("disk");
    expect(storageChoice(S3, true)).toBe("s3");
  });

  it("keeps the zero-configuration disk outside production, and refuses STORAGE=s3 without its settings", () => {
    expect(storageChoice({}, false)).toBe("disk");
    expect(storageChoice(S3, false)).toBe("s3");
    expect(() => storageChoice({ STORAGE: "s3" }, false)).toThrow(NAMES_S3_VARIABLES);
    expect(() => storageChoice({ STORAGE: "nfs" }, false)).toThrow('STORAGE must be "disk" or "s3", not "nfs".');
  });
});

describe("the server's start-up check", () => {
  const saved = { APP_ENV: process.env.APP_ENV, STORAGE: process.env.STORAGE, MAIL_TRANSPORT: process.env.MAIL_TRANSPORT };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetServerEnv();
  });

  it("refuses a production start without S3 settings or STORAGE=disk, and accepts STORAGE=disk", () => {
    process.env.APP_ENV = "production";
    // Mail is not what this test is about (startup-decisions.test.ts is).
    process.env.MAIL_TRANSPORT = "log";
    delete process.env.STORAGE;
    resetServerEnv();
    expect(() => checkDeploymentConfig()).toThrow(NAMES_S3_VARIABLES);
    process.env.STORAGE = "disk";
    resetServerEnv();
    expect(() => checkDeploymentConfig()).not.toThrow();
  });
});

describe("npm start (scripts/start.mjs)", () => {
  const start = (env: Record<string, string>) => {
    const clean: NodeJS.ProcessEnv = { ...process.env, AUTH_SECRET: "x".repeat(40), PORT: "1", ...env };
    for (const key of Object.keys(clean)) {
      if ((key.startsWith("S3_") || key === "STORAGE" || key === "APP_ENV") && !(key in env)) delete clean[key];
    }
    return spawnSync(process.execPath, [path.resolve("scripts/start.mjs"), "--no-build"], {
      env: clean,
      encoding: "utf8",
      timeout: 30_000,
    });
  };

  it("refuses before building or listening when production has no document storage", () => {
    const result = start({ APP_ENV: "production" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(NAMES_S3_VARIABLES);
  });

  it("refuses an unknown STORAGE value", () => {
    const result = start({ STORAGE: "nfs" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('STORAGE must be "disk" or "s3"');
  });
});
