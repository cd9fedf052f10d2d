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
  'import { loadClientPortal } from "@/features/portal/server";\nimport { signInClientAction } from "@/features/account/actions/sign-in";\nexport const x = [loadClientPortal, signInClientAction];\n';

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
      "src/features/clients/server/x.ts",
      'import { threadScope } from "@/features/messages/server/messages-read";\nexport const x = threadScope;\n',
    );
    expect(errors).toEqual([
      'boundaries/dependencies: Import the messages module through its index ("@/features/messages/server"), not one of its files: add what you need to its index.ts.',
    ]);
  });

  it("passes the same import through the module's index", async () => {
    const errors = await errorsOf(
      "src/features/clients/server/x.ts",
      'import { listClientThreads } from "@/features/messages/server";\nexport const x = listClientThreads;\n',
    );
    expect(errors).toEqual([]);
  });

  it.each([
    [
      "a module's relative deep import",
      "src/features/clients/server/x.ts",
      'import { recordAudit } from "../../audit/server/audit";\nexport const x = recordAudit;\n',
      /boundaries\/dependencies: Import the audit module through its index/,
    ],
    [
      "a deep type import",
      "src/features/clients/server/x.ts",
      'import type { NewMessage } from "@/features/messages/server/message-mail";\nexport type X = NewMessage;\n',
      /boundaries\/dependencies: Import the messages module through its index/,
    ],
    [
      "a deep re-export",
      "src/features/clients/server/x.ts",
      'export { recordAudit } from "@/features/audit/server/audit";\n',
      /boundaries\/dependencies: Import the audit module through its index/,
    ],
    [
      "a deep dynamic import",
      "src/instrumentation.ts",
      'export async function register() {\n  const { startServerTasks } = await import("./features/operations/server/startup");\n  await startServerTasks();\n}\n',
      /boundaries\/dependencies: Import the operations module through its index/,
    ],
    [
      "a route handler's deep import",
      "src/app/api/x/route.ts",
      'import { getThreadPage } from "@/features/messages/server/messages-read";\nexport const GET = getThreadPage;\n',
      /boundaries\/dependencies: Import the messages module/,
    ],
    [
      "a deep import into a module's subfolder",
      "src/app/api/x/route.ts",
      'import { getSession } from "@/features/account/server/sessions/session";\nexport const GET = getSession;\n',
      /boundaries\/dependencies: Import the account module through its index/,
    ],
    [
      "another module's relative import into a subfolder",
      "src/features/clients/server/x.ts",
      'import { getSession } from "../../account/server/sessions/session";\nexport const x = getSession;\n',
      /boundaries\/dependencies: Import the account module through its index/,
    ],
    [
      "the core importing a module",
      "src/server/core/x.ts",
      'import { recordAudit } from "@/features/audit/server";\nexport const x = recordAudit;\n',
      /boundaries\/dependencies: The core \(src\/server\/core\) imports no feature/,
    ],
    [
      "the core's database importing a module",
      "src/server/core/db/x.ts",
      'import type { AuditRow } from "@/features/audit/server";\nexport type X = AuditRow;\n',
      /boundaries\/dependencies: The core/,
    ],
    [
      "a module importing a screen",
      "src/features/audit/server/x.ts",
      'import { signInClientAction } from "@/features/account/actions/sign-in";\nexport const x = signInClientAction;\n',
      /boundaries\/dependencies: Modules do not import screens/,
    ],
    [
      "a component importing from src/app",
      "src/components/admin/x.tsx",
      'import ProjectsPage from "@/app/admin/(area)/projects/page";\nexport const x = ProjectsPage;\n',
      /boundaries\/dependencies: Nothing but src\/app imports from src\/app/,
    ],
    [
      "a feature's component importing from src/app by a relative path",
      "src/features/projects/components/admin/x.tsx",
      'import ProjectsPage from "../../../../app/admin/(area)/projects/page";\nexport const x = ProjectsPage;\n',
      /boundaries\/dependencies: Nothing but src\/app imports from src\/app/,
    ],
    [
      "a feature's action importing the database",
      "src/features/projects/actions/x.ts",
      'import { projects } from "@/server/core/db/schema";\nexport const x = projects;\n',
      /boundaries\/dependencies: Only the modules/,
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
      "src/features/clients/server/x.ts",
      'import { listAdminClients } from "./admin-clients";\nexport const x = listAdminClients;\n',
    ],
    [
      "a module's subfolder importing its sibling, another subfolder and the module's top",
      "src/features/account/server/passkeys/x.ts",
      'import { passkeyPolicyPlugin } from "./policy";\nimport { getSession } from "../sessions/session";\nimport { getAuth } from "../auth";\nexport const x = [passkeyPolicyPlugin, getSession, getAuth];\n',
    ],
    [
      "a module's top importing its subfolder",
      "src/features/account/server/x.ts",
      'import { getSession } from "./sessions/session";\nexport const x = getSession;\n',
    ],
    [
      "a module using the core and its database",
      "src/features/clients/server/x.ts",
      'import { AppError } from "@/server/core/errors";\nimport { clients } from "@/server/core/db/schema";\nexport const x = [AppError, clients];\n',
    ],
    [
      "a page calling modules with getDb",
      "src/app/admin/(area)/x/page.tsx",
      'import { getDb } from "@/server/core/get-db";\nimport { listAdminClients } from "@/features/clients/server";\nexport default function P() { return String([getDb, listAdminClients]); }\n',
    ],
    [
      "a screen using a feature's door: its module, actions, validation and components",
      "src/app/admin/(area)/x/page.tsx",
      'import { listAdminClients } from "@/features/clients/server";\nimport { createClientAction } from "@/features/clients/actions/admin";\nimport { createClientSchema } from "@/lib/validation/admin";\nimport { findingInputSchema } from "@/features/findings/validation";\nimport { CreateClientButton } from "@/features/clients/components/admin/create-client-button";\nexport default function P() { return String([listAdminClients, createClientAction, createClientSchema, findingInputSchema, CreateClientButton]); }\n',
    ],
    [
      "a feature's component using another feature's actions and components",
      "src/features/portal/components/x.tsx",
      'import { saveNotificationPreferencesAction } from "@/features/portal/actions/portal";\nimport { SectionHeading } from "./section-heading";\nimport { ProjectsSection } from "@/features/projects/components/portal/projects-section";\nexport const x = [saveNotificationPreferencesAction, SectionHeading, ProjectsSection];\n',
    ],
    [
      "a component's type import from a module",
      "src/components/x.tsx",
      'import type { ThreadPage } from "@/features/messages/server";\nexport type X = ThreadPage;\n',
    ],
  ])("allows %s", async (_label, file, code) => {
    expect(await errorsOf(file, code)).toEqual([]);
  });
});

describe("import cycles", () => {
  it("refuses a module importing a module that depends on it, even for a type", async () => {
    // The account module records into the audit log: audit may not lean on account.
    const errors = await errorsOf(
      "src/features/audit/server/x.ts",
      'import type { AccountSecurity } from "@/features/account/server";\nexport type X = AccountSecurity;\n',
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
          "src/features/invoices/server/x.ts",
          'import { listAdminClients } from "@/features/clients/server";\nexport const x = listAdminClients;\n',
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
