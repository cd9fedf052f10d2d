// On a 390 px phone, what a screen shows once opened: dialogs, menus, forms and tables open, with the
// same check as every screen's (layout-fit.spec.ts walks the screens themselves at 390 and 1280 px).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { EXTRA_RULES, LAPTOP, PHONE, expectPhoneReady } from "./phone-ready";
import { ADMIN_PAGES, PORTAL_PAGES, PORTAL_SECTIONS, screenShown } from "./screens";

test.use(PHONE);
// Each test runs several whole-page axe analyses, each some seconds of the browser's CPU on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Waits for the page's main heading, which every screen has, then checks it. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectPhoneReady(page, path);
}

test("every portal section from the bottom bar: Findings through More", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await visit(page, "/client-portal");
  const bar = page.getByRole("navigation", { name: "Portal sections (mobile)" });
  await expect(bar.getByRole("link")).toHaveText(["Home", "Projects", "Billing", "Services", "Docs"]);
  const more = bar.getByRole("button", { name: "More" });
  await more.tap();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText(["Rates", "Settings", "Messages", "Findings", "Retainer"]);
  await expectPhoneReady(page, "the More menu, open");
  await menu.getByRole("menuitem", { name: "Findings" }).tap();
  await expect(page).toHaveURL(/section=findings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Findings" })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(more).toHaveAccessibleName("More, Findings open");

  // By keyboard: Enter opens the menu on its first item, arrows move, Enter follows, focus returns.
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem", { name: "Rates" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Settings" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
  await more.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
});

// Settings' sections (docs/PRODUCT.md#portal-settings, docs/PRODUCT.md#admin-settings), a test each:
// the navigation's links above the section on a phone.
const SETTINGS_SCREENS = [
  ...["profile", "company", "team", "security", "sso", "integrations", "api", "access-log", "sharing", "notifications"].map((tab) => ({
    as: DEMO.client,
    path: `/client-portal?section=settings&tab=${tab}`,
  })),
  ...["plans", "firm", "security", "findings", "mail"].map((tab) => ({ as: DEMO.admin, path: `/admin/settings?tab=${tab}` })),
  ...["profile", "security", "notifications"].map((tab) => ({ as: DEMO.admin, path: `/admin/account?tab=${tab}` })),
];
for (const { as, path } of SETTINGS_SCREENS) {
  test(`Settings' section ${path}`, async ({ page }) => {
    await signInViaApi(page, as);
    await visit(page, path);
    await expect(page.getByRole("navigation", { name: /^(Settings|Account) sections$/ }).locator("[aria-current=page]")).toHaveCount(1);
  });
}

test("the portal's booking form", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await visit(page, "/client-portal?section=book-service&tab=custom&service=Other&quote=rates");
  await expect(page.getByLabel("Project Description")).toBeVisible();
  await expectPhoneReady(page, "booking form");
});

test("a client's portal viewed by an admin, under the read-only banner", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/clients?q=Acme%20Robotics");
  await page.getByRole("button", { name: "View portal of Acme Robotics" }).click();
  await expect(page.getByRole("region", { name: "Read-only view" }).getByText("Viewing as Acme Robotics (read only)")).toBeVisible();
  for (const section of ["overview", "settings", "messages"]) await visit(page, `/client-portal?section=${section}`);
  await page.getByRole("region", { name: "Read-only view" }).getByRole("button", { name: "Exit" }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
});

test("the charts with their tables open", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/dashboard");
  for (const summary of await page.getByText("Show as table").all()) await summary.click();
  await expect(page.getByRole("table", { name: "Invoiced vs Collected, per month" })).toBeVisible();
  await expectPhoneReady(page, "dashboard charts as tables");

  await signInViaApi(page, DEMO.client);
  await page.goto("/client-portal?section=billing");
  await page.getByText("Show as table").click();
  await expect(page.getByRole("table", { name: "Paid vs Outstanding, per month" })).toBeVisible();
  await expectPhoneReady(page, "billing chart as a table");
});

test("the admin dialogs, open: a new client, projects", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);

  await page.goto("/admin/dashboard");
  await page.getByRole("button", { name: "Create New Client" }).first().click();
  await expect(page.getByRole("dialog", { name: "Create New Client" })).toBeVisible();
  await expectPhoneReady(page, "Create New Client dialog", "[role=dialog]");

  await page.goto("/admin/projects");
  await page.getByRole("button", { name: "Create Project" }).click();
  const createProject = page.getByRole("dialog", { name: "Create Project" });
  await expect(createProject).toBeVisible();
  await expectPhoneReady(page, "Create Project dialog", "[role=dialog]");
  // The client picker open in a dialog: Escape closes its list first, then the dialog.
  const picker = createProject.getByRole("combobox", { name: "Client" });
  await picker.click();
  await picker.pressSequentially("a");
  await expect(createProject.getByRole("listbox", { name: "Clients" })).toBeVisible();
  await expectPhoneReady(page, "client picker open in the Create Project dialog", "[role=dialog]");
  await page.keyboard.press("Escape");
  await expect(createProject.getByRole("listbox", { name: "Clients" })).toHaveCount(0);
  await expect(createProject).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(createProject).toHaveCount(0);

  const firstRow = page.getByRole("table", { name: "Projects" }).getByRole("row").nth(1);
  // Its secondary actions are one menu, on the phone's card too.
  await firstRow.getByRole("button", { name: /^Actions for / }).click();
  await firstRow.getByRole("menuitem", { name: "Link invoices" }).click();
  const manage = page.getByRole("dialog", { name: "Manage Invoices" });
  await expect(manage.getByText(/^Linked invoices/)).toBeVisible();
  await expectPhoneReady(page, "Manage Invoices dialog", "[role=dialog]");
  await page.keyboard.press("Escape");

  await firstRow.getByRole("button", { name: /^Actions for / }).click();
  await firstRow.getByRole("menuitem", { name: "View invoices" }).click();
  await expect(page.getByRole("dialog", { name: "Project Invoices" })).toBeVisible();
  await expectPhoneReady(page, "Project Invoices dialog", "[role=dialog]");
  await page.keyboard.press("Escape");
});

