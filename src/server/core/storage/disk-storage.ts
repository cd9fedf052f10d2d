import "server-only";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { DocumentStorage } from "./document-storage";

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function diskStorage(root: string): DocumentStorage {
  const resolveKey = (key: string) => {
    const full = path.resolve(root, key);
    // Keys are ours, but refuse anything that could escape the root all the same.
    if (!KEY_PATTERN.test(key) || key.includes("..") || !full.startsWith(path.resolve(root) + path.sep)) {
      throw new Error(`Invalid storage key: ${key}`);
    }
    return full;
  };
  return {
    async put(key, body) {
      const file = resolveKey(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      try {
        if (body instanceof Uint8Array) await fs.writeFile(partial, body);
        else await pipeline(Readable.from(body), createWriteStream(partial));
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      return new Uint8Array(await fs.readFile(resolveKey(key)));
    },
    async open(key) {
      const handle = await fs.open(resolveKey(key));
      try {
        const { size } = await handle.stat();
        // The stream owns the handle from here and closes it when done or cancelled.
        const body = Readable.toWeb(handle.createReadStream({ highWaterMark: 64 * 1024 })) as ReadableStream<Uint8Array>;
        return { size, body };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async read(key) {
      try {
        return new Uint8Array(await fs.readFile(resolveKey(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async putIfAbsent(key, body) {
      const file = resolveKey(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside, then linked into place: link fails when the name exists, so the first writer
      // wins and nobody ever reads a half-written object.
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        await fs.writeFile(partial, body);
        await fs.link(partial, file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
        throw error;
      } finally {
        await fs.rm(partial, { force: true });
      }
    },
    async delete(key) {
      await fs.rm(resolveKey(key), { force: true });
    },
    async *list(prefix) {
      const base = path.resolve(root);
      const walk = async function* (dir: string): AsyncGenerator<{ key: string; modifiedAt: Date }> {
        const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full);
          else if (entry.isFile()) {
            const key = path.relative(base, full).split(path.sep).join("/");
            if (key.startsWith(prefix)) yield { key, modifiedAt: (await fs.stat(full)).mtime };
          }
        }
      };
      yield* walk(base);
    },
  };
}
