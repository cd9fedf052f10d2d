import "server-only";
import type { S3Client } from "@aws-sdk/client-s3";
import type { DocumentStorage } from "./storage";

// Documents in S3-compatible storage (AWS S3, MinIO, R2, ...), selected when every S3_* variable
// is set. The SDK is loaded on first use, so the default disk storage never pays for it.

export type S3Config = { endpoint?: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

const REQUIRED = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/**
 * The S3 settings from the environment, or null when none is set. A partial configuration is an
 * error: silently falling back to local disk would lose documents on a multi-instance deployment.
 */
export function s3ConfigFromEnv(env: Record<string, string | undefined> = process.env): S3Config | null {
  const value = (name: string) => env[name]?.trim() || undefined;
  const present = [...REQUIRED, "S3_ENDPOINT"].filter((name) => value(name));
  if (present.length === 0) return null;
  const missing = REQUIRED.filter((name) => !value(name));
  if (missing.length > 0) {
    throw new Error(`S3 storage is partly configured: set ${missing.join(", ")} as well (or unset ${present.join(", ")}).`);
  }
  return {
    endpoint: value("S3_ENDPOINT"),
    bucket: value("S3_BUCKET")!,
    region: value("S3_REGION")!,
    accessKeyId: value("S3_ACCESS_KEY_ID")!,
    secretAccessKey: value("S3_SECRET_ACCESS_KEY")!,
  };
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export function s3Storage(config: S3Config): DocumentStorage {
  let client: Promise<{ s3: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | undefined;
  const connect = () =>
    (client ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        // Self-hosted endpoints (MinIO and the like) address buckets by path, not by sub-domain.
        forcePathStyle: Boolean(config.endpoint),
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        maxAttempts: 3,
      }),
    })));

  return {
    async put(key, body) {
      const { s3, sdk } = await connect();
      const bytes = body instanceof Uint8Array ? body : await collect(body);
      await s3.send(new sdk.PutObjectCommand({ Bucket: config.bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength }));
    },
    async get(key) {
      const { s3, sdk } = await connect();
      const result = await s3.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key }));
      if (!result.Body) throw new Error(`S3 object ${key} has no body`);
      return result.Body.transformToByteArray();
    },
    async delete(key) {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}
