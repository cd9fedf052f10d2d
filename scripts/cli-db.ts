// Shared by the CLI scripts: opens the database of the environment (respecting the embedded
// database's lock) and applies migrations.
import { closeDb, getDbHandle } from "../src/server/core/db/client";
import { DataDirLockedError } from "../src/server/core/db/data-dir-lock";
import { migrateDatabase } from "../src/server/core/db/migrate";

export async function withCliDatabase(fn: (handle: ReturnType<typeof getDbHandle>) => Promise<void>): Promise<void> {
  try {
    const handle = getDbHandle();
    await migrateDatabase(handle);
    await fn(handle);
  } catch (error) {
    if (error instanceof DataDirLockedError || (error instanceof Error && error.name === "CliError")) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  } finally {
    await closeDb().catch(() => {});
  }
}

export class CliError extends Error {
  name = "CliError";
}
