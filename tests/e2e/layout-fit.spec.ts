// Every screen fits (docs/PRODUCT.md#admin-lists): on a 390 px phone and a 1280 px laptop (the
// admin's sidebar open), no page is wider than the window, a table wider than its box says that it
// scrolls, and axe finds no violation. Each screen is visited by the role that reaches it. Then the
// admin lists at 1280 px with data of their own: fifty clients with long names, a long finding title.
import type { Page } from "@playwright/test";
import { pickClient, uniqueSuffix } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { expectScreenReady, LAPTOP, PHONE } from "./phone-ready";
import { ADMIN_PAGES, PORTAL_SECTIONS, PUBLIC_PAGES } from "./screens";

// The screens are independent: both workers share them (serial, the file took 20 minutes).
test.describe.configure({ mode: "parallel" });

/**
 * A table fits its box at 1280 px: every column shown (the spec's, by name, when given) and the
 * scrolling box around it not scrolling (docs/PRODUCT.md#admin-lists).
 */
async function expectTableFits(page: Page, name: string, headers?: string[]) {
  const table = page.getByRole("table", { name });
  if (headers) await expect(table.getByRole("columnheader")).toHaveText(headers);
  for (const header of await table.getByRole("columnheader").all()) await expect(header).toBeVisible();
  const overflow = await table.evaluate((el) => {
    const box = el.parentElement!;
    return { scroll: box.scrollWidth, client: box.clientWidth };
  });
  expect(overflow.scroll, `${name}: ${overflow.scroll} px in ${overflow.client} px`).toBeLessThanOrEqual(overflow.client + 1);
}

/** Waits for the page's main heading, which every screen has, then checks it. */
async function visit(page: Page, path: string, width: number) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectScreenReady(page, `${path} at ${width} px`, width);
}

// One test per screen and width: each gets its own time budget, and a failure names the screen.
for (const [name, screen] of [
  ["phone", PHONE],
  ["laptop", LAPTOP],
] as const) {
  test.describe(`on a ${name}`, () => {
    test.use(screen);
    const width = screen.viewport.width;

    for (const path of PUBLIC_PAGES) {
      test(`public page ${path}`, async ({ page }) => {
        await visit(page, path, width);
      });
    }

    for (const section of PORTAL_SECTIONS) {
      test(`portal section ${section}`, async ({ page }) => {
        await signInViaApi(page, DEMO.client);
        await visit(page, `/client-portal?section=${section}`, width);
      });
    }

    for (const path of ADMIN_PAGES) {
      test(`admin page ${path}`, async ({ page }) => {
        await signInViaApi(page, DEMO.admin);
        await visit(page, path, width);
      });
    }
  });
}

