// `npm run admin:reset-2fa -- --email E`: for a user (usually an admin) locked out of two-factor
// sign-in: removes the secret and backup codes, signs every session out, audits and mails it.
// Works on the embedded database (stop the server first) and on DATABASE_URL.
import { parseArgs } from "node:util";
import { z } from "zod";
import { resetUserTwoFactor } from "../src/features/identity/server/second-factor/two-factor-reset";
import { findUserByEmail } from "../src/features/identity/server";
import { CliError, withCliDatabase } from "./cli-db";

const USAGE = "Usage: npm run admin:reset-2fa -- --email admin@company.com";
const { values } = parseArgs({ options: { email: { type: "string" } } });
const parsed = z.object({ email: z.email({ error: "--email must be a valid email address" }) }).safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join("\n"));
  console.error(USAGE);
  process.exit(1);
}

await withCliDatabase(async ({ db }) => {
  const target = await findUserByEmail(db, parsed.data.email);
  if (!target) throw new CliError(`No user with the e-mail ${parsed.data.email}.`);
  await resetUserTwoFactor(db, { userId: target.id, actorUserId: null });
  console.info(`Two-factor sign-in of ${target.email} is reset: they sign in with their password and set it up again.`);
});
