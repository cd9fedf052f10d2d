// The layers, and the UI's one busy state, are enforced by `npm run lint`: each deliberate
// violation below is an error at its place in the tree, and the allowed neighbour of each is not.
// The modules' rules (index only, core imports no module, no cycles) are in lint-modules.test.ts.
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
  'import { loadClientPortal } from "@/features/portal/server";\nimport { signInClientAction } from "@/features/identity/actions/sign-in";\nexport const x = [loadClientPortal, signInClientAction];\n';

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText(WARM_UP, { filePath: path.join(root, "src/app/warm-up.ts") });
}, 300_000);

async function errorsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const CLIENT = '"use client";\n';

describe("layering violations fail lint", () => {
  it.each([
    [
      "a component importing the database",
      "src/components/admin/x-card.tsx",
      'import { getDb } from "@/server/core/db/client";\nexport const x = getDb;\n',
      /restricted-imports/,
    ],
    [
      "a component importing a module function",
      "src/components/portal/x.tsx",
      'import { loadClientPortal } from "@/features/portal/server";\nexport const x = loadClientPortal;\n',
      /restricted-imports/,
    ],
    [
      "a feature's component importing a module function",
      "src/features/projects/components/portal/x.tsx",
      'import { listAdminProjects } from "@/features/projects/server";\nexport const x = listAdminProjects;\n',
      /restricted-imports/,
    ],
    [
      "a feature's component importing its own module relatively",
      "src/features/projects/components/portal/x.tsx",
      'import { listAdminProjects } from "../../server";\nexport const x = listAdminProjects;\n',
      /restricted-imports/,
    ],
    [
      "a feature's validation importing the server",
      "src/features/findings/validation/x.ts",
      'import { AppError } from "@/server/core/errors";\nexport const x = AppError;\n',
      /no-restricted-imports/,
    ],
    [
      "a page importing the schema",
      "src/app/admin/(area)/x/page.tsx",
      'import { clients } from "@/features/clients/server/schema";\nexport default function P() { return String(clients); }\n',
      /boundaries\/dependencies/,
    ],
    [
      "a layout importing the database relatively",
      "src/app/admin/layout.tsx",
      'import { getDb } from "../../server/core/db/client";\nexport default function L() { return String(getDb); }\n',
      /boundaries\/dependencies/,
    ],
    [
      "src/lib importing the server",
      "src/lib/x.ts",
      'import { AppError } from "@/server/core/errors";\nexport const x = AppError;\n',
      /no-restricted-imports/,
    ],
    [
      "src/lib importing the server relatively, even a type",
      "src/lib/validation/x.ts",
      'import type { Db } from "../../server/core/db/client";\nexport type X = Db;\n',
      /no-restricted-imports/,
    ],
    [
      "a client file importing server configuration",
      "src/app/x/form.tsx",
      `${CLIENT}import { serverEnv } from "@/server/core/env";\nexport const x = serverEnv;\n`,
      /layers\/client-boundary/,
    ],
    [
      "a client file importing server-only",
      "src/app/x/form.tsx",
      `${CLIENT}import "server-only";\nexport const x = 1;\n`,
      /layers\/client-boundary/,
    ],
    [
      "a client file importing a node built-in",
      "src/app/x/form.tsx",
      `${CLIENT}import { randomUUID } from "node:crypto";\nexport const x = randomUUID;\n`,
      /layers\/client-boundary/,
    ],
    [
      "a client file importing the query builder",
      "src/app/x/form.tsx",
      `${CLIENT}import { eq } from "drizzle-orm";\nexport const x = eq;\n`,
      /layers\/client-boundary/,
    ],
    [
      "a client file reading a server variable",
      "src/app/x/form.tsx",
      `${CLIENT}export const x = process.env.AUTH_SECRET;\n`,
      /process\.env\.AUTH_SECRET/,
    ],
    [
      "a client file reading the whole environment",
      "src/app/x/form.tsx",
      `${CLIENT}const { DATABASE_URL } = process.env;\nexport const x = DATABASE_URL;\n`,
      /layers\/client-boundary/,
    ],
  ])("%s", async (_label, file, code, expected) => {
    const errors = await errorsOf(file, code);
    expect(errors.join("\n")).toMatch(expected);
  });
});

