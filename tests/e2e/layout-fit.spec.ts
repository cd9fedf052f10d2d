// Every screen fits (docs/PRODUCT.md#admin-lists): on a 390 px phone and a 1280 px laptop (the
// admin's sidebar open), no page is wider than the window, a table wider than its box says that it
// scrolls, and axe finds no violation. Each screen is visited by the role that reaches it. Then every
// admin list at 1280 px with data of its own: fifty clients with long names, a long finding title, and
// a long-named company's plan, booking, inquiry, engagement, retainer and finding template.
import type { Page } from "@playwright/test";
import { invitedClientSignedIn, pickClient, uniqueSuffix } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test, uniqueIp } from "./fixtures";
import { projectIdOf } from "./authorization-helpers";
import { fillBookingForm } from "./portal-helpers";
import { expectScreenReady, LAPTOP, PHONE } from "./phone-ready";
import { ADMIN_PAGES, PORTAL_PAGES, PORTAL_SECTIONS, PUBLIC_PAGES, screenShown } from "./screens";

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
  // Nothing cut off inside it: no cell's content reaches past the cell (a long word, a clipped button).
  const spilling = await table.evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>("th, td")]
      .filter((cell) => cell.getClientRects().length > 0 && cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => `${cell.textContent?.slice(0, 60)}: ${cell.scrollWidth} px in ${cell.clientWidth} px`),
  );
  expect(spilling, `${name}: cells whose content is cut off`).toEqual([]);
}

