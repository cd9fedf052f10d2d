// `npm run db:migrate`: applies the committed migrations to the configured database.
import { withCliDatabase } from "./cli-db";

await withCliDatabase(async (handle) => {
  console.info(`Migrations applied (${handle.kind}).`);
});
