// Admin layout, dashboard and clients: create a client, then sign in as that client through the
// invitation link.
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { acceptInvitation, createClientViaUi, uniqueSuffix } from "./admin-helpers";

test("admin pages need an admin session", async ({ page }) => {
  await page.goto("/admin/clients");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInViaApi(page, DEMO.client);
  await page.goto("/admin/projects");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("layout and dashboard: figures, bookings with details, inquiries", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/dashboard");
  await expect(page.getByText("ADMIN", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  const sidebar = page.getByRole("complementary", { name: "Admin navigation" });
  // Invoices and Settings were "Soon" placeholders; they are screens now, and nothing is "Soon".
  for (const name of ["Dashboard", "Clients", "Projects", "Invoices", "Subscriptions", "Documents", "Settings"]) {
    await expect(sidebar.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(sidebar.getByText("Soon")).toHaveCount(0);
  await expect(sidebar.getByText("Integration")).toBeVisible();
  await sidebar.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(sidebar.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
  await sidebar.getByRole("button", { name: "Expand sidebar" }).click();

  for (const label of ["Total Clients", "Active Projects", "Outstanding Revenue"]) await expect(page.getByText(label)).toBeVisible();
  // The figure under its label (the charts' axes show thousands too).
  await expect(page.getByText("Outstanding Revenue", { exact: true }).locator("xpath=following-sibling::p")).toHaveText(/^\$\d[\d,]*K$/);
  await expect(page.getByRole("heading", { name: "Square Payments" })).toBeVisible();

  const bookings = page.getByRole("region", { name: "Pending Service Bookings" });
  if (await bookings.getByText("No pending bookings").isHidden()) {
    // The way to the whole list shows for any number of pending bookings, even one.
    await expect(bookings.getByRole("link", { name: /^View All \d+ Bookings$/ })).toHaveAttribute(
      "href",
      "/admin/bookings?status=pending&sort=urgency",
    );
    await bookings
      .getByRole("button", { name: /^View details of/ })
      .first()
      .click();
    const details = page.getByRole("dialog", { name: "Booking request" });
    await expect(details.getByText("Project description")).toBeVisible();
    await details.getByRole("button", { name: "Close" }).first().click();
  }

  const inquiries = page.getByRole("region", { name: "Contact Inquiries" });
  await inquiries
    .getByRole("button", { name: /^Read the inquiry from/ })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: /^Inquiry from/ })).toBeVisible();
  await page.keyboard.press("Escape");
});

test("the clients table has the spec's columns at 1280 px, the two-factor switch named in words", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/clients?q=acme");
  const table = page.getByRole("table", { name: "Clients" });
  await expect(table.getByRole("columnheader")).toHaveText(["Company", "Contact", "Email", "Balance", "Invoices", "Status", "Actions"]);
  for (const header of await table.getByRole("columnheader").all()) await expect(header).toBeVisible();
  const row = table.getByRole("row", { name: /Acme Robotics/ });
  await expect(row.getByRole("cell", { name: "Jordan Lee" })).toBeVisible();
  // The switch reads "Require 2FA" on the screen, not only to a screen reader.
  await expect(row.getByRole("switch", { name: "Require 2FA for Acme Robotics" })).toContainText("Require 2FA");
  await expect(row.getByRole("switch", { name: "Require 2FA for Acme Robotics" }).getByText("Require 2FA")).toBeVisible();
  await row.getByRole("button", { name: "Actions for Acme Robotics" }).click();
  await expect(row.getByRole("menuitem", { name: "Manage rates" })).toBeVisible();
  await page.keyboard.press("Escape");
});

test("phone layout: bottom navigation instead of the sidebar", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("complementary", { name: "Admin navigation" })).toBeHidden();
  const bottom = page.getByRole("navigation", { name: "Admin sections" }).last();
  await bottom.getByRole("link", { name: "Projects" }).click();
  await expect(page.getByRole("heading", { name: "Project Management" })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test("create a client, find it in the list, refuse a duplicate, sign in as it through the invitation link", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  const client = await createClientViaUi(page, "Invited Co");

  await page.goto("/admin/clients");
  // Statuses are written in capitals (docs/PRODUCT.md#admin-clients).
  await expect(page.getByRole("row").filter({ hasText: "Acme Robotics" }).getByText("ACTIVE", { exact: true })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search clients" }).fill(client.company.toUpperCase());
  const row = page.getByRole("row", { name: new RegExp(client.company) });
  await expect(row).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(row.getByRole("cell", { name: "$0.00" })).toBeVisible();
  // Nobody has accepted the invitation yet (docs/PRODUCT.md#admin-clients).
  await expect(row.getByRole("cell", { name: /^INVITED Require 2FA/ }).getByText("INVITED", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Actions for ${client.company}` })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search clients" }).fill(`no such client ${uniqueSuffix()}`);
  await expect(page.getByText("No clients found")).toBeVisible();

  // The same email again: a clear error, nothing created.
  await page.getByRole("button", { name: "Create New Client" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Client" });
  await dialog.getByLabel("Company").fill("Duplicate");
  await dialog.getByLabel("Contact person").fill("Dup");
  await dialog.getByLabel("Email").fill(client.email.toUpperCase());
  await dialog.getByRole("button", { name: "Create Client" }).click();
  await expect(dialog.getByRole("alert").first()).toContainText("A user with this email already exists.");
  await page.keyboard.press("Escape");

  // The invited client follows the link in a browser of its own.
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  const invited = await context.newPage();
  const password = `pw-${uniqueSuffix()}-long`;
  await acceptInvitation(invited, client.inviteUrl, password);
  await expect(invited).toHaveURL(/\/client-portal/, { timeout: 10_000 });
  await invited.getByLabel(/^email/i).fill(client.email);
  await invited.getByLabel(/^password/i).fill(password);
  await invited.getByRole("button", { name: "Login" }).click();
  await expect(invited.getByText(client.email).first()).toBeVisible();
  await context.close();
});

test("a client's page shows the company's records and reaches its findings, reports and conversations in one click", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  const acmePage = "/admin/clients/00000000-0000-4000-8000-00000000a001";
  const engagement = "LLM Gateway Security Assessment";
  await page.goto(acmePage);
  await expect(page.getByRole("heading", { level: 1, name: "Acme Robotics" })).toBeVisible();
  const records = page.getByRole("region", { name: "Records of Acme Robotics" });
  for (const title of [/^Projects \(\d+\)$/, /^Open findings \(\d+\)$/, "Reports", "Conversations", "Invoices and balance", "Documents"])
    await expect(records.getByRole("heading", { level: 2, name: title })).toBeVisible();
  for (const title of ["Subscription", "Rates", "Access log"])
    await expect(records.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(records.getByText("LLM Gateway Security Assessment - Final Report", { exact: true })).toBeVisible();

  // Reports: the engagement's report vault, one click away.
  await records.getByRole("button", { name: `Reports of ${engagement}` }).click();
  const vault = page.getByRole("dialog", { name: `Reports of ${engagement}` });
  await expect(vault.getByText("LLM Gateway Security Assessment - Final Report").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(vault).toHaveCount(0);

  // Findings: the engagement's findings list.
  await records.getByRole("link", { name: `Engagement: ${engagement}` }).click();
  await expect(page).toHaveURL(/\/admin\/findings\?projectId=00000000-0000-4000-8000-c00000000001$/);
  await expect(page.getByRole("heading", { level: 1, name: `Findings: ${engagement}` })).toBeVisible();
  await expect(page.getByText("System prompt disclosed through the gateway's debug route").first()).toBeVisible();

  // Conversations: the company's conversations.
  await page.goto(acmePage);
  await page
    .getByRole("region", { name: "Records of Acme Robotics" })
    .getByRole("link", { name: "All conversations of Acme Robotics" })
    .click();
  await expect(page).toHaveURL(/\/admin\/messages\?client=00000000-0000-4000-8000-00000000a001$/);
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
});
