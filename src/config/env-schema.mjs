// The server's environment, parsed by one zod schema. Plain ESM (no TypeScript, no server-only
// marker) because `npm start` (scripts/start.mjs) runs it with plain node before building or
// listening; the server reads it through src/server/core/env.ts. Types: env-schema.d.mts.
import { z } from "zod";

/** Unset and blank are the same: a variable left empty in a .env file means "use the default". */
const trimmed = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  const text = value.trim();
  return text === "" ? undefined : text;
}, z.string().optional());

const TRUE_WORDS = ["1", "true", "yes", "on"];

/** PEM given on one line (an .env file) has "\n" where its line breaks were. */
const pemOf = (value) => value?.replace(/\\n/g, "\n");

/** A whole number within bounds; anything else (or nothing) is the fallback. */
const boundedInt = (fallback, min, max) => trimmed.pipe(z.coerce.number().int().min(min).max(max).default(fallback)).catch(fallback);

/**
 * The Square variables. Part of envSchema (checked at start), and also parsed on their own at call
 * time by src/features/square/server/config.ts: tests and the dev script change them after
 * start-up. Without an application id and secret the integration is "not configured".
 */
export const squareEnvSchema = z
  .object({
    SQUARE_APPLICATION_ID: trimmed,
    SQUARE_APPLICATION_SECRET: trimmed,
    SQUARE_ENVIRONMENT: trimmed,
    SQUARE_BASE_URL: trimmed,
    SQUARE_WEBHOOK_SIGNATURE_KEY: trimmed,
    // The SDK retries 408, 429 and 5xx twice by default.
    SQUARE_MAX_RETRIES: boundedInt(2, 0, 5),
    SQUARE_TIMEOUT_SECONDS: boundedInt(30, 1, 120),
  })
  .transform((raw) => ({
    applicationId: raw.SQUARE_APPLICATION_ID,
    applicationSecret: raw.SQUARE_APPLICATION_SECRET,
    environment: raw.SQUARE_ENVIRONMENT?.toLowerCase() === "production" ? "production" : "sandbox",
    baseUrlOverride: raw.SQUARE_BASE_URL?.replace(/\/+$/, "") || undefined,
    webhookSignatureKey: raw.SQUARE_WEBHOOK_SIGNATURE_KEY,
    maxRetries: raw.SQUARE_MAX_RETRIES,
    timeoutInSeconds: raw.SQUARE_TIMEOUT_SECONDS,
  }));

/** The Square settings as they are now. */
export function parseSquareEnv(raw = process.env) {
  return squareEnvSchema.parse(raw);
}

/**
 * Demo data only where asked: by default only on a non-production embedded start. A real deployment
 * (APP_ENV=production or DATABASE_URL) seeds only with an explicit SEED_DEMO=true.
 */
export function decideSeedDemo({ seedDemo, isProduction, databaseUrl }) {
  const value = seedDemo?.trim();
  if (!value) return !isProduction && databaseUrl === undefined;
  return TRUE_WORDS.includes(value.toLowerCase());
}

const FALSE_WORDS = ["0", "false", "no", "off"];

export const DEMO_SERVICES_IN_PRODUCTION =
  "DEMO_SERVICES=on is refused on a production deployment (APP_ENV=production or DATABASE_URL): the demo services are local fakes for the demo data. Unset DEMO_SERVICES.";

/**
 * Whether `npm start` runs the demo services (the fakes in tools/ on loopback: docs/DEPLOYMENT.md#demo-services):
 * by default on a non-production start with demo data, off with DEMO_SERVICES=off, and never on a
 * production deployment, where DEMO_SERVICES=on is an error rather than ignored.
 */
export function decideDemoServices({ demoServices, isProduction, seedDemo }) {
  const value = demoServices?.trim().toLowerCase();
  if (value && !TRUE_WORDS.includes(value) && !FALSE_WORDS.includes(value)) {
    throw new Error(`DEMO_SERVICES must be "on" or "off", not "${demoServices}".`);
  }
  const asked = value ? TRUE_WORDS.includes(value) : undefined;
  if (isProduction) {
    if (asked) throw new Error(DEMO_SERVICES_IN_PRODUCTION);
    return false;
  }
  return asked ?? seedDemo;
}

