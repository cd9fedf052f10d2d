// `npm run signing:rotate -- --purpose pdf|jws`: retires the firm's generated signing key of that
// purpose and makes a new one (docs/DEPLOYMENT.md#signing-keys). What the old key signed still
// verifies: its public key stays published. A key supplied through the environment is rotated there.
// Works on the embedded database (stop the server first) and on DATABASE_URL.
import { parseArgs } from "node:util";
import { z } from "zod";
import { rotateSigningKey } from "../src/features/signing/server";
import { withCliDatabase } from "./cli-db";

const USAGE = "Usage: npm run signing:rotate -- --purpose pdf   (or --purpose jws)";
const { values } = parseArgs({ options: { purpose: { type: "string" } } });
const parsed = z.object({ purpose: z.enum(["pdf", "jws"], { error: "--purpose must be pdf or jws" }) }).safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join("\n"));
  console.error(USAGE);
  process.exit(1);
}

await withCliDatabase(async ({ db }) => {
  const key = await rotateSigningKey(db, parsed.data.purpose);
  console.info(`The ${parsed.data.purpose} signing key is now ${key.kid}; running instances take it within a minute.`);
});
