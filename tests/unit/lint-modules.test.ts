// The modules' rules are enforced by `npm run lint` (eslint.config.mjs, docs/ARCHITECTURE.md
// "Rules"): ESLint lints each snippet below as if it were a file at that place in the tree (nothing
// is written to disk) and must report the rule named, or nothing for the allowed imports.
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it, vi } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;
// A lint that reaches files the warm-up did not read parses them first.
vi.setConfig({ testTimeout: 60_000 });

// Loading the configuration and its plugins, and the cycle check's first walk through the server's
// files (cached afterwards), take a while: done once, outside the tests' timeout.
const WARM_UP =
  'import { loadClientPortal } from "@/server/modules/portal";\nimport { signInClientAction } from "@/app/(auth)/actions";\nexport const x = [loadClientPortal, signInClientAction];\n';

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText(WARM_UP, { filePath: path.join(root, "src/app/warm-up.ts") });
}, 300_000);

async function errorsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("module boundaries", () => {
  it("refuses a deep import into another module, and names its index", async () => {
    const errors = await errorsOf(
      "src/server/modules/clients/x.ts",
      'import { threadScope } from "@/server/modules/messages/messages-read";\nexport const x = threadScope;\n',
    );
    expect(errors).toEqual([
      'boundaries/dependencies: Import the messages module through its index ("@/server/modules/messages"), not one of its files: add what you need to its index.ts.',
    ]);
  });

  it("passes the same import through the module's index", async () => {
    const errors = await errorsOf(
      "src/server/modules/clients/x.ts",
      'import { listClientThreads } from "@/server/modules/messages";\nexport const x = listClientThreads;\n',
    );
    expect(errors).toEqual([]);
  });

  it.each([
    [
      "a module's relative deep import",
      "src/server/modules/clients/x.ts",
      'import { recordAudit } from "../audit/audit";\nexport const x = recordAudit;\n',
      /boundaries\/dependencies: Import the audit module through its index/,
    ],
    [
      "a deep type import",
      "src/server/modules/clients/x.ts",
      'import type { NewMessage } from "@/server/modules/messages/message-mail";\nexport type X = NewMessage;\n',
      /boundaries\/dependencies: Import the messages module through its index/,
    ],
    [
      "a deep re-export",
      "src/server/modules/clients/x.ts",
      'export { recordAudit } from "@/server/modules/audit/audit";\n',
      /boundaries\/dependencies: Import the audit module through its index/,
    ],
    [
      "a deep dynamic import",
      "src/instrumentation.ts",
      'export async function register() {\n  const { startServerTasks } = await import("./server/modules/operations/startup");\n  await startServerTasks();\n}\n',
      /boundaries\/dependencies: Import the operations module through its index/,
    ],
    [
      "a route handler's deep import",
      "src/app/api/x/route.ts",
      'import { getThreadPage } from "@/server/modules/messages/messages-read";\nexport const GET = getThreadPage;\n',
      /boundaries\/dependencies: Import the messages module/,
    ],
    [
      "a deep import into a module's subfolder",
      "src/app/api/x/route.ts",
      'import { getSession } from "@/server/modules/account/sessions/session";\nexport const GET = getSession;\n',
      /boundaries\/dependencies: Import the account module through its index/,
    ],
    [
      "another module's relative import into a subfolder",
      "src/server/modules/clients/x.ts",
      'import { getSession } from "../account/sessions/session";\nexport const x = getSession;\n',
      /boundaries\/dependencies: Import the account module through its index/,
    ],
    [
      "the core importing a module",
      "src/server/core/x.ts",
      'import { recordAudit } from "@/server/modules/audit";\nexport const x = recordAudit;\n',
      /boundaries\/dependencies: The core \(src\/server\/core\) imports no module/,
    ],
    [
      "the core's database importing a module",
      "src/server/core/db/x.ts",
      'import type { AuditRow } from "@/server/modules/audit";\nexport type X = AuditRow;\n',
      /boundaries\/dependencies: The core/,
    ],
    [
      "a module importing a screen",
      "src/server/modules/audit/x.ts",
      'import { signInClientAction } from "@/app/(auth)/actions";\nexport const x = signInClientAction;\n',
      /boundaries\/dependencies: Modules do not import screens/,
    ],
    [
      "a page importing the database",
      "src/app/admin/(area)/x/page.tsx",
      'import { getDb } from "@/server/core/db/client";\nexport default function P() { return String(getDb); }\n',
      /boundaries\/dependencies: Only the modules/,
    ],
    [
      "a page importing the query builder",
      "src/app/admin/(area)/x/page.tsx",
      'import { sql } from "drizzle-orm";\nexport default function P() { return String(sql); }\n',
      /boundaries\/dependencies: Only the modules/,
    ],
    [
      "the proxy importing the schema",
      "src/proxy.ts",
      'import { user } from "@/server/core/db/schema";\nexport const x = user;\n',
      /boundaries\/dependencies: Only the modules/,
    ],
  ])("refuses %s", async (_label, file, code, expected) => {
    expect((await errorsOf(file, code)).join("\n")).toMatch(expected);
  });

  it.each([
    [
      "a module's own files",
      "src/server/modules/clients/x.ts",
      'import { listAdminClients } from "./admin-clients";\nexport const x = listAdminClients;\n',
    ],
    [
      "a module's subfolder importing its sibling, another subfolder and the module's top",
      "src/server/modules/account/passkeys/x.ts",
      'import { passkeyPolicyPlugin } from "./policy";\nimport { getSession } from "../sessions/session";\nimport { getAuth } from "../auth";\nexport const x = [passkeyPolicyPlugin, getSession, getAuth];\n',
    ],
    [
      "a module's top importing its subfolder",
      "src/server/modules/account/x.ts",
      'import { getSession } from "./sessions/session";\nexport const x = getSession;\n',
    ],
    [
      "a module using the core and its database",
      "src/server/modules/clients/x.ts",
      'import { AppError } from "@/server/core/errors";\nimport { clients } from "@/server/core/db/schema";\nexport const x = [AppError, clients];\n',
    ],
    [
      "a page calling modules with getDb",
      "src/app/admin/(area)/x/page.tsx",
      'import { getDb } from "@/server/core/get-db";\nimport { listAdminClients } from "@/server/modules/clients";\nexport default function P() { return String([getDb, listAdminClients]); }\n',
    ],
    [
      "a component's type import from a module",
      "src/components/x.tsx",
      'import type { ThreadPage } from "@/server/modules/messages";\nexport type X = ThreadPage;\n',
    ],
  ])("allows %s", async (_label, file, code) => {
    expect(await errorsOf(file, code)).toEqual([]);
  });
});