/** Waits for what a person sees once the screen is there (its main heading at least), then checks it. */
async function visit(page: Page, path: string, width: number) {
  await page.goto(path);
  await expect(screenShown(page, path)).toBeVisible();
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

    for (const path of PORTAL_PAGES) {
      test(`portal page ${path}`, async ({ page }) => {
        await signInViaApi(page, DEMO.client);
        await visit(page, path, width);
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

  test("every other admin table, with a long-named company's plan, booking, inquiry, engagement, retainer and template, fits 1280 px", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signInViaApi(page, DEMO.admin);
    const password = "layout-long-names-password";
    const { client, context, me } = await invitedClientSignedIn(
      page,
      browser,
      "Layout Transnational Artificial Intelligence Assurance and Model Governance Holdings",
      password,
    );
    const suffix = uniqueSuffix();
    const long = (what: string) => `Layout ${suffix} ${what}`;

    // A plan with a long name, asked for by the company: Subscriptions.
    const plan = long("Continuous Adversarial Red-Teaming and Governance Assurance Plan");
    await page.goto("/admin/settings");
    await page.getByRole("button", { name: "New plan" }).click();
    const planDialog = page.getByRole("dialog", { name: "New support plan" });
    await planDialog.getByLabel("Plan name").fill(plan);
    await planDialog.getByLabel("Monthly price ($)").fill("12,345.67");
    await planDialog.getByLabel("Features").fill("Quarterly red-team drill");
    await planDialog.getByRole("button", { name: "Create plan" }).click();
    await expect(page.getByText(`Plan ${plan} created`)).toBeVisible();
    await me.goto("/client-portal?section=book-service");
    await me.locator(`[data-tier="${plan}"]`).getByRole("button", { name: "Subscribe Now" }).click();
    await me
      .getByRole("dialog", { name: `Subscribe to the ${plan} plan?` })
      .getByRole("button", { name: "Subscribe", exact: true })
      .click();
    await expect(me.getByText(`Requested: ${plan}`)).toBeVisible();

    // A booking with a long description: Bookings, newest first.
    await me.goto("/client-portal?section=book-service&tab=custom");
    await fillBookingForm(me, {
      description: long("Evaluate the multilingual retrieval-augmented customer support assistant and its tool integrations"),
      scope: "Seventeen agents across four regions and their shared vector stores",
    });
    await me.getByRole("button", { name: "Submit Booking Request" }).click();
    await expect(me.getByText(/^Booking Request Received!/)).toBeVisible();
    await context.close();

    // A visitor's inquiry with long names: Inquiries.
    const inquiry = await page.request.post("/api/contact/send", {
      headers: { origin: test.info().project.use.baseURL!, "x-forwarded-for": uniqueIp() },
      data: {
        name: long("Maximiliana Alexandrovna Featherstonehaugh-Cholmondeley"),
        email: `layout-${suffix}@example.org`,
        company: client.company,
        serviceInterest: "General Inquiry",
        message: "We would like an assessment of our customer-facing assistants before the next release.",
      },
    });
    expect(inquiry.status(), await inquiry.text()).toBe(200);

    // A long-named engagement of the long-named company: Engagements.
    const engagement = long("Continuous Adversarial Evaluation of the Multilingual Customer Support Agent Platform");
    await page.goto("/admin/projects");
    await page.getByRole("button", { name: "Create Project" }).click();
    const create = page.getByRole("dialog", { name: "Create Project" });
    await create.getByLabel("Project name").fill(engagement);
    await pickClient(create, "Client", client.company);
    await create.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Project created successfully" })).toBeVisible();
    // An engagement is a project with findings or reports: a draft finding makes it one.
    await page.goto(`/admin/findings?projectId=${await projectIdOf(page, engagement)}`);
    await page.getByLabel("Title").fill(long("The support agent follows instructions hidden in uploaded invoices"));
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /The support agent follows instructions/ })).toBeVisible();

    // Its retainer: Retainers.
    await page.goto(`/admin/clients?${new URLSearchParams({ q: client.company })}`);
    await page.getByRole("link", { name: client.company }).click();
    const retainer = page.locator("[data-card]").filter({ has: page.getByRole("heading", { name: "Retainer", exact: true }) });
    await retainer.getByLabel("Hours a month", { exact: true }).fill("40");
    await retainer.getByLabel("Hourly rate ($)", { exact: true }).fill("275");
    await retainer.getByLabel("Overage rate ($)", { exact: true }).fill("325");
    await retainer.getByRole("button", { name: "Set Retainer" }).click();
    await expect(retainer.getByText("Retainer saved.")).toBeVisible();
    const clientId = new URL(page.url()).pathname.split("/").pop()!;

    // A finding template with a long title: Finding templates.
    const template = long("Indirect prompt injection through customer-uploaded documents reaches the support agent's tools");
    await page.goto("/admin/findings/templates");
    await page.getByLabel("Title", { exact: true }).fill(template);
    await page.getByRole("button", { name: "Create template" }).click();
    await expect(page.getByRole("heading", { level: 1, name: template })).toBeVisible();

    const lists: [string, string, string, string[]?][] = [
      [`/admin/subscriptions?q=${encodeURIComponent(plan)}`, "Subscriptions", plan],
      ["/admin/bookings", "Service bookings", client.company],
      [`/admin/inquiries?q=${encodeURIComponent(suffix)}`, "Contact inquiries", client.company],
      [`/admin/engagements?q=${encodeURIComponent(suffix)}`, "Engagements", engagement],
      ["/admin/retainers", "Retainers", client.company],
      [`/admin/findings/templates?q=${encodeURIComponent(suffix)}`, "Finding templates", template],
      ["/admin/audit", "Audit log", ""],
      // Invoices come from Square or the demo: the longest the demo has.
      ["/admin/invoices", "Invoices", ""],
    ];
    for (const [path, table, shows] of lists) {
      await page.goto(path);
      if (shows) await expect(page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: shows }).first()).toBeVisible();
      await expectScreenReady(page, `${table} with long names at 1280 px`, 1280);
      await expectTableFits(page, table);
    }

    // The screens that are not tables: the company's rates, and Square's unmatched customers.
    await page.goto(`/admin/client-rates?clientId=${clientId}`);
    await expect(page.getByText(client.company).first()).toBeVisible();
    await expectScreenReady(page, "a long-named company's rates at 1280 px", 1280);
    await page.goto("/admin/unmatched-invoices");
    await expectScreenReady(page, "unmatched invoices at 1280 px", 1280);
  });
});

test.describe("on a phone, the admin's navigation", () => {
  test.use(PHONE);

  test("every admin section from the bottom bar: the back office through More", async ({ page }) => {
    await signInViaApi(page, DEMO.admin);
    await page.goto("/admin/dashboard");
    // With the long names the tests above made (a long-named company's unread inquiry): the
    // dashboard fits the phone; an overflowing page moves the fixed bar away from the finger.
    await expectScreenReady(page, "the dashboard on a phone", 390);
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
      "Analytics",
      "Inquiries",
      "Bookings",
      "Retainers",
      "Audit log",
      "Operations",
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
    // One press at a time, each waited for as a person sees the highlight move: eleven presses sent
    // at once could land while the menu was still settling its focus and leave it short of Settings.
    for (const name of [
      "Account",
      "Invoices",
      "Engagements",
      "Findings",
      "Analytics",
      "Inquiries",
      "Bookings",
      "Retainers",
      "Audit log",
      "Operations",
      "Settings",
    ]) {
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name, exact: true })).toBeFocused();
    }
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(more).toHaveAccessibleName("More, Settings open");
  });
});
