import "server-only";
import { serverEnv } from "../env";
import { getStorage } from "../storage/storage";
import { getDbHandle } from "./client";
import { migrateDatabase } from "./migrate";
import { seedDemoData } from "./seed/seed-demo";

const g = globalThis as { __dbReady?: Promise<void> };

/** Opens the database, applies migrations and, on an empty demo database, seeds. Once per process. */
export function ensureDatabaseReady(): Promise<void> {
  g.__dbReady ??= (async () => {
    const handle = getDbHandle();
    await migrateDatabase(handle);
    const env = serverEnv();
    if (env.seedDemoForced) {
      // Every start, not only the seeding one: demo accounts with published passwords may exist.
      console.warn("[db] WARNING: SEED_DEMO=true on a production deployment: the demo accounts (published passwords) are seeded into an empty database. Unset SEED_DEMO for real use.");
    }
    if (env.seedDemo) {
      const { seeded } = await seedDemoData(handle.db, getStorage());
      if (seeded) console.info("[db] demo data seeded (see README for the demo accounts)");
    }
  })();
  return g.__dbReady;
}
