import "server-only";
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { parseEnv, s3SettingsOf } from "@/config/env-schema.mjs";
import { serverEnv } from "../env";
import type { DocumentStorage } from "./document-storage";

// Documents in S3-compatible storage (AWS S3, MinIO, R2, ...), selected when every S3_* variable
// is set. The SDK is loaded on first use, so the default disk storage never pays for it.

export type S3Config = { endpoint?: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

/**
 * The S3 settings from the environment, or null when none is set; a partial configuration is an
 * error (see s3SettingsOf). `env` is for tests; the server uses its parsed environment.
 */
export function s3ConfigFromEnv(env?: Record<string, string | undefined>): S3Config | null {
  return s3SettingsOf(env ? parseEnv(env) : serverEnv());
}

// A streamed body goes up in parts of this size (S3's minimum), so an upload holds one part in
// memory at a time, never the whole file; a body under one part is a single PutObject.
const PART_BYTES = 5 * 1024 * 1024;

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

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
      if (body instanceof Uint8Array) {
        await s3.send(new sdk.PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentLength: body.byteLength }));
        return;
      }
      const { Upload } = await import("@aws-sdk/lib-storage");
      // One part in flight: uploads are few and large, memory is what matters here.
      const upload = new Upload({
        client: s3,
        params: { Bucket: config.bucket, Key: key, Body: Readable.from(body) },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async get(key) {
      const { s3, sdk } = await connect();
      const result = await s3.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key }));
      if (!result.Body) throw new Error(`S3 object ${key} has no body`);
      return result.Body.transformToByteArray();
    },
    async open(key) {
      const { s3, sdk } = await connect();
      const result = await s3.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key }));
      if (!result.Body) throw new Error(`S3 object ${key} has no body`);
      return { size: result.ContentLength ?? 0, body: result.Body.transformToWebStream() as ReadableStream<Uint8Array> };
    },
    async read(key) {
      const { s3, sdk } = await connect();
      try {
        const result = await s3.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key }));
        return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    async putIfAbsent(key, body) {
      const { s3, sdk } = await connect();
      try {
        // If-None-Match: * makes the store refuse the write when the key exists (412), or while
        // another conditional write of it is under way (409).
        await s3.send(
          new sdk.PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentLength: body.byteLength, IfNoneMatch: "*" }),
        );
        return true;
      } catch (error) {
        if (statusOf(error) === 412 || statusOf(error) === 409) return false;
        throw error;
      }
    },
    async delete(key) {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    async *list(prefix) {
      const { s3, sdk } = await connect();
      let token: string | undefined;
      do {
        const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ContinuationToken: token }));
        for (const item of page.Contents ?? []) {
          if (item.Key) yield { key: item.Key, modifiedAt: item.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
