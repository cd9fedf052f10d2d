// Shared by the importer tests: a file or a text fed to readImport in small chunks, as an upload arrives.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ImportFormat } from "@/lib/domain/finding-import";
import { readImport, type ImportedFinding } from "@/features/imports/server/importers";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../../tests/fixtures/findings-import");

export const fixtureBytes = (format: ImportFormat, file: string) => readFileSync(path.join(FIXTURES, format, file));

/** The bytes in chunks of `size` (small by default, so every reader meets split lines, tags and characters). */
export async function* chunksOf(bytes: Uint8Array, size = 97): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

export async function readAll(format: ImportFormat, content: Uint8Array | string): Promise<ImportedFinding[]> {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  const findings: ImportedFinding[] = [];
  for await (const finding of readImport(format, chunksOf(bytes))) findings.push(finding);
  return findings;
}

/** The message readAll fails with (the test fails when it does not). */
export async function refusalOf(format: ImportFormat, content: Uint8Array | string): Promise<string> {
  try {
    await readAll(format, content);
  } catch (error) {
    if (error instanceof Error && error.name === "AppError") return error.message;
    throw error;
  }
  throw new Error("the file was accepted");
}
