// `npm run db:seed`: seeds the demo data set into an empty database (does nothing otherwise). On a
// production deployment it refuses unless SEED_DEMO=true: the demo accounts' passwords are public.
import { seedDemoData } from "../src/features/demo/server";
import { serverEnv } from "../src/server/core/env";
import { getStorage } from "../src/server/core/storage/storage";
import { CliError, withCliDatabase } from "./cli-db";

await withCliDatabase(async (handle) => {
  const env = serverEnv();
  if (env.isProduction && !env.seedDemo) {
    throw new CliError(
      "This is a production deployment (APP_ENV=production or DATABASE_URL): the demo accounts have published passwords. Set SEED_DEMO=true to seed them anyway.",
    );
  }
  const { seeded } = await seedDemoData(handle.db, getStorage());
  console.info(seeded ? "Demo data seeded." : "The database already has users: nothing seeded.");
});
