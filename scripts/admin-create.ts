// `npm run admin:create -- --email E --password P [--name N]`: creates an admin, or promotes an
// existing user and sets the password. Works on the embedded database and on DATABASE_URL.
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { createCredentialUser, findUserByEmail, setUserPassword } from "../src/server/auth/users";
import { clients, user } from "../src/server/db/schema";
import { CliError, withCliDatabase } from "./cli-db";

const argsSchema = z.object({
  email: z.email({ error: "--email must be a valid email address" }),
  password: z.string({ error: "--password is required" }).min(8, "--password must be at least 8 characters").max(128),
  name: z.string().min(1).max(200).default("Administrator"),
});

const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } } });
const parsed = argsSchema.safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join("\n"));
  console.error("Usage: npm run admin:create -- --email admin@company.com --password 'a long password'");
  process.exit(1);
}
const { email, password, name } = parsed.data;

await withCliDatabase(async ({ db }) => {
  await db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (!existing) {
      await createCredentialUser(tx, { email, name, role: "admin", password });
      console.info(`Admin ${email} created.`);
      return;
    }
    const [linkedClient] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.userId, existing.id)).limit(1);
    if (linkedClient) throw new CliError(`${email} belongs to a client account; use another address for the admin.`);
    await tx.update(user).set({ role: "admin" }).where(eq(user.id, existing.id));
    await setUserPassword(tx, existing.id, password);
    console.info(`${email} is now an admin; password updated.`);
  });
});
