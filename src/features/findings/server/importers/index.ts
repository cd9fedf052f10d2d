// Placeholder until the importers branch lands (replaced by it).
import "server-only";
import { createHash } from "node:crypto";
import type { FindingSeverity } from "@/lib/domain/finding";
import type { ImportFormat } from "@/lib/domain/finding-import";
import { AppError } from "@/server/core/errors";
import { parseSarif } from "../sarif";

export type ImportedFinding = {
  toolUid: string | null;
  ruleId: string | null;
  title: string;
  severity: FindingSeverity;
  cwe: number | null;
  cvssVector: string | null;
  assets: string;
  description: string;
  remediation: string;
  references: string;
  evidence: string;
  owaspLlm: string[];
  atlas: string[];
};

export async function* readImport(format: ImportFormat, source: AsyncIterable<Uint8Array>): AsyncGenerator<ImportedFinding> {
  if (format !== "sarif") throw new AppError("bad_request", "Not supported yet");
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(Buffer.from(chunk));
  for (const d of parseSarif(Buffer.concat(chunks).toString("utf8")))
    yield { ...d, toolUid: null, cwe: null, cvssVector: null, remediation: "", references: "", evidence: "", owaspLlm: [], atlas: [] };
}

export function fingerprintOf(format: ImportFormat, f: ImportedFinding): string {
  const key = f.toolUid
    ? `${format}\0${f.toolUid}`
    : [f.ruleId ?? f.title.toLowerCase(), f.cwe ?? "", f.assets.split("\n")[0] ?? ""].join("\0");
  return createHash("sha256").update(key).digest("hex");
}

export function detectFormat(fileName: string, _head: Uint8Array): ImportFormat | null {
  return fileName.endsWith(".sarif") ? "sarif" : null;
}
