// Square tests: the fake Square started in-process on a free port, and the SQUARE_* settings
// pointing the app at it (restored after the file).
import { afterAll, beforeAll } from "vitest";
import { SQUARE_SCOPES } from "@/features/square/server/permissions";
import { startFakeSquare, type FakeSquare, type FakeSquareOptions } from "../../../tools/fake-square/server";

export const WEBHOOK_KEY = "test-webhook-signature-key";
const KEYS = [
  "SQUARE_APPLICATION_ID",
  "SQUARE_APPLICATION_SECRET",
  "SQUARE_ENVIRONMENT",
  "SQUARE_BASE_URL",
  "SQUARE_WEBHOOK_SIGNATURE_KEY",
  "SQUARE_MAX_RETRIES",
  "SQUARE_TIMEOUT_SECONDS",
];

export function configureSquareEnv(fake: FakeSquare): void {
  process.env.SQUARE_APPLICATION_ID = fake.applicationId;
  process.env.SQUARE_APPLICATION_SECRET = fake.applicationSecret;
  process.env.SQUARE_ENVIRONMENT = "sandbox";
  process.env.SQUARE_BASE_URL = fake.url;
  process.env.SQUARE_WEBHOOK_SIGNATURE_KEY = WEBHOOK_KEY;
  // The SDK retries 5xx twice by default: a test of a failure wants the failure at once.
  process.env.SQUARE_MAX_RETRIES = "0";
  // The production default: on a loaded machine (files in parallel) the in-process fake can take
  // seconds to answer. The test of a slow Square sets its own.
  process.env.SQUARE_TIMEOUT_SECONDS = "30";
}

export function clearSquareEnv(): void {
  for (const key of KEYS) delete process.env[key];
}

/**
 * Starts the fake for this test file and configures the app to use it. A token the test issues
 * directly (issueToken) gets the scopes the product asks Square for (permissions.ts), and the fake
 * refuses any call outside them, as Square does.
 */
export function setupFakeSquare(options: FakeSquareOptions = {}) {
  const ref: { fake?: FakeSquare } = {};
  beforeAll(async () => {
    ref.fake = await startFakeSquare({ defaultScopes: [...SQUARE_SCOPES], ...options });
    configureSquareEnv(ref.fake);
  });
  afterAll(async () => {
    clearSquareEnv();
    await ref.fake?.close();
  });
  return {
    get fake(): FakeSquare {
      if (!ref.fake) throw new Error("fake Square not started");
      return ref.fake;
    },
  };
}