describe("import cycles", () => {
  it("refuses a module importing a module that depends on it, even for a type", async () => {
    // The account module records into the audit log: audit may not lean on account.
    const errors = await errorsOf(
      "src/server/modules/audit/x.ts",
      'import type { AccountSecurity } from "@/server/modules/account";\nexport type X = AccountSecurity;\n',
    );
    expect(errors).toEqual([
      'modules/no-module-cycle: Module "audit" imports module "account", which already depends on "audit" (audit → account → audit): modules may not form a cycle. Move what both need into one of them (or into the core).',
    ]);
  });

  it("refuses a longer cycle between modules", async () => {
    // clients → invoices today; invoices → clients would close the circle.
    expect(
      (
        await errorsOf(
          "src/server/modules/invoices/x.ts",
          'import { listAdminClients } from "@/server/modules/clients";\nexport const x = listAdminClients;\n',
        )
      ).join("\n"),
    ).toMatch(/modules\/no-module-cycle: Module "invoices" imports module "clients"/);
  });

  it("refuses a cycle between files", async () => {
    // core/handler.ts imports core/errors.ts; errors.ts importing handler.ts closes the cycle.
    expect(await errorsOf("src/server/core/errors.ts", 'import { parseInput } from "./handler";\nexport const x = parseInput;\n')).toEqual([
      "import-x/no-cycle: Dependency cycle detected",
    ]);
  });
});
