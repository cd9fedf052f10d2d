import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AUTH_SECRET_REQUIRED, decideSeedDemo, type ParsedEnv, parseEnv } from "@/config/env-schema.mjs";
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
  /** AUTH_SECRET as set (32+ characters); see authSecret() for the fallback outside production. */
  authSecret: string | undefined;
  /** STORAGE and the S3_* settings as set; storage.ts decides with storageChoiceOf(). */
  storage: ParsedEnv["storage"];
  s3: ParsedEnv["s3"];
};

export { decideSeedDemo };

function resolve(): ServerEnv {
  // The one parse of the environment (shared with scripts/start.mjs); a bad value fails the start.
  const env = parseEnv(process.env);
  return {
    port: env.port,
    dataDir: path.resolve(/*turbopackIgnore: true*/ env.dataDir),
    databaseUrl: env.databaseUrl,
    appUrl: env.appUrl,
    isProduction: env.isProduction,
    seedDemo: env.seedDemo,
    seedDemoForced: env.seedDemoForced,
    smtpUrl: env.smtpUrl,
    mailFrom: env.mailFrom,
    contactEmail: env.contactEmail,
    trustProxy: parseTrustProxy(env.trustProxy),
    auditRetentionDays: env.auditRetentionDays,
    authSecret: env.authSecret,
    storage: env.storage,
    s3: env.s3,
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
  const env = serverEnv();
  if (env.authSecret) return (g.__authSecret = env.authSecret);
  if (env.isProduction) throw new Error(AUTH_SECRET_REQUIRED);
  const file = path.join(env.dataDir, "auth-secret");
  fs.mkdirSync(env.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return (g.__authSecret = fs.readFileSync(file, "utf8").trim());
}
