import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseTrustProxy, type ProxyTrust } from "./client-address";

export type ServerEnv = {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  isProduction: boolean;
  seedDemo: boolean;
  /** SEED_DEMO=true set explicitly on a production deployment: seeded, with a warning at every start. */
  seedDemoForced: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  /** Who may write X-Forwarded-For (TRUST_PROXY); see client-address.ts. */
  trustProxy: ProxyTrust;
  /** Audit rows older than this many days are pruned; undefined keeps them for ever. */
  auditRetentionDays: number | undefined;
};

function readBool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === "") return fallback;
  return ["1", "true", "yes", "on"].includes(value.trim().toLowerCase());
}

function readRetentionDays(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const days = Number(value.trim());
  // Refused rather than ignored: a typo must not silently keep (or drop) the audit trail.
  if (!Number.isInteger(days) || days < 1) throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of days (1 or more), not "${value}".`);
  return days;
}

/**
 * Demo data only where asked: by default only on a non-production embedded start. A real deployment
 * (APP_ENV=production or DATABASE_URL) seeds only with an explicit SEED_DEMO=true.
 */
export function decideSeedDemo(env: { seedDemo: string | undefined; isProduction: boolean; databaseUrl: string | undefined }): boolean {
  return readBool(env.seedDemo, !env.isProduction && env.databaseUrl === undefined);
}

function resolve(): ServerEnv {
  const port = Number(process.env.PORT ?? 3000) || 3000;
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  // "Production" is a real deployment: a PostgreSQL server or an explicit APP_ENV. `npm start` on the
  // embedded database is the zero-configuration demo, even though Next runs with NODE_ENV=production.
  const isProduction = process.env.APP_ENV === "production" || (databaseUrl !== undefined && process.env.APP_ENV !== "development");
  return {
    port,
    dataDir: path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR?.trim() || "./data"),
    databaseUrl,
    appUrl: (process.env.APP_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, ""),
    isProduction,
    seedDemo: decideSeedDemo({ seedDemo: process.env.SEED_DEMO, isProduction, databaseUrl }),
    seedDemoForced: isProduction && readBool(process.env.SEED_DEMO, false),
    smtpUrl: process.env.SMTP_URL?.trim() || undefined,
    mailFrom: process.env.MAIL_FROM?.trim() || "Sentinel AI Security <no-reply@example.com>",
    contactEmail: process.env.CONTACT_EMAIL?.trim() || "hello@example.com",
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    auditRetentionDays: readRetentionDays(process.env.AUDIT_RETENTION_DAYS),
  };
}

const g = globalThis as { __serverEnv?: ServerEnv; __authSecret?: string };

export function serverEnv(): ServerEnv {
  g.__serverEnv ??= resolve();
  return g.__serverEnv;
}

/** Test hook: forget the cached environment after changing process.env. */
export function resetServerEnv(): void {
  g.__serverEnv = undefined;
  g.__authSecret = undefined;
}

/**
 * AUTH_SECRET, or outside production a secret generated once and kept in DATA_DIR so sessions
 * survive restarts. Several instances must share AUTH_SECRET, which is why production requires it.
 */
export function authSecret(): string {
  if (g.__authSecret) return g.__authSecret;
  const fromEnv = process.env.AUTH_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("AUTH_SECRET must be at least 32 characters long.");
    return (g.__authSecret = fromEnv);
  }
  const env = serverEnv();
  if (env.isProduction) {
    throw new Error("AUTH_SECRET is required in production (32+ random characters, the same on every instance).");
  }
  const file = path.join(env.dataDir, "auth-secret");
  fs.mkdirSync(env.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return (g.__authSecret = fs.readFileSync(file, "utf8").trim());
}
