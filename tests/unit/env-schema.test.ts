// The one parse of the environment (src/config/env-schema.mjs), shared by the server and npm start.
import { describe, expect, it } from "vitest";
import { mailTransportOf, parseEnv, parseSquareEnv, storageChoiceOf } from "@/config/env-schema.mjs";

describe("parseEnv", () => {
  it("gives the documented defaults for an empty environment, blank meaning unset", () => {
    expect(parseEnv({ PORT: " ", APP_URL: "" })).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "./data",
      appUrl: "http://localhost:3000",
      isProduction: false,
      seedDemo: true,
      contactEmail: "hello@example.com",
      auditRetentionDays: undefined,
      storage: undefined,
    });
  });

  it("takes DEV_FAKE_PORTS only with APP_ENV=development, and only ports", () => {
    expect(parseEnv({ APP_ENV: "development", DEV_FAKE_PORTS: "4020, 4021,x,70000" }).devFakePorts).toEqual([4020, 4021]);
    expect(parseEnv({ DEV_FAKE_PORTS: "4020" }).devFakePorts).toEqual([]);
    expect(parseEnv({ APP_ENV: "production", DEV_FAKE_PORTS: "4020" }).devFakePorts).toEqual([]);
  });

  it("derives production from APP_ENV or DATABASE_URL, and seeds there only when asked", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://db/x" })).toMatchObject({ isProduction: true, seedDemo: false, seedDemoForced: false });
    expect(parseEnv({ DATABASE_URL: "postgres://db/x", APP_ENV: "development" })).toMatchObject({ isProduction: false, seedDemo: false });
    expect(parseEnv({ APP_ENV: "production", SEED_DEMO: "true" })).toMatchObject({
      isProduction: true,
      seedDemo: true,
      seedDemoForced: true,
    });
  });

  it("trims values and the app URL's trailing slashes", () => {
    expect(parseEnv({ APP_URL: " https://sentinel.example/ ", PORT: "8080", STORAGE: " Disk ", AUDIT_RETENTION_DAYS: "30" })).toMatchObject(
      {
        appUrl: "https://sentinel.example",
        port: 8080,
        storage: "disk",
        auditRetentionDays: 30,
      },
    );
  });

  it("refuses bad values with a message naming each one", () => {
    expect(() => parseEnv({ AUTH_SECRET: "short" })).toThrow("AUTH_SECRET must be at least 32 characters long.");
    expect(() => parseEnv({ STORAGE: "nfs", AUDIT_RETENTION_DAYS: "0" })).toThrow(
      'AUDIT_RETENTION_DAYS must be a whole number of days (1 or more), not "0".\nSTORAGE must be "disk" or "s3", not "nfs".',
    );
  });
});

describe("storageChoiceOf", () => {
  it("needs S3 or STORAGE=disk in production, and a complete S3 configuration", () => {
    expect(() => storageChoiceOf(parseEnv({ APP_ENV: "production" }))).toThrow(/STORAGE=disk/);
    expect(storageChoiceOf(parseEnv({ APP_ENV: "production", STORAGE: "disk" }))).toBe("disk");
    expect(() => storageChoiceOf(parseEnv({ S3_BUCKET: "docs" }))).toThrow("S3 storage is partly configured");
    expect(storageChoiceOf(parseEnv({}))).toBe("disk");
  });
});

describe("mailTransportOf", () => {
  it("needs SMTP_URL or MAIL_TRANSPORT=log in production, and defaults to the log elsewhere", () => {
    expect(() => mailTransportOf(parseEnv({ APP_ENV: "production" }))).toThrow(/SMTP_URL .*MAIL_TRANSPORT=log/);
    expect(() => mailTransportOf(parseEnv({ DATABASE_URL: "postgres://db/x" }))).toThrow(/MAIL_TRANSPORT=log/);
    expect(mailTransportOf(parseEnv({ APP_ENV: "production", MAIL_TRANSPORT: " Log " }))).toBe("log");
    expect(mailTransportOf(parseEnv({ APP_ENV: "production", SMTP_URL: "smtp://mail:25" }))).toBe("smtp");
    expect(mailTransportOf(parseEnv({ MAIL_TRANSPORT: "" }))).toBe("log");
  });
});

describe("parseSquareEnv", () => {
  it("reads the Square part at call time, with bounded SDK settings", () => {
    expect(
      parseSquareEnv({
        SQUARE_ENVIRONMENT: " Production ",
        SQUARE_BASE_URL: "http://127.0.0.1:9/",
        SQUARE_MAX_RETRIES: "9",
        SQUARE_TIMEOUT_SECONDS: "5",
      }),
    ).toMatchObject({
      environment: "production",
      baseUrlOverride: "http://127.0.0.1:9",
      maxRetries: 2,
      timeoutInSeconds: 5,
    });
    expect(parseSquareEnv({})).toMatchObject({ applicationId: undefined, environment: "sandbox", maxRetries: 2, timeoutInSeconds: 30 });
  });
});
