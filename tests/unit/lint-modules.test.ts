// The modules' rules are enforced by `npm run lint` (eslint.config.mjs, docs/ARCHITECTURE.md
// "Rules"): ESLint lints each snippet below as if it were a file at that place in the tree (nothing
// is written to disk) and must report the rule named, or nothing for the allowed imports.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it, vi } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;
// A lint that reaches files the warm-up did not read parses them first.
vi.setConfig({ testTimeout: 60_000 });

// Loading the configuration and its plugins, and the cycle check's first walk through the server's
// files (cached afterwards), take a while: done once, outside the tests' timeout. Tests have a
// configuration block of their own, so a slice's test file is warmed up too.
const WARM_UP =
  'import { loadPortalSection } from "@/features/portal/server";\nimport { signInClientAction } from "@/features/identity/actions/sign-in";\nexport const x = [loadPortalSection, signInClientAction];\n';

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText(WARM_UP, { filePath: path.join(root, "src/app/warm-up.ts") });
  await eslint.lintText(WARM_UP, { filePath: path.join(root, "src/features/projects/tests/warm-up.test.ts") });
}, 300_000);

async function errorsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

/** The specifiers of `code` (our own: "@/…" or relative) that name no file, as if `code` were at `file`. */
function missingImports(file: string, code: string): string[] {
  const specifiers = [...code.matchAll(/\bfrom\s*"([^"]+)"/g)].map((m) => m[1]!).filter((s) => s.startsWith("@/") || s.startsWith("."));
  return specifiers.filter((specifier) => {
    const base = specifier.startsWith("@/")
      ? path.join(root, "src", specifier.slice(2))
      : path.resolve(path.dirname(path.join(root, file)), specifier);
    return ![".ts", ".tsx", "/index.ts", "/index.tsx"].some((ending) => fs.existsSync(base + ending));
  });
}

describe("module boundaries", () => {
  it("refuses a deep import into another module, and names its index", async () => {
    const errors = await errorsOf(
      "src/features/dashboard/server/x.ts",
      'import { threadScope } from "@/features/messages/server/messages-read";\nexport const x = threadScope;\n',
    );
    expect(errors).toEqual([
      'boundaries/dependencies: Import the messages module through its index ("@/features/messages/server"), not one of its files: add what you need to its index.ts.',
    ]);
  });

  it("passes the same import through the module's index", async () => {
    const errors = await errorsOf(
      "src/features/dashboard/server/x.ts",
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
      'import { getSession } from "@/features/identity/server/sessions/session";\nexport const GET = getSession;\n',
      /boundaries\/dependencies: Import the identity module through its index/,
    ],
    [
      "another module's relative import into a subfolder",
      "src/features/clients/server/x.ts",
      'import { getSession } from "../../identity/server/sessions/session";\nexport const x = getSession;\n',
      /boundaries\/dependencies: Import the identity module through its index/,
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
      'import { signInClientAction } from "@/features/identity/actions/sign-in";\nexport const x = signInClientAction;\n',
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
      "a feature's action importing another slice's server file",
      "src/features/sharing/actions/x.ts",
      'import { findProject } from "@/features/projects/server/project-refs";\nexport const x = findProject;\n',
      /boundaries\/dependencies: Import the projects module through its index/,
    ],
    [
      "a slice's component importing a function of its own module's files",
      "src/features/findings/components/x.tsx",
      'import { listClientFindings } from "../server/findings-read";\nexport const x = listClientFindings;\n',
      /boundaries\/dependencies: Import the findings module through its index/,
    ],
    [
      "a feature's action importing the database",
      "src/features/projects/actions/x.ts",
      'import { projects } from "@/features/projects/server/schema";\nexport const x = projects;\n',
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
      'import { user } from "@/features/identity/server/schema";\nexport const x = user;\n',
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
      "src/features/identity/server/passkeys/x.ts",
      'import { passkeyPolicyPlugin } from "./policy";\nimport { getSession } from "../sessions/session";\nimport { getAuth } from "../auth";\nexport const x = [passkeyPolicyPlugin, getSession, getAuth];\n',
    ],
    [
      "a module's top importing its subfolder",
      "src/features/identity/server/x.ts",
      'import { getSession } from "./sessions/session";\nexport const x = getSession;\n',
    ],
    [
      "a module using the core and its database",
      "src/features/clients/server/x.ts",
      'import { AppError } from "@/server/core/errors";\nimport { clients } from "@/features/clients/server/schema";\nexport const x = [AppError, clients];\n',
    ],
    [
      "a slice's actions reaching their own module's files",
      "src/features/sharing/actions/x.ts",
      'import { createShare } from "@/features/sharing/server/shares";\nimport { listShareActivity } from "../server/room-activity";\nexport const x = [createShare, listShareActivity];\n',
    ],
    [
      "a slice's component importing the types of its own module's files",
      "src/features/findings/components/x.tsx",
      'import type { FindingComment } from "@/features/findings/server/findings-read";\nexport type X = FindingComment;\n',
    ],
    [
      "a page calling modules with getDb",
      "src/app/admin/(area)/x/page.tsx",
      'import { getDb } from "@/server/core/get-db";\nimport { listAdminClients } from "@/features/clients/server";\nexport default function P() { return String([getDb, listAdminClients]); }\n',
    ],
    [
      "a screen using a feature's door: its module, actions, validation and components",
      "src/app/admin/(area)/x/page.tsx",
      'import { listAdminClients } from "@/features/clients/server";\nimport { createClientAction } from "@/features/clients/actions/admin";\nimport { createClientSchema } from "@/features/clients/validation";\nimport { findingInputSchema } from "@/features/findings/validation";\nimport { CreateClientButton } from "@/features/clients/components/admin/create-client-button";\nexport default function P() { return String([listAdminClients, createClientAction, createClientSchema, findingInputSchema, CreateClientButton]); }\n',
    ],
    [
      "a feature's component using a lower slice's actions, validation, component door and its module's types",
      "src/features/portal/components/x.tsx",
      'import { saveNotificationPreferencesAction } from "@/features/notifications/actions/portal";\nimport { ProjectsSection } from "@/features/projects/components/portal/projects-section";\nimport type { ThreadPage } from "@/features/messages/server";\nexport type X = ThreadPage;\nexport const x = [saveNotificationPreferencesAction, ProjectsSection];\n',
    ],
    [
      "a slice's component importing its own component by any path",
      "src/features/clients/components/admin/x.tsx",
      'import { CreateClientDialog } from "./create-client-dialog";\nimport { ClientRecords } from "@/features/clients/components/admin/client-records";\nexport const x = [CreateClientDialog, ClientRecords];\n',
    ],
    [
      "a component's type import from a module",
      "src/components/x.tsx",
      'import type { ThreadPage } from "@/features/messages/server";\nexport type X = ThreadPage;\n',
    ],
  ])("allows %s", async (_label, file, code) => {
    // An import of a path that does not exist would pass whatever the rules say: each must resolve.
    expect(missingImports(file, code)).toEqual([]);
    expect(await errorsOf(file, code)).toEqual([]);
  });
});

