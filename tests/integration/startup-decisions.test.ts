// Start-up decisions: demo data only where asked (a production start on the embedded database
// seeds nothing unless SEED_DEMO=true, and then warns at every start), and the mail notice.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installDbHandle, openPglite } from "@/server/db/client";
import { ensureDatabaseReady, resetDatabaseReadiness } from "@/server/db/bootstrap";
import { user } from "@/server/db/schema";
import { decideSeedDemo, resetServerEnv, serverEnv } from "@/server/env";
import { mailLogNotice } from "@/server/startup";

const saved = { APP_ENV: process.env.APP_ENV, SEED_DEMO: process.env.SEED_DEMO };

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
    expect(result.users).toBe(3);
  });

  it("seeds with APP_ENV=production only when SEED_DEMO=true, and warns", async () => {
    const result = await bootFreshEmbedded({ APP_ENV: "production", SEED_DEMO: "true" });
    expect(result.users).toBe(3);
    expect(result.warnings.join("\n")).toMatch(/SEED_DEMO=true on a production deployment/);
  });
});

describe("mail without SMTP at start-up", () => {
  it("says so on a non-production start, where bodies with their links are printed", () => {
    expect(mailLogNotice({ smtpUrl: undefined, isProduction: false })).toMatch(/password-reset and invitation links, is printed to this log/);
  });

  it("says mail is kept, not printed, in production, and nothing with SMTP", () => {
    expect(mailLogNotice({ smtpUrl: undefined, isProduction: true })).toMatch(/kept in the email_outbox table and NOT delivered/);
    expect(mailLogNotice({ smtpUrl: "smtp://localhost:25", isProduction: false })).toBeNull();
    expect(mailLogNotice({ smtpUrl: "smtp://localhost:25", isProduction: true })).toBeNull();
  });
});
