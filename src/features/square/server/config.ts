import "server-only";
import { SquareEnvironment } from "square";
import { parseSquareEnv } from "@/config/env-schema.mjs";
import { serverEnv } from "@/server/core/env";
import { AppError } from "@/server/core/errors";

// Square settings come from SQUARE_* variables, parsed by the environment schema's Square part at
// call time (tests and the dev script change them after start-up). Without an application id and
// secret the integration is "not configured". Besides the documented ones, SQUARE_MAX_RETRIES
// (0-5, default 2) and SQUARE_TIMEOUT_SECONDS (default 30) tune the SDK client.

export type SquareConfig = {
  applicationId: string;
  applicationSecret: string;
  environment: "sandbox" | "production";
  /** API host: SQUARE_BASE_URL (a local fake, a proxy) or the environment's host. */
  baseUrl: string;
  webhookSignatureKey: string | undefined;
  maxRetries: number;
  timeoutInSeconds: number;
};

export const OAUTH_CALLBACK_PATH = "/api/oauth/square/callback";
export const WEBHOOK_PATH = "/api/square/webhook";

export const NOT_CONFIGURED_MESSAGE =
  "Square is not configured. Set SQUARE_APPLICATION_ID, SQUARE_APPLICATION_SECRET and SQUARE_ENVIRONMENT (sandbox or production) on the server, add " +
  `${OAUTH_CALLBACK_PATH} under your app URL as the redirect URL of the Square application, and restart.`;

/** The configuration, or null when the application id or secret is missing. */
export function squareConfig(): SquareConfig | null {
  const env = parseSquareEnv(process.env);
  const { applicationId, applicationSecret, environment } = env;
  if (!applicationId || !applicationSecret) return null;
  return {
    applicationId,
    applicationSecret,
    environment,
    baseUrl: env.baseUrlOverride ?? (environment === "production" ? SquareEnvironment.Production : SquareEnvironment.Sandbox),
    webhookSignatureKey: env.webhookSignatureKey,
    maxRetries: env.maxRetries,
    timeoutInSeconds: env.timeoutInSeconds,
  };
}

/** The configuration, or a 503 telling the admin how to configure it. */
export function requireSquareConfig(): SquareConfig {
  const config = squareConfig();
  if (!config) throw new AppError("unavailable", NOT_CONFIGURED_MESSAGE);
  return config;
}

/** Where Square sends the admin back; sent explicitly so any Square-compatible host can use it. */
export function oauthRedirectUri(): string {
  return `${serverEnv().appUrl}${OAUTH_CALLBACK_PATH}`;
}

/** The URL registered for the webhook subscription: part of what Square signs, byte for byte. */
export function webhookNotificationUrl(): string {
  return `${serverEnv().appUrl}${WEBHOOK_PATH}`;
}