// Each group of admin dialogs in a test of its own: every check runs axe, and one test holding them
// all outlasted its time on a busy machine.
test("the admin dialogs, open: a client's Square customers, row menu and rates", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);

  await page.goto("/admin/clients");
  const clientRow = page.getByRole("table", { name: "Clients" }).getByRole("row").nth(1);
  await clientRow.getByRole("button", { name: /^Square customers of / }).click();
  await expect(page.getByRole("dialog", { name: /^Square customers of / })).toBeVisible();
  await expectPhoneReady(page, "Square customers dialog", "[role=dialog]");
  await page.keyboard.press("Escape");
  await clientRow.getByRole("button", { name: /^Actions for / }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectPhoneReady(page, "a client row's menu, open");
  await page.getByRole("menu").getByRole("menuitem", { name: "Manage rates" }).click();
  await expect(page.getByRole("heading", { name: "Manage Client Rates" })).toBeVisible();
  await expectPhoneReady(page, "a client's rates form");
});

test("the admin dialogs, open: inquiries, bookings", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);

  await page.goto("/admin/inquiries");
  await page
    .getByRole("button", { name: /^Open the inquiry from / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: /^Inquiry from / })).toBeVisible();
  await expectPhoneReady(page, "an inquiry, open", "[role=dialog]");
  await page.keyboard.press("Escape");

  await page.goto("/admin/bookings");
  await page
    .getByRole("button", { name: /^Decline / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Decline booking" })).toBeVisible();
  await expectPhoneReady(page, "Decline booking dialog", "[role=dialog]");
  await page.keyboard.press("Escape");
});

test("the admin dialogs, open: a plan, the upload form", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);

  // Settings: the plan form open.
  await page.goto("/admin/settings");
  await page.getByRole("button", { name: "New plan" }).click();
  await expect(page.getByRole("dialog", { name: "New support plan" })).toBeVisible();
  await expectPhoneReady(page, "New support plan dialog", "[role=dialog]");
  await page.keyboard.press("Escape");

  // The upload form's validation message shown, as after a first empty attempt.
  await page.goto("/admin/documents");
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByText("Please select a client and file")).toBeVisible();
  await expectPhoneReady(page, "upload form with its message");
});

test("the admin dialogs, open: the client picker", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);

  // The client picker open on a page, and with nothing matching.
  await page.goto("/admin/documents");
  const uploadPicker = page.getByRole("combobox", { name: "Client", exact: true });
  await uploadPicker.click();
  await expect(page.getByRole("listbox", { name: "Clients" })).toBeVisible();
  await expectPhoneReady(page, "client picker open");
  await uploadPicker.pressSequentially("zzzq");
  await expect(page.getByText('No client matches "zzzq"', { exact: true })).toBeVisible();
  await expectPhoneReady(page, "client picker with no match");
});

test("the admin documents dialogs, open", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);

  // A document's downloads and its delete confirmation, each open (the list's first document).
  await page.goto("/admin/documents");
  const firstDocument = page.getByRole("region", { name: "Documents" }).getByRole("row").nth(1);
  await firstDocument.getByRole("button", { name: /^Downloads of / }).click();
  await expect(page.getByRole("dialog", { name: /^Downloads of / })).toBeVisible();
  await expectPhoneReady(page, "document downloads dialog", "[role=dialog]");
  await page.keyboard.press("Escape");
  await firstDocument.getByRole("button", { name: /^Delete / }).click();
  await expect(page.getByRole("dialog", { name: /^Delete / })).toBeVisible();
  await expectPhoneReady(page, "document delete dialog", "[role=dialog]");
  await page.keyboard.press("Escape");
});

// A control's accessible name contains what it shows (axe's label-content-name-mismatch, off by
// default): every signed-in screen at both widths, this one rule only (layout-fit.spec.ts runs the rest).
for (const [name, screen] of [
  ["phone", PHONE],
  ["laptop", LAPTOP],
] as const) {
  test.describe(`names that contain the visible text, on a ${name}`, () => {
    test.use(screen);
    const screens = [
      ...PORTAL_SECTIONS.map((section) => ({ as: DEMO.client, path: `/client-portal?section=${section}` })),
      ...PORTAL_PAGES.map((path) => ({ as: DEMO.client, path })),
      ...ADMIN_PAGES.map((path) => ({ as: DEMO.admin, path })),
    ];
    // A test per screen: axe on a signed-in screen takes seconds, and all of one role's screens in
    // one test outlasted any fixed time on a busy machine.
    for (const { as, path } of screens) {
      test(`${path}, as ${as === DEMO.admin ? "the admin" : "the client"}`, async ({ page }) => {
        await signInViaApi(page, as);
        await page.goto(path);
        await expect(screenShown(page, path)).toBeVisible();
        const { violations } = await new AxeBuilder({ page })
          .withRules(Object.keys(EXTRA_RULES))
          .options({ resultTypes: ["violations"], rules: EXTRA_RULES })
          .analyze();
        expect(violations.flatMap((v) => v.nodes.map((node) => `${node.target.join(" ")} ${node.html.slice(0, 160)}`))).toEqual([]);
      });
    }
  });
}
