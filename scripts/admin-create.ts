// `npm run admin:create -- --email E (--password P | --password-stdin) [--name N]`: creates an admin,
// or promotes an existing user and sets the password. Works on the embedded database and on
// DATABASE_URL. --password-stdin keeps the password out of shell history and the process list.
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { createCredentialUser, findUserByEmail, setUserPassword } from "../src/features/identity/server/users";
import { clientPeople } from "../src/features/clients/server/schema";
import { user } from "../src/features/identity/server/schema";
import { CliError, withCliDatabase } from "./cli-db";

const argsSchema = z.object({
  email: z.email({ error: "--email must be a valid email address" }),
  password: z
    .string({ error: "--password-stdin (or --password) is required" })
    .min(8, "The password must be at least 8 characters")
    .max(128),
  name: z.string().min(1).max(200).default("Administrator"),
});

const USAGE = "Usage: npm run admin:create -- --email admin@company.com --password-stdin  (then type the password, or pipe it in)";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, "password-stdin": { type: "boolean" }, name: { type: "string" } },
});
if (values["password-stdin"] && values.password !== undefined) {
  console.error("Use either --password or --password-stdin, not both.");
  process.exit(1);
}

/** The first line of stdin, without its line ending (a piped file or a typed line alike). */
async function readPasswordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Password: ");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if ((chunk as Buffer).includes(10)) break;
  }
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

const password = values["password-stdin"] ? await readPasswordFromStdin() : values.password;
const parsed = argsSchema.safeParse({ ...values, password });
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join("\n"));
  console.error(USAGE);
  process.exit(1);
}
const { email, name } = parsed.data;

await withCliDatabase(async ({ db }) => {
  await db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (!existing) {
      await createCredentialUser(tx, { email, name, role: "admin", password: parsed.data.password });
      console.info(`Admin ${email} created.`);
      return;
    }
    const [linkedClient] = await tx
      .select({ id: clientPeople.clientId })
      .from(clientPeople)
      .where(eq(clientPeople.userId, existing.id))
      .limit(1);
    if (linkedClient) throw new CliError(`${email} belongs to a client account; use another address for the admin.`);
    await tx.update(user).set({ role: "admin" }).where(eq(user.id, existing.id));
    await setUserPassword(tx, existing.id, parsed.data.password);
    console.info(`${email} is now an admin; password updated.`);
  });
});