describe("allowed imports pass lint", () => {
  it.each([
    [
      "a component's type import from a module",
      "src/components/portal/x.tsx",
      'import type { ClientPortalData } from "@/features/portal/server";\nexport type X = ClientPortalData;\n',
    ],
    [
      "a client file's type import from the server",
      "src/app/x/form.tsx",
      `${CLIENT}import type { ActionResult } from "@/server/core/handler";\nexport type X = ActionResult<null>;\n`,
    ],
    [
      "a client file's inline type-only import",
      "src/app/x/form.tsx",
      `${CLIENT}import { type ActionResult } from "@/server/core/handler";\nexport type X = ActionResult<null>;\n`,
    ],
    ["a client file reading a public variable", "src/app/x/form.tsx", `${CLIENT}export const x = process.env.NEXT_PUBLIC_APP_URL;\n`],
    [
      "a page calling a module's function",
      "src/app/admin/(area)/x/page.tsx",
      'import { getDb } from "@/server/core/get-db";\nimport { listAdminClients } from "@/features/clients/server";\nexport default function P() { return String([getDb, listAdminClients]); }\n',
    ],
    [
      "an action file importing the server",
      "src/features/projects/actions/x.ts",
      '"use server";\nimport { serverEnv } from "@/server/core/env";\nexport async function a() { return serverEnv().appUrl; }\n',
    ],
  ])("%s", async (_label, file, code) => {
    expect(await errorsOf(file, code)).toEqual([]);
  });
});

describe("the one busy state (useChange) is the only one", () => {
  it.each([
    [
      "a component holding a transition of its own",
      "src/features/portal/components/x.tsx",
      `${CLIENT}import { useTransition } from "react";\nexport const x = useTransition;\n`,
      /no-restricted-imports.*useChange/,
    ],
    [
      "a component starting a transition of its own",
      "src/components/portal/x.tsx",
      `${CLIENT}import { startTransition } from "react";\nexport const x = startTransition;\n`,
      /no-restricted-imports/,
    ],
    [
      "a page's client file with React's form action state",
      "src/app/x/form.tsx",
      `${CLIENT}import { useActionState } from "react";\nexport const x = useActionState;\n`,
      /no-restricted-imports/,
    ],
    [
      "a component reading a form's status",
      "src/components/ui/x.tsx",
      `${CLIENT}import { useFormStatus } from "react-dom";\nexport const x = useFormStatus;\n`,
      /no-restricted-imports/,
    ],
    [
      "a form showing react-hook-form's isSubmitting",
      "src/components/portal/x.tsx",
      `${CLIENT}export const x = (form: { formState: { isSubmitting: boolean } }) => form.formState.isSubmitting;\n`,
      /no-restricted-syntax.*useFormSubmit/,
    ],
  ])("%s", async (_label, file, code, expected) => {
    expect((await errorsOf(file, code)).join("\n")).toMatch(expected);
  });

  it("useChange itself holds the transition", async () => {
    expect(
      await errorsOf(
        "src/components/ui/use-change.ts",
        `${CLIENT}import { useTransition } from "react";\nexport const x = useTransition;\n`,
      ),
    ).toEqual([]);
  });
});

describe("transactions and rate limits live below the entry points", () => {
  it.each([
    [
      "an action opening a transaction",
      "src/features/portal/actions/x.ts",
      '"use server";\nimport { getDb } from "@/server/core/get-db";\nexport async function a() { return getDb().transaction(async () => 1); }\n',
      /no-restricted-syntax.*module function that needs them/,
    ],
    [
      "a route counting a rate limit itself",
      "src/app/api/x/route.ts",
      'import { hitRateLimit } from "@/server/core/rate-limit";\nexport const x = hitRateLimit;\n',
      /no-restricted-imports.*below the entry points/,
    ],
  ])("%s", async (_label, file, code, expected) => {
    expect((await errorsOf(file, code)).join("\n")).toMatch(expected);
  });

  it.each([
    [
      "a module opening its transaction",
      "src/features/rates/server/x.ts",
      'import "server-only";\nimport type { Db } from "@/server/core/db/client";\nexport const x = (db: Db) => db.transaction(async () => 1);\n',
    ],
    [
      "a route calling the function named for its limit",
      "src/app/api/x/route.ts",
      'import { getDb } from "@/server/core/get-db";\nimport { limitContactSender } from "@/features/inquiries/server";\nexport const x = (h: Headers) => limitContactSender(getDb(), h, "a@b.c");\n',
    ],
  ])("%s passes", async (_label, file, code) => {
    expect(await errorsOf(file, code)).toEqual([]);
  });
});