test.describe("on a laptop, with data of its own", () => {
  test.use(LAPTOP);

  test("fifty clients with long names, and a long finding title, fit 1280 px", async ({ page }) => {
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    const company = (n: number) => `Layout ${suffix} International Artificial Intelligence Assurance Holdings Number ${n}`;
    await signInViaApi(page, DEMO.admin);

    // The first client through the dialog, as the admin would; the other 49 through the same
    // server action, its request replayed with other names (the dialog would take minutes).
    await page.goto("/admin/clients");
    await page.getByRole("button", { name: "Create New Client" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Client" });
    await dialog.getByLabel("Company").fill(company(1));
    await dialog.getByLabel("Contact person").fill(`Casey ${suffix}`);
    await dialog.getByLabel("Email").fill(`layout-${suffix}-1@example.org`);
    const sent = page.waitForRequest((request) => request.method() === "POST" && Boolean(request.headers()["next-action"]));
    await dialog.getByRole("button", { name: "Create Client" }).click();
    const request = await sent;
    await expect(page.getByRole("dialog", { name: "Client created" })).toBeVisible();
    const headers = request.headers();
    const body = request.postData()!;
    expect(body).toContain(company(1));
    const statuses = await page.evaluate(
      async ({ url, headers, bodies }) => {
        const results: number[] = [];
        for (const one of bodies) results.push((await fetch(url, { method: "POST", headers, body: one })).status);
        return results;
      },
      {
        url: request.url(),
        headers: Object.fromEntries(
          Object.entries(headers).filter(([key]) => key.startsWith("next-") || key === "content-type" || key === "accept"),
        ),
        bodies: Array.from({ length: 49 }, (_, i) =>
          body.replace(company(1), company(i + 2)).replace(`layout-${suffix}-1@`, `layout-${suffix}-${i + 2}@`),
        ),
      },
    );
    expect(statuses.every((status) => status === 200)).toBe(true);

    await page.goto(`/admin/clients?q=${encodeURIComponent(`Layout ${suffix}`)}`);
    const table = page.getByRole("table", { name: "Clients" });
    await expect(table.getByRole("row")).toHaveCount(26);
    await expect(page.getByText("Showing 1–25 of 50 clients")).toBeVisible();
    await expect(table.getByRole("button", { name: `Actions for ${company(1)}`, exact: true })).toBeVisible();
    await expectScreenReady(page, "fifty long-named clients at 1280 px", 1280);
    await expectTableFits(page, "Clients", ["Company", "Contact", "Email", "Balance", "Invoices", "Status", "Actions"]);

    // A long-named engagement of the long-named client, and a long-named document of it.
    const project = `Layout ${suffix} Continuous Adversarial Evaluation of the Multilingual Customer Support Agent Platform`;
    await page.goto("/admin/projects");
    await page.getByRole("button", { name: "Create Project" }).click();
    const create = page.getByRole("dialog", { name: "Create Project" });
    await create.getByLabel("Project name").fill(project);
    await pickClient(create, "Client", company(1));
    await create.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Project created successfully" })).toBeVisible();
    await page.goto(`/admin/projects?q=${encodeURIComponent(`Layout ${suffix}`)}`);
    await expect(page.getByRole("row", { name: new RegExp(`Layout ${suffix} Continuous`) })).toBeVisible();
    await expectScreenReady(page, "a long-named project of a long-named client at 1280 px", 1280);
    await expectTableFits(page, "Projects", ["Project", "Client", "Status", "Due Date", "Value", "Invoices", "Outstanding", "Actions"]);

    const fileName = `Layout ${suffix} Quarterly Adversarial Robustness and Prompt Injection Resilience Report.pdf`;
    await page.goto("/admin/documents");
    await pickClient(page, "Client", company(1));
    await page.getByLabel("File", { exact: true }).setInputFiles({
      name: fileName,
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
    });
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page.getByText("Document uploaded successfully!")).toBeVisible();
    await expectScreenReady(page, "a long-named document of a long-named client at 1280 px", 1280);
    await expectTableFits(page, "Recent Uploads");
    await expectTableFits(page, "Documents");

    // A draft finding with a long title on Acme's engagement: its page, then the engagement's list.
    const title = `Layout ${suffix}: the retrieval-augmented support assistant follows instructions embedded in customer-uploaded documents`;
    await page.goto("/admin/findings?projectId=00000000-0000-4000-8000-c00000000001");
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectScreenReady(page, "a long finding title at 1280 px", 1280);
    await page.goto("/admin/findings?projectId=00000000-0000-4000-8000-c00000000001");
    const link = page.getByRole("list", { name: "Engagement findings" }).getByRole("link", { name: title });
    await expect(link).toBeVisible();
    await expectScreenReady(page, "the engagement's findings with a long title at 1280 px", 1280);

    // On a phone's width the title wraps by words: its box keeps most of the card's width.
    await page.setViewportSize(PHONE.viewport);
    await expect(link).toBeVisible();
    expect((await link.boundingBox())!.width).toBeGreaterThan(200);
    await expectScreenReady(page, "the engagement's findings with a long title at 390 px", 390);
  });
});

test.describe("on a phone, the admin's navigation", () => {
  test.use(PHONE);

  test("every admin section from the bottom bar: the back office through More", async ({ page }) => {
    await signInViaApi(page, DEMO.admin);
    await page.goto("/admin/dashboard");
    const bar = page.getByRole("navigation", { name: "Admin sections" }).last();
    // Inbox may carry the unread dot, read as "N unread" after its word.
    await expect(bar.getByRole("link")).toHaveText([/^Home(\d+ to counter-sign)?$/, "Clients", "Projects", "Docs", /^Inbox(\d+ unread)?$/]);
    const more = bar.getByRole("button", { name: "More" });
    await more.tap();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Subscriptions",
      "Account",
      "Invoices",
      "Engagements",
      "Findings",
      "Inquiries",
      "Bookings",
      "Retainers",
      "Audit log",
      "Settings",
    ]);
    await expectScreenReady(page, "the admin's More menu, open", 390);
    await menu.getByRole("menuitem", { name: "Invoices" }).tap();
    await expect(page).toHaveURL(/\/admin\/invoices$/);
    await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
    await expect(more).toHaveAccessibleName("More, Invoices open");

    // By keyboard: Enter opens the menu on its first item, arrows move, Enter follows.
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(menu.getByRole("menuitem", { name: "Subscriptions" })).toBeFocused();
    for (let i = 0; i < 9; i++) await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Settings" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(more).toHaveAccessibleName("More, Settings open");
  });
});
