// `npm run storage:claim`: makes the database of this environment the owner of its document store,
// whatever the store's marker says (docs/DEPLOYMENT.md#restore). Only the owner's daily sweep
// removes objects no row refers to; a database restored from a backup is not the owner until this
// is run against it. Works on the embedded database (stop the server first) and on DATABASE_URL.
import { claimStorage } from "../src/features/operations/server/ownership";
import { getStorage } from "../src/server/core/storage/storage";
import { withCliDatabase } from "./cli-db";

await withCliDatabase(async ({ db }) => {
  await claimStorage(db, getStorage());
  console.info(
    "This database now owns the document store: its daily sweep removes objects none of its rows refers to. " +
      "Any other database still using this store will mark it contested at its next renewal, which stops both sweeps.",
  );
});