/** The demo services `npm start` may run; the Square one only when no SQUARE_* variable is set (explicit configuration wins). */
export const DEMO_SERVICE_KINDS = /** @type {const} */ (["square", "github", "gitlab", "jira", "chat", "receiver", "idp", "saml", "dns"]);
const SQUARE_NAMES = [
  "SQUARE_APPLICATION_ID",
  "SQUARE_APPLICATION_SECRET",
  "SQUARE_ENVIRONMENT",
  "SQUARE_BASE_URL",
  "SQUARE_WEBHOOK_SIGNATURE_KEY",
];

/** Which demo services a start wires into the app: none when they are off, and not Square when any SQUARE_* is set. */
export function demoServicesToWire(raw = process.env) {
  const env = parseEnv(raw);
  if (!decideDemoServices({ demoServices: raw.DEMO_SERVICES, isProduction: env.isProduction, seedDemo: env.seedDemo })) return [];
  const squareExplicit = SQUARE_NAMES.some((name) => (raw[name] ?? "").trim() !== "");
  return DEMO_SERVICE_KINDS.filter((kind) => kind !== "square" || !squareExplicit);
}

/**
 * DEMO_SERVICE_URLS: the addresses of the demo services this start runs, as JSON ({"github":
 * "http://127.0.0.1:41234", ...}), written by scripts/start.mjs itself. Only loopback http
 * addresses count; on a production deployment none (the guarded fetch then never lets one through).
 */
function demoServiceUrlsOf(value, on) {
  if (!on || !value) return {};
  let parsed;
  try {
    parsed = JSON.parse(value);
  } catch {
    return {};
  }
  const urls = {};
  for (const kind of DEMO_SERVICE_KINDS) {
    const url = typeof parsed?.[kind] === "string" ? parsed[kind] : undefined;
    if (url && /^http:\/\/127\.0\.0\.1:\d{1,5}$/.test(url)) urls[kind] = url;
  }
  return urls;
}

/**
 * DEV_FAKE_PORTS ("4020,4021"): loopback ports of the fake services (tools/) the guarded fetch may
 * call, for the demo and the browser tests. Honoured with APP_ENV=development only; anything that
 * is not a port is dropped.
 */
const portsOf = (value) =>
  (value ?? "")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((port) => Number.isInteger(port) && port >= 1 && port <= 65535);

