// `npm run db:seed`: seeds the demo data set into an empty database (does nothing otherwise).
import { seedDemoData } from "../src/server/db/seed/seed-demo";
import { getStorage } from "../src/server/storage/storage";
import { withCliDatabase } from "./cli-db";

await withCliDatabase(async (handle) => {
  const { seeded } = await seedDemoData(handle.db, getStorage());
  console.info(seeded ? "Demo data seeded." : "The database already has users: nothing seeded.");
});
