// A few lines per failed test (its title, where and the error's first lines), written to a file that
// `npm test` prints after its stage times: a CI log is often read from its end only, where the list
// reporter has put the names of the failures but not why they failed.
import fs from "node:fs";
import path from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** Where the digest goes (read by scripts/test-all.mjs). */
export const DIGEST_FILE = path.resolve(import.meta.dirname, "../../test-results/failure-digest.txt");

// Colour codes would reach the file as text.
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

export default class FailureDigest implements Reporter {
  private readonly lines: string[] = [];

  onBegin() {
    fs.rmSync(DIGEST_FILE, { force: true });
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "passed" || result.status === "skipped" || result.status === test.expectedStatus) return;
    const error = result.errors[0];
    const where = error?.location ? `${path.relative(process.cwd(), error.location.file)}:${error.location.line}` : test.location.file;
    const message = plain(error?.message ?? result.status)
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, 5)
      .map((line) => `    ${line.slice(0, 220)}`);
    this.lines.push(`  ${test.titlePath().slice(2).join(" › ").slice(0, 160)} (${result.status}, ${where})`, ...message);
  }

  onEnd(_result: FullResult) {
    if (this.lines.length === 0) return;
    fs.mkdirSync(path.dirname(DIGEST_FILE), { recursive: true });
    fs.writeFileSync(DIGEST_FILE, `${this.lines.join("\n")}\n`);
  }
}