describe("a slice's doors", () => {
  it("refuses a component of another slice that its README does not list under Doors", async () => {
    expect(
      await errorsOf(
        "src/app/admin/(area)/x/page.tsx",
        'import { CreateClientDialog } from "@/features/clients/components/admin/create-client-dialog";\nexport default function P() { return String(CreateClientDialog); }\n',
      ),
    ).toEqual([
      'modules/slice-door: "components/admin/create-client-dialog" is not a door of the clients slice: import one of the components its README lists under "Doors" (src/features/clients/README.md), or add this one there if it is meant to be used outside the slice.',
    ]);
  });

  it("refuses the same through a relative path from another slice", async () => {
    expect(
      (
        await errorsOf(
          "src/features/portal/components/x.tsx",
          'import { CreateClientDialog } from "../../clients/components/admin/create-client-dialog";\nexport const x = CreateClientDialog;\n',
        )
      ).join("\n"),
    ).toMatch(/modules\/slice-door: "components\/admin\/create-client-dialog" is not a door of the clients slice/);
  });

  it("passes a door the README lists", async () => {
    const code =
      'import { CreateClientButton } from "@/features/clients/components/admin/create-client-button";\nexport default function P() { return String(CreateClientButton); }\n';
    expect(missingImports("src/app/admin/(area)/x/page.tsx", code)).toEqual([]);
    expect(await errorsOf("src/app/admin/(area)/x/page.tsx", code)).toEqual([]);
  });
});

describe("import cycles", () => {
  it("refuses a module importing a module that depends on it, even for a type", async () => {
    // The identity module records into the audit log: audit may not lean on identity.
    const errors = await errorsOf(
      "src/features/audit/server/x.ts",
      'import type { AccountSecurity } from "@/features/identity/server";\nexport type X = AccountSecurity;\n',
    );
    expect(errors).toEqual([
      'modules/no-module-cycle: Slice "audit" imports slice "identity", which already depends on "audit" (audit → identity → audit): slices may not form a cycle. Move what both need into the lower one, or into src/components, src/lib or the core.',
    ]);
  });

  it("refuses a longer cycle between modules", async () => {
    // portal → projects → invoices today; invoices → portal would close the circle.
    expect(
      (
        await errorsOf(
          "src/features/invoices/server/x.ts",
          'import { loadPortalSection } from "@/features/portal/server";\nexport const x = loadPortalSection;\n',
        )
      ).join("\n"),
    ).toMatch(/modules\/no-module-cycle: Slice "invoices" imports slice "portal"/);
  });

  it.each([
    [
      "a component's type import",
      "src/features/projects/components/portal/x.tsx",
      'import type { PortalProjectView } from "@/features/portal/server";\nexport type X = PortalProjectView;\n',
    ],
    [
      "an action's import",
      "src/features/invoices/actions/x.ts",
      'import { loadPortalSection } from "@/features/portal/server";\nexport const x = loadPortalSection;\n',
    ],
    [
      "a validation's re-export",
      "src/features/messages/validation/x.ts",
      'export type { PortalDataOf } from "@/features/portal/server";\n',
    ],
    [
      "a component's dynamic import by a relative path",
      "src/features/rates/components/portal/x.tsx",
      'export const load = () => import("../../../portal/components/client-portal");\n',
    ],
  ])("refuses a cycle between slices from any part: %s", async (_label, file, code) => {
    // The portal imports the projects, invoices, messages and rates slices: none of their parts may import the portal.
    expect((await errorsOf(file, code)).join("\n")).toMatch(/modules\/no-module-cycle: Slice "[a-z]+" imports slice "portal"/);
  });

  it("passes a slice's tests importing any slice (they run outside the product)", async () => {
    expect(
      await errorsOf(
        "src/features/projects/tests/x.test.ts",
        'import { loadPortalSection } from "@/features/portal/server";\nexport const x = loadPortalSection;\n',
      ),
    ).toEqual([]);
  });

  it("refuses a cycle between files", async () => {
    // core/handler.ts imports core/errors.ts; errors.ts importing handler.ts closes the cycle.
    expect(await errorsOf("src/server/core/errors.ts", 'import { parseInput } from "./handler";\nexport const x = parseInput;\n')).toEqual([
      "import-x/no-cycle: Dependency cycle detected",
    ]);
  });
});
