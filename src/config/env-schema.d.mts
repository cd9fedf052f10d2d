// Types of env-schema.mjs (plain ESM so that scripts/start.mjs can run it with node).
import type { z } from "zod";

export type ParsedEnv = {
  port: number;
  host: string;
  /** As given (relative paths are resolved by the server, src/server/core/env.ts). */
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  isProduction: boolean;
  /** APP_ENV=development: development-only pages such as /dev/mail exist. */
  devTools: boolean;
  /** DEV_FAKE_PORTS with APP_ENV=development: loopback ports of the fakes the guarded fetch may call. */
  devFakePorts: number[];
  seedDemo: boolean;
  /** The demo services this start runs, by kind (loopback http origins); empty when off and always in production. */
  demoServices: Partial<Record<DemoServiceKind, string>>;
  seedDemoForced: boolean;
  authSecret: string | undefined;
  /** MONITORING_TOKEN: the bearer token of a monitor reading /api/health?deep=1. */
  monitoringToken: string | undefined;
  smtpUrl: string | undefined;
  /** MAIL_TRANSPORT as given; mailTransportOf decides. */
  mailTransport: "smtp" | "log" | undefined;
  mailFrom: string;
  contactEmail: string;
  /** Raw TRUST_PROXY; parsed by src/server/core/client-address.ts. */
  trustProxy: string | undefined;
  auditRetentionDays: number | undefined;
  storage: "disk" | "s3" | undefined;
  s3: { endpoint?: string; bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string };
  /** The firm's signing keys when supplied (PEM), else generated at first start; a timestamp authority. */
  signing: { pdfKeyPem?: string; pdfCertPem?: string; jwsKeyPem?: string; timestampAuthorityUrl?: string };
};

export type S3Settings = { endpoint?: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

export declare const envSchema: z.ZodType<ParsedEnv, Record<string, string | undefined>>;
export declare function parseEnv(raw?: Record<string, string | undefined>): ParsedEnv;
export declare const AUTH_SECRET_REQUIRED: string;
export declare function s3SettingsOf(env: Pick<ParsedEnv, "s3">): S3Settings | null;
export declare function storageChoiceOf(env: Pick<ParsedEnv, "s3" | "storage" | "isProduction">): "disk" | "s3";
export declare function mailTransportOf(env: Pick<ParsedEnv, "smtpUrl" | "mailTransport" | "isProduction">): "smtp" | "log";
export declare function decideSeedDemo(env: {
  seedDemo: string | undefined;
  isProduction: boolean;
  databaseUrl: string | undefined;
}): boolean;

export type SquareEnv = {
  applicationId: string | undefined;
  applicationSecret: string | undefined;
  environment: "sandbox" | "production";
  /** SQUARE_BASE_URL without trailing slashes (a local fake, a proxy). */
  baseUrlOverride: string | undefined;
  webhookSignatureKey: string | undefined;
  maxRetries: number;
  timeoutInSeconds: number;
};
export declare const squareEnvSchema: z.ZodType<SquareEnv, Record<string, string | undefined>>;
export declare function parseSquareEnv(raw?: Record<string, string | undefined>): SquareEnv;

export type DemoServiceKind = "square" | "github" | "gitlab" | "jira" | "chat" | "receiver" | "idp" | "saml" | "dns";
export declare const DEMO_SERVICE_KINDS: readonly DemoServiceKind[];
export declare const DEMO_SERVICES_IN_PRODUCTION: string;
export declare function decideDemoServices(env: { demoServices: string | undefined; isProduction: boolean; seedDemo: boolean }): boolean;
export declare function demoServicesToWire(raw?: Record<string, string | undefined>): DemoServiceKind[];