export const envSchema = z
  .object({
    PORT: trimmed.pipe(z.coerce.number().int().min(1).max(65535).optional()).catch(undefined),
    HOST: trimmed,
    DATA_DIR: trimmed,
    DATABASE_URL: trimmed,
    APP_URL: trimmed,
    APP_ENV: trimmed,
    DEV_FAKE_PORTS: trimmed,
    DEMO_SERVICES: trimmed,
    DEMO_SERVICE_URLS: trimmed,
    AUTH_SECRET: trimmed.pipe(z.string().min(32, "AUTH_SECRET must be at least 32 characters long.").optional()),
    // The bearer token of a monitor reading /api/health?deep=1 (docs/DEPLOYMENT.md#monitoring).
    MONITORING_TOKEN: trimmed.pipe(z.string().min(24, "MONITORING_TOKEN must be at least 24 characters long.").optional()),
    SEED_DEMO: trimmed,
    SMTP_URL: trimmed,
    MAIL_FROM: trimmed,
    CONTACT_EMAIL: trimmed,
    TRUST_PROXY: trimmed,
    AUDIT_RETENTION_DAYS: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .string()
        .optional()
        // Refused rather than ignored: a typo must not silently keep (or drop) the audit trail.
        .refine((value) => value === undefined || (/^\d+$/.test(value.trim()) && Number(value) >= 1), {
          error: (issue) => `AUDIT_RETENTION_DAYS must be a whole number of days (1 or more), not "${String(issue.input)}".`,
        })
        .transform((value) => (value === undefined ? undefined : Number(value))),
    ),
    MAIL_TRANSPORT: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .string()
        .optional()
        .refine((value) => value === undefined || ["smtp", "log"].includes(value.trim().toLowerCase()), {
          error: (issue) => `MAIL_TRANSPORT must be "smtp" or "log", not "${String(issue.input)}".`,
        })
        .transform((value) => /** @type {"smtp" | "log" | undefined} */ (value?.trim().toLowerCase())),
    ),
    STORAGE: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .string()
        .optional()
        .refine((value) => value === undefined || ["disk", "s3"].includes(value.trim().toLowerCase()), {
          error: (issue) => `STORAGE must be "disk" or "s3", not "${String(issue.input)}".`,
        })
        .transform((value) => /** @type {"disk" | "s3" | undefined} */ (value?.trim().toLowerCase())),
    ),
    S3_ENDPOINT: trimmed,
    S3_BUCKET: trimmed,
    S3_REGION: trimmed,
    S3_ACCESS_KEY_ID: trimmed,
    S3_SECRET_ACCESS_KEY: trimmed,
    // The firm's signing keys (docs/DEPLOYMENT.md#signing-keys): PEM text, with real line breaks or "\n".
    SIGNING_PDF_KEY: trimmed,
    SIGNING_PDF_CERT: trimmed,
    SIGNING_JWS_KEY: trimmed,
    TIMESTAMP_AUTHORITY_URL: trimmed.pipe(
      z.url({ protocol: /^https?$/, error: "TIMESTAMP_AUTHORITY_URL must be an http(s) URL." }).optional(),
    ),
  })
  .and(squareEnvSchema)
  .transform((raw) => {
    const port = raw.PORT ?? 3000;
    // "Production" is a real deployment: a PostgreSQL server or an explicit APP_ENV. `npm start` on
    // the embedded database is the zero-configuration demo, even though Next runs with NODE_ENV=production.
    const isProduction = raw.APP_ENV === "production" || (raw.DATABASE_URL !== undefined && raw.APP_ENV !== "development");
    const seedDemo = decideSeedDemo({ seedDemo: raw.SEED_DEMO, isProduction, databaseUrl: raw.DATABASE_URL });
    return {
      port,
      host: raw.HOST ?? "0.0.0.0",
      dataDir: raw.DATA_DIR ?? "./data",
      databaseUrl: raw.DATABASE_URL,
      appUrl: (raw.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
      isProduction,
      /** APP_ENV=development (never a production deployment): the /dev/mail preview exists. */
      devTools: raw.APP_ENV === "development",
      devFakePorts: raw.APP_ENV === "development" ? portsOf(raw.DEV_FAKE_PORTS) : [],
      seedDemo,
      /** The demo services this start runs (docs/DEPLOYMENT.md#demo-services); empty when off and on a production deployment. */
      demoServices: demoServiceUrlsOf(
        raw.DEMO_SERVICE_URLS,
        !isProduction && !FALSE_WORDS.includes((raw.DEMO_SERVICES ?? "").toLowerCase()),
      ),
      /** SEED_DEMO=true set explicitly on a production deployment: seeded, with a warning at every start. */
      seedDemoForced: isProduction && raw.SEED_DEMO !== undefined && TRUE_WORDS.includes(raw.SEED_DEMO.toLowerCase()),
      authSecret: raw.AUTH_SECRET,
      monitoringToken: raw.MONITORING_TOKEN,
      smtpUrl: raw.SMTP_URL,
      mailTransport: raw.MAIL_TRANSPORT,
      mailFrom: raw.MAIL_FROM ?? "Sentinel AI Security <no-reply@example.com>",
      contactEmail: raw.CONTACT_EMAIL ?? "hello@example.com",
      trustProxy: raw.TRUST_PROXY,
      auditRetentionDays: raw.AUDIT_RETENTION_DAYS,
      storage: raw.STORAGE,
      s3: {
        endpoint: raw.S3_ENDPOINT,
        bucket: raw.S3_BUCKET,
        region: raw.S3_REGION,
        accessKeyId: raw.S3_ACCESS_KEY_ID,
        secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
      },
      signing: {
        pdfKeyPem: pemOf(raw.SIGNING_PDF_KEY),
        pdfCertPem: pemOf(raw.SIGNING_PDF_CERT),
        jwsKeyPem: pemOf(raw.SIGNING_JWS_KEY),
        timestampAuthorityUrl: raw.TIMESTAMP_AUTHORITY_URL,
      },
    };
  });

/** Parses the environment; a bad value throws an Error naming every problem, one per line. */
export function parseEnv(raw = process.env) {
  const result = envSchema.safeParse(raw);
  if (!result.success) throw new Error(result.error.issues.map((issue) => issue.message).join("\n"));
  return result.data;
}

export const AUTH_SECRET_REQUIRED = "AUTH_SECRET is required in production (32+ random characters, the same on every instance).";

const S3_REQUIRED = /** @type {const} */ (["bucket", "region", "accessKeyId", "secretAccessKey"]);
const S3_NAMES = {
  endpoint: "S3_ENDPOINT",
  bucket: "S3_BUCKET",
  region: "S3_REGION",
  accessKeyId: "S3_ACCESS_KEY_ID",
  secretAccessKey: "S3_SECRET_ACCESS_KEY",
};
const S3_VARIABLES = "S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY";

/**
 * The S3 settings, or null when none is set. A partial configuration is an error: silently
 * falling back to local disk would lose documents on a multi-instance deployment.
 */
export function s3SettingsOf(env) {
  const present = Object.keys(S3_NAMES).filter((key) => env.s3[key]);
  if (present.length === 0) return null;
  const missing = S3_REQUIRED.filter((key) => !env.s3[key]);
  if (missing.length > 0) {
    throw new Error(
      `S3 storage is partly configured: set ${missing.map((k) => S3_NAMES[k]).join(", ")} as well (or unset ${present.map((k) => S3_NAMES[k]).join(", ")}).`,
    );
  }
  return env.s3;
}

/**
 * Where documents go: STORAGE=disk (files under DATA_DIR), STORAGE=s3, or unset: S3 when the S3_*
 * variables are set, else disk. In production disk must be chosen on purpose: files on one
 * instance's disk are missing on every other instance, and lost with the machine.
 */
export function storageChoiceOf(env) {
  if (env.storage === "disk") return "disk";
  if (s3SettingsOf(env)) return "s3";
  if (env.storage === "s3" || env.isProduction) {
    throw new Error(
      `Document storage is not configured: set ${S3_VARIABLES} (S3-compatible storage), or STORAGE=disk to keep documents under DATA_DIR (a single instance only).`,
    );
  }
  return "disk";
}

/**
 * How outgoing mail leaves: "smtp" (SMTP_URL) or "log" (kept in the outbox and logged, never
 * delivered). Password resets and client invitations exist only as mail, so a production start
 * that could not deliver them is refused unless the log is chosen on purpose with MAIL_TRANSPORT=log.
 */
export function mailTransportOf(env) {
  if (env.mailTransport === "log") {
    if (env.smtpUrl) throw new Error("MAIL_TRANSPORT=log and SMTP_URL are both set: unset one of them.");
    return "log";
  }
  if (env.smtpUrl) return "smtp";
  if (env.mailTransport === "smtp") throw new Error("MAIL_TRANSPORT=smtp needs SMTP_URL (e.g. smtps://user:pass@smtp.host:465).");
  if (env.isProduction) {
    throw new Error(
      "Outgoing mail is not configured: set SMTP_URL (password resets and client invitations are sent by mail), or MAIL_TRANSPORT=log to keep mail in the email_outbox table without delivering it.",
    );
  }
  return "log";
}
