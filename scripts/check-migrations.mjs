// Fails when the Drizzle schema and the committed migrations disagree: drizzle-kit generates into a
// copy of drizzle/, and any new migration there is a schema change nobody generated.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "migration-check-"));
try {
  fs.cpSync(path.join(ROOT, "drizzle"), path.join(copy, "drizzle"), { recursive: true });
  const before = new Set(fs.readdirSync(path.join(copy, "drizzle")));
  // drizzle-kit wants a relative output path.
  const out = path.relative(ROOT, path.join(copy, "drizzle"));
  const kit = path.join(ROOT, "node_modules", "drizzle-kit", "bin.cjs");
  const result = spawnSync(
    process.execPath,
    [
      kit,
      "generate",
      "--dialect",
      "postgresql",
      // The same files as drizzle.config.ts, the core's tables and each slice's own, as one glob
      // (drizzle-kit keeps only the last of several --schema options).
      "--schema",
      "./src/{server/core/db/schema/index.ts,features/*/server/schema.ts,features/*/server/schema/*.ts}",
      "--out",
      out,
      "--name",
      "unexpected",
    ],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error("drizzle-kit generate failed");
  }
  const added = fs.readdirSync(path.join(copy, "drizzle")).filter((name) => !before.has(name));
  if (added.length > 0) {
    console.error(`The schema has changes no migration holds (drizzle-kit would write ${added.join(", ")}).`);
    console.error("Run `npx drizzle-kit generate --name <what_changed>` and commit drizzle/.");
    process.exitCode = 1;
  } else {
    console.info("Schema and migrations agree.");
  }
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
