import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AUTH_SECRET_REQUIRED, decideSeedDemo, type ParsedEnv, parseEnv } from "@/config/env-schema.mjs";
import { parseTrustProxy, type ProxyTrust } from "./client-address";

/**
 * The parsed environment (see env-schema.mjs for each field) as the server uses it: DATA_DIR
 * resolved to an absolute path and TRUST_PROXY parsed into its rule (client-address.ts). The
 * listen host is the start script's business only.
 */
export type ServerEnv = Omit<ParsedEnv, "host" | "trustProxy"> & { trustProxy: ProxyTrust };

export { decideSeedDemo };

function resolve(): ServerEnv {
  // The one parse of the environment (shared with scripts/start.mjs); a bad value fails the start.
  const { host: _host, ...env } = parseEnv(process.env);
  return { ...env, dataDir: path.resolve(/*turbopackIgnore: true*/ env.dataDir), trustProxy: parseTrustProxy(env.trustProxy) };
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
