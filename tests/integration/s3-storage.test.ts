// The S3 storage adapter against a minimal in-process S3-compatible endpoint (path-style, like
// MinIO): objects really travel over HTTP through @aws-sdk/client-s3.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3ConfigFromEnv, s3Storage } from "@/server/core/storage/s3-storage";
import { getStorage, newStorageKey, setStorage } from "@/server/core/storage/storage";

const objects = new Map<string, Buffer>();
const uploads = new Map<string, Buffer[]>();
const seen: { method: string; path: string; auth: string }[] = [];
let server: http.Server;
let endpoint = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    seen.push({ method: req.method ?? "", path: url.pathname, auth: String(req.headers.authorization ?? "") });
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      // Multipart uploads: create, parts, complete (or abort), as a streamed put sends them.
      const uploadId = url.searchParams.get("uploadId");
      if (req.method === "POST" && url.searchParams.has("uploads")) {
        const id = `upload-${uploads.size + 1}`;
        uploads.set(id, []);
        res
          .writeHead(200, { "content-type": "application/xml" })
          .end(`<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
      } else if (req.method === "PUT" && uploadId) {
        uploads.get(uploadId)![Number(url.searchParams.get("partNumber")) - 1] = Buffer.concat(chunks);
        res.writeHead(200, { ETag: `"part-${url.searchParams.get("partNumber")}"` }).end();
      } else if (req.method === "POST" && uploadId) {
        objects.set(url.pathname, Buffer.concat(uploads.get(uploadId)!));
        uploads.delete(uploadId);
        res
          .writeHead(200, { "content-type": "application/xml" })
          .end(`<CompleteMultipartUploadResult><ETag>"done"</ETag></CompleteMultipartUploadResult>`);
      } else if (req.method === "DELETE" && uploadId) {
        uploads.delete(uploadId);
        res.writeHead(204).end();
      } else if (req.method === "PUT" && req.headers["if-none-match"] === "*" && objects.has(url.pathname)) {
        res
          .writeHead(412, { "content-type": "application/xml" })
          .end("<Error><Code>PreconditionFailed</Code><Message>exists</Message></Error>");
      } else if (req.method === "PUT") {
        objects.set(url.pathname, Buffer.concat(chunks));
        res.writeHead(200, { ETag: '"etag"' }).end();
      } else if (req.method === "GET") {
        const body = objects.get(url.pathname);
        if (!body) {
          res.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>");
          return;
        }
        res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(body.length) }).end(body);
      } else if (req.method === "DELETE") {
        objects.delete(url.pathname);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  setStorage(undefined);
  await new Promise((resolve) => server.close(resolve));
});

const env = () => ({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: "docs",
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: "test-key",
  S3_SECRET_ACCESS_KEY: "test-secret",
});

describe("S3 storage", () => {
  it("puts, gets and deletes objects path-style with signed requests", async () => {
    const storage = s3Storage(s3ConfigFromEnv(env())!);
    const key = newStorageKey("pdf");
    const bytes = new TextEncoder().encode("%PDF-1.4 stored in s3");
    await storage.put(key, bytes);
    expect(objects.get(`/docs/${key}`)).toEqual(Buffer.from(bytes));
    expect(new Uint8Array(await storage.get(key))).toEqual(bytes);
    await storage.delete(key);
    expect(objects.has(`/docs/${key}`)).toBe(false);
    expect(seen.every((r) => r.path.startsWith("/docs/documents/") && r.auth.startsWith("AWS4-HMAC-SHA256"))).toBe(true);
    await expect(storage.get(key)).rejects.toThrow();
  });

  it("opens an object as a stream with its size, for a download that never holds the file", async () => {
    const storage = s3Storage(s3ConfigFromEnv(env())!);
    const key = newStorageKey("pdf");
    const bytes = new TextEncoder().encode("%PDF-1.4 streamed from s3");
    await storage.put(key, bytes);
    const { size, body } = await storage.open(key);
    expect(size).toBe(bytes.byteLength);
    expect(new Uint8Array(await new Response(body).arrayBuffer())).toEqual(bytes);
    await storage.delete(key);
  });

  it("reads a missing object as null, and writes only absent objects with If-None-Match", async () => {
    const storage = s3Storage(s3ConfigFromEnv(env())!);
    expect(await storage.read("documents/.owner")).toBeNull();
    expect(await storage.putIfAbsent("documents/.owner", new TextEncoder().encode("first"))).toBe(true);
    expect(await storage.putIfAbsent("documents/.owner", new TextEncoder().encode("second"))).toBe(false);
    expect(new TextDecoder().decode((await storage.read("documents/.owner"))!)).toBe("first");
    await storage.delete("documents/.owner");
  });

  it("accepts a streamed body", async () => {
    const storage = s3Storage(s3ConfigFromEnv(env())!);
    async function* parts() {
      yield new TextEncoder().encode("part one, ");
      yield new TextEncoder().encode("part two");
    }
    await storage.put("documents/streamed.txt", parts());
    expect(objects.get("/docs/documents/streamed.txt")?.toString()).toBe("part one, part two");
  });

  it("sends a large streamed body in 5 MB parts, never as one buffer", async () => {
    const storage = s3Storage(s3ConfigFromEnv(env())!);
    const chunk = new Uint8Array(1024 * 1024);
    async function* twelveMegabytes() {
      for (let i = 0; i < 12; i += 1) yield chunk.map(() => i);
    }
    const before = seen.length;
    await storage.put("documents/large.bin", twelveMegabytes());
    const stored = objects.get("/docs/documents/large.bin")!;
    expect(stored.byteLength).toBe(12 * 1024 * 1024);
    expect([stored[0], stored[5 * 1024 * 1024], stored[12 * 1024 * 1024 - 1]]).toEqual([0, 5, 11]);
    // Three parts (5 + 5 + 2 MB) through a multipart upload, and no upload left open.
    expect(seen.slice(before).filter((r) => r.method === "PUT")).toHaveLength(3);
    expect(uploads.size).toBe(0);
  });

  it("is chosen by getStorage() when the S3_* variables are set", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, env());
    try {
      setStorage(undefined);
      await getStorage().put("documents/selected.txt", new TextEncoder().encode("via getStorage"));
      expect(objects.get("/docs/documents/selected.txt")?.toString()).toBe("via getStorage");
    } finally {
      for (const name of Object.keys(env())) if (!(name in saved)) delete process.env[name];
      setStorage(undefined);
    }
  });

  it("is off without S3_* and refuses a partial configuration", () => {
    expect(s3ConfigFromEnv({})).toBeNull();
    expect(() => s3ConfigFromEnv({ S3_BUCKET: "docs", S3_REGION: "eu-west-1" })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    // Without an endpoint it is AWS itself (virtual-hosted style).
    expect(s3ConfigFromEnv({ ...env(), S3_ENDPOINT: "" })).toMatchObject({ endpoint: undefined, bucket: "docs" });
  });
});
