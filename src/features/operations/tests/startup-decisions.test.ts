// Start-up decisions: demo data only where asked (a production start on the embedded database
// seeds nothing unless SEED_DEMO=true, and then warns at every start), and mail: a production start
// without SMTP_URL is refused unless MAIL_TRANSPORT=log chooses the log on purpose.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installDbHandle, openPglite } from "@/server/core/db/client";
import { user } from "@/features/identity/server/schema";
import { decideSeedDemo, resetServerEnv, serverEnv } from "@/server/core/env";
import { ensureDatabaseReady, resetDatabaseReadiness } from "@/features/operations/server/bootstrap";
import { checkDeploymentConfig, mailLogNotice } from "@/features/operations/server/startup";

const saved = {
  APP_ENV: process.env.APP_ENV,
  SEED_DEMO: process.env.SEED_DEMO,
  SMTP_URL: process.env.SMTP_URL,
  MAIL_TRANSPORT: process.env.MAIL_TRANSPORT,
  STORAGE: process.env.STORAGE,
};

afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetServerEnv();
  resetDatabaseReadiness();
  installDbHandle(undefined);
  vi.restoreAllMocks();
});

describe("decideSeedDemo", () => {
  it("defaults to true only for a non-production embedded start", () => {
    expect(decideSeedDemo({ seedDemo: undefined, isProduction: false, databaseUrl: undefined })).toBe(true);
    expect(decideSeedDemo({ seedDemo: "", isProduction: false, databaseUrl: undefined })).toBe(true);
    expect(decideSeedDemo({ seedDemo: undefined, isProduction: true, databaseUrl: undefined })).toBe(false);
    expect(decideSeedDemo({ seedDemo: undefined, isProduction: true, databaseUrl: "postgres://x" })).toBe(false);
    expect(decideSeedDemo({ seedDemo: undefined, isProduction: false, databaseUrl: "postgres://x" })).toBe(false);
  });

  it("follows an explicit SEED_DEMO either way", () => {
    expect(decideSeedDemo({ seedDemo: "true", isProduction: true, databaseUrl: undefined })).toBe(true);
    expect(decideSeedDemo({ seedDemo: "false", isProduction: false, databaseUrl: undefined })).toBe(false);
  });
});

async function bootFreshEmbedded(env: { APP_ENV?: string; SEED_DEMO?: string }): Promise<{ users: number; warnings: string[] }> {
  if (env.APP_ENV === undefined) delete process.env.APP_ENV;
  else process.env.APP_ENV = env.APP_ENV;
  if (env.SEED_DEMO === undefined) delete process.env.SEED_DEMO;
  else process.env.SEED_DEMO = env.SEED_DEMO;
  resetServerEnv();
  resetDatabaseReadiness();
  const warnings: string[] = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.join(" ")));
  vi.spyOn(console, "info").mockImplementation(() => {});
  const handle = openPglite(undefined);
  installDbHandle(handle);
  try {
    await ensureDatabaseReady();
    const [row] = (await handle.db.select({ count: sql<number>`count(*)::int` }).from(user)) as [{ count: number }];
    return { users: row.count, warnings };
  } finally {
    await handle.close();
  }
}

describe("start-up seed on a fresh embedded database", { timeout: 180_000 }, () => {
  it("seeds nothing with APP_ENV=production and SEED_DEMO unset", async () => {
    const result = await bootFreshEmbedded({ APP_ENV: "production" });
    expect(serverEnv().seedDemo).toBe(false);
    expect(result.users).toBe(0);
    expect(result.warnings).toEqual([]);
  });

  it("seeds the demo set on a non-production embedded start", async () => {
    const result = await bootFreshEmbedded({});
    expect(result.users).toBe(4); // the admin, Acme's owner and member, Globex's owner
  });

  it("seeds with APP_ENV=production only when SEED_DEMO=true, and warns", async () => {
    const result = await bootFreshEmbedded({ APP_ENV: "production", SEED_DEMO: "true" });
    expect(result.users).toBe(4); // the admin, Acme's owner and member, Globex's owner
    expect(result.warnings.join("\n")).toMatch(/SEED_DEMO=true on a production deployment/);
  });
});

describe("mail without SMTP at start-up", () => {
  it("says so on a non-production start, where bodies with their links are printed", () => {
    expect(mailLogNotice({ smtpUrl: undefined, isProduction: false })).toMatch(
      /password-reset and invitation links, is printed to this log/,
    );
  });

  it("says mail is kept, not printed, in production, and nothing with SMTP", () => {
    expect(mailLogNotice({ smtpUrl: undefined, isProduction: true })).toMatch(
      /MAIL_TRANSPORT=log: outgoing mail is kept in the email_outbox table and NOT delivered/,
    );
    expect(mailLogNotice({ smtpUrl: "smtp://localhost:25", isProduction: false })).toBeNull();
    expect(mailLogNotice({ smtpUrl: "smtp://localhost:25", isProduction: true })).toBeNull();
  });
});

const NAMES_THE_CHOICES = /Outgoing mail is not configured: set SMTP_URL .*or MAIL_TRANSPORT=log/;

/** The server's own start-up check with these variables (the rest as the integration tests set them). */
function checkWith(env: Record<string, string | undefined>): () => void {
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetServerEnv();
  return () => checkDeploymentConfig();
}

describe("a production start needs a way to deliver mail", () => {
  const production = { APP_ENV: "production", STORAGE: "disk" };

  it("refuses without SMTP_URL, since reset and invitation mails would never leave", () => {
    expect(checkWith({ ...production, SMTP_URL: undefined, MAIL_TRANSPORT: undefined })).toThrow(NAMES_THE_CHOICES);
  });

  it("starts with SMTP_URL, or with MAIL_TRANSPORT=log chosen on purpose", () => {
    expect(checkWith({ ...production, SMTP_URL: "smtp://mail.internal:25", MAIL_TRANSPORT: undefined })).not.toThrow();
    expect(checkWith({ ...production, SMTP_URL: undefined, MAIL_TRANSPORT: "log" })).not.toThrow();
  });

  it("refuses a MAIL_TRANSPORT that contradicts SMTP_URL or is unknown", () => {
    expect(checkWith({ ...production, SMTP_URL: "smtp://mail.internal:25", MAIL_TRANSPORT: "log" })).toThrow(
      /MAIL_TRANSPORT=log and SMTP_URL are both set/,
    );
    expect(checkWith({ ...production, SMTP_URL: undefined, MAIL_TRANSPORT: "smtp" })).toThrow(/MAIL_TRANSPORT=smtp needs SMTP_URL/);
    expect(checkWith({ ...production, SMTP_URL: undefined, MAIL_TRANSPORT: "pigeon" })).toThrow(
      'MAIL_TRANSPORT must be "smtp" or "log", not "pigeon".',
    );
  });

  it("keeps the log as the default outside production", () => {
    expect(checkWith({ APP_ENV: undefined, STORAGE: undefined, SMTP_URL: undefined, MAIL_TRANSPORT: undefined })).not.toThrow();
  });

  it("npm start refuses before building or listening, with the same message", () => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...production, AUTH_SECRET: "x".repeat(40), PORT: "1" };
    delete env.SMTP_URL;
    delete env.MAIL_TRANSPORT;
    const result = spawnSync(process.execPath, [path.resolve("scripts/start.mjs"), "--no-build"], {
      env,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(NAMES_THE_CHOICES);
  });
});
