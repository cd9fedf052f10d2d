// The signed-in client portal with the demo client (Acme Robotics): every section, the payment
// schedule, a real download, settings and a booking. Other specs share this database, so the
// checks use Acme's demo records (which no other spec edits) and restore what they change.
import fs from "node:fs";
import path from "node:path";
import { interceptNextAction } from "./auth-helpers";
import { DEMO, expect, signInViaApi, test, waitForHydration } from "./fixtures";
import { fillBookingForm } from "./portal-helpers";
import { holdingFigure } from "./shared-figures";

// Demo ids (src/features/demo/server/demo-data.ts; not importable here: it is server-only).
const ACME_MSA_ID = "00000000-0000-4000-8000-a10000000001"; // Master Services Agreement.pdf
const GLOBEX_SOW_ID = "00000000-0000-4000-8000-b10000000001"; // Statement of Work.pdf (Globex)

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO.client);
});

const heading = (page: import("@playwright/test").Page, name: string) => page.getByRole("heading", { level: 1, name });
const sidebar = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Portal sections", exact: true });

test("header, overview and every section; the URL keeps the section through back, forward and reload", async ({ page }) => {
  await page.goto("/client-portal");
  await expect(heading(page, "Dashboard Overview")).toBeVisible();
  const header = page.getByRole("banner");
  await expect(header.getByText(DEMO.client.email)).toBeVisible();
  await expect(header.getByText(/^Manage your .+ services and account$/)).toBeVisible();
  await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();

  // Overview: balance banner, four stat cards (one approved upcoming booking, no messages), quick actions.
  const banner = page.getByRole("region", { name: "Outstanding Balance" });
  await expect(banner).toBeVisible();
  const balance = await banner.getByText(/^\$[\d,]+\.\d\d$/).textContent();
  const main = page.getByRole("main");
  for (const label of ["Documents", "Active Projects", "Upcoming Meetings", "Messages"])
    await expect(main.getByText(label, { exact: true })).toBeVisible();
  await expect(main.getByText("Upcoming Meetings").locator("xpath=following-sibling::p")).toHaveText("1");
  // Acme's engagements in progress and on hold (its bookings are no projects): the demo's two, and
  // any that other browser tests start for Acme meanwhile.
  await expect(main.getByText("Active Projects").locator("xpath=following-sibling::p")).toHaveText(/^([2-9]|\d{2,})$/);
  await expect(main.getByText("Messages", { exact: true }).locator("xpath=following-sibling::p")).toHaveText("0");
  for (const action of ["Book New Service", "View Documents", "Update Settings"])
    await expect(page.getByRole("link", { name: action })).toBeVisible();

  await banner.getByRole("link", { name: "View Billing" }).click();
  await expect(page).toHaveURL(/\/client-portal\?section=billing$/);
  await expect(heading(page, "Billing & Invoices")).toBeVisible();
  await expect(heading(page, "Billing & Invoices")).toBeFocused();
  // The balance on Overview is the billing total.
  await expect(page.getByText("Total Balance Due").locator("xpath=../following-sibling::p")).toHaveText(balance!);

  const nav = sidebar(page);
  await nav.getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/section=projects$/);
  await expect(heading(page, "My Projects")).toBeVisible();
  const gateway = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "LLM Gateway Security Assessment" }) });
  await expect(gateway.getByText("In Progress", { exact: true })).toBeVisible();
  await expect(gateway.getByText("In progress, targeting completion by Dec 15, 2026.")).toBeVisible();
  for (const field of ["Due Date", "Total Value", "Invoices", "Outstanding"])
    await expect(gateway.getByText(field, { exact: true })).toBeVisible();
  await expect(gateway.getByRole("progressbar")).toHaveAttribute("aria-valuenow", /^\d+$/);

  await nav.getByRole("link", { name: "Rates" }).click();
  await expect(heading(page, "Contracting Rates")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Need a Custom Rate?" })).toBeVisible();

  await nav.getByRole("link", { name: "Settings" }).click();
  await expect(heading(page, "Account Settings")).toBeVisible();
  // Settings opens on its first section; Company holds the Account Information form.
  const settingsNav = page.getByRole("navigation", { name: "Settings sections" });
  await expect(settingsNav.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await settingsNav.getByRole("link", { name: "Company" }).click();
  await expect(page.getByLabel("Contact Person")).toBeVisible();

  await nav.getByRole("link", { name: "Book Service" }).click();
  await expect(heading(page, "Book New Service")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Support Plans" })).toHaveAttribute("aria-selected", "true");

  await nav.getByRole("link", { name: "Documents" }).click();
  await expect(heading(page, "Document Library")).toBeVisible();
  await expect(page.getByText(/^Showing (\d+) of \1 documents$/)).toBeVisible();
  await expect(nav.getByRole("link", { name: "Documents" })).toHaveAttribute("aria-current", "page");

  // History: each section is an entry; reload keeps the section.
  await page.goBack();
  await expect(page).toHaveURL(/section=book-service$/);
  await expect(heading(page, "Book New Service")).toBeVisible();
  await page.goBack();
  await expect(heading(page, "Account Settings")).toBeVisible();
  await page.goForward();
  await expect(heading(page, "Book New Service")).toBeVisible();
  await page.reload();
  await expect(heading(page, "Book New Service")).toBeVisible();

  // The sidebar collapses to icons; its links keep their names.
  await nav.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(nav.getByRole("button", { name: "Expand sidebar" })).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByText("Projects")).toHaveClass(/sr-only/);
  await nav.getByRole("link", { name: "Projects" }).click();
  await expect(heading(page, "My Projects")).toBeVisible();
});

test("the Overview names what needs attention; a project card leads to its findings, reports and timeline", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto("/client-portal");
  await expect(heading(page, "Dashboard Overview")).toBeVisible();
  const critical = "System prompt disclosed through the gateway's debug route";
  await expect(page.getByRole("region", { name: "Open findings" }).getByRole("link", { name: /^Critical [1-9]\d* open$/ })).toBeVisible();
  const attention = page.getByRole("region", { name: "Needs your attention" });
  await attention.getByRole("link", { name: critical }).click();
  await expect(page).toHaveURL(/section=findings&finding=00000000-0000-4000-8000-f10000000002$/);
  await expect(heading(page, critical)).toBeVisible();

  // A stat card is a link to its section.
  await page.goto("/client-portal");
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Active Projects/ })
    .click();
  await expect(heading(page, "My Projects")).toBeVisible();
  const gateway = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "LLM Gateway Security Assessment" }) });
  await expect(gateway.getByRole("link", { name: "Report vault" })).toHaveAttribute("href", "/client-portal?section=documents");
  await gateway.getByRole("link", { name: "Open project: LLM Gateway Security Assessment, its findings, reports and timeline" }).click();
  await expect(page).toHaveURL(/section=projects&project=00000000-0000-4000-8000-c00000000001$/);
  await expect(heading(page, "LLM Gateway Security Assessment")).toBeVisible();
  await expect(page.getByText("LLM Gateway Security Assessment - Final Report", { exact: true })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Timeline" });
  // The signed authorization's steps come first (it was sent before work began), then the first
  // invoice, dated the project's first day, then the creation.
  await expect(timeline.getByRole("listitem").first()).toContainText("Authorization sent to sign");
  await expect(timeline.getByRole("listitem").filter({ hasText: "Invoice INV-1001 issued" })).toHaveCount(1);
  await expect(timeline.getByRole("listitem").filter({ hasText: "Project created" })).toHaveCount(1);
  await expect(timeline.getByRole("listitem").filter({ hasText: "Status changed" })).toContainText("Open → In Progress");
  await expect(timeline.getByRole("link", { name: `Finding published: ${critical}` })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: critical }).first().click();
  await expect(heading(page, critical)).toBeVisible();

  // Another company's project is not found.
  await page.goto("/client-portal?section=projects&project=00000000-0000-4000-8000-d00000000001");
  await expect(heading(page, "Project not found")).toBeVisible();
});

test("billing lists the invoices and expands the payment schedules", async ({ page }) => {
  await page.goto("/client-portal?section=billing");
  await expect(heading(page, "Billing & Invoices")).toBeVisible();
  await expect(page.getByText(/^Total due:/)).toBeVisible();
  // Each invoice number is in the page's text once (other tests look invoices up by it).
  for (const number of ["INV-1001", "INV-1002", "INV-1004", "INV-1006"]) await expect(page.getByText(number)).toBeVisible();

  const row = page.locator('tr[data-invoice="INV-1001"]');
  const pay = row.getByRole("link", { name: /Pay Now/ });
  await expect(pay).toHaveAttribute("href", "https://squareup.com/pay-invoice/demo-inv-1001");
  await expect(pay).toHaveAttribute("target", "_blank");
  await expect(pay).toHaveAccessibleDescription("INV-1001");
  // A paid invoice offers no pay link (docs/PRODUCT.md#portal-billing).
  await expect(page.locator('tr[data-invoice="INV-1002"]').getByRole("link", { name: /Pay|View/ })).toHaveCount(0);
  // A single-payment invoice has no schedule to expand.
  await expect(page.locator('tr[data-invoice="INV-1007"]').getByRole("button", { name: /Payment Schedule/ })).toHaveCount(0);

  const toggle = row.getByRole("button", { name: "Payment Schedule" });
  // Its name says which invoice's schedule it opens.
  await expect(toggle).toHaveAccessibleName("Payment Schedule INV-1001");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const panel = page.getByRole("region", { name: "Payment Schedule for INV-1001" });
  const entries = panel.getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("Deposit (40%)");
  await expect(entries.nth(0)).toContainText("Due Sep 15, 2026");
  await expect(entries.nth(0)).toContainText("$19,200.00");
  await expect(entries.nth(0)).toContainText("Paid");
  await expect(entries.nth(1)).toContainText("Balance");
  await expect(entries.nth(1)).toContainText("$28,800.00");
  await expect(entries.nth(1)).toContainText("Pending");
  await expect(panel.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "40");
  await expect(panel.getByText("$19,200.00 of $48,000.00 paid")).toBeVisible();
  await expect(panel.getByText("Next Payment").locator("..")).toContainText("$28,800.00 due Dec 20, 2026");
  await expect(panel.getByText("Card, Bank, Cash App")).toBeVisible();

  await page
    .locator('tr[data-invoice="INV-1006"]')
    .getByRole("button", { name: /Payment Schedule/ })
    .click();
  const installments = page.getByRole("region", { name: "Payment Schedule for INV-1006" });
  await expect(installments.getByRole("listitem").nth(0)).toContainText("Installment 1");
  await expect(installments.getByRole("listitem").nth(0)).toContainText("Paid");
  await expect(installments.getByRole("listitem").nth(1)).toContainText("Partial ($4,000.00 paid)");
  await expect(installments.getByRole("listitem").nth(2)).toContainText("Installment 3");
  await expect(installments.getByRole("listitem").nth(2)).toContainText("Pending");
  await expect(installments.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "47"); // 14,000 of 30,000

  await toggle.click();
  await expect(panel).toHaveCount(0);
});

test("documents: search, filter and a real download whose bytes match the stored file", async ({ page }) => {
  await page.goto("/client-portal?section=documents");
  await expect(heading(page, "Document Library")).toBeVisible();
  const count = page.getByText(/^Showing \d+ of \d+ documents$/);
  const total = Number((await count.textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThanOrEqual(4);

  await page.getByPlaceholder("Search documents...").fill("threat model");
  await expect(count).toHaveText(`Showing 1 of ${total} documents`);
  await expect(page.getByRole("heading", { name: "LLM Gateway Threat Model.pdf" })).toBeVisible();
  await page.getByPlaceholder("Search documents...").fill("");
  await page.getByLabel("Category").selectOption("deliverable");
  const docx = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Governance Policy Pack.docx" }) });
  await expect(docx.getByText("FILE", { exact: true })).toBeVisible();
  await expect(docx.getByText("Deliverable", { exact: true })).toBeVisible();
  await page.getByPlaceholder("Search documents...").fill("no such document anywhere");
  await expect(page.getByText("No documents found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();
  await page.getByPlaceholder("Search documents...").fill("");
  await page.getByLabel("Category").selectOption("contract");

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Master Services Agreement.pdf" }) });
  await expect(card.getByText("PDF", { exact: true })).toBeVisible();
  await expect(card.getByText("Uploaded Mar 12, 2026")).toBeVisible();
  const sizeText = await card.getByText(/^\d+ B$/).textContent();

  const downloadPromise = page.waitForEvent("download");
  // Every card's button is named by its document, not only "Download".
  await page.getByRole("button", { name: "Download Master Services Agreement.pdf", exact: true }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("Master Services Agreement.pdf");
  const bytes = fs.readFileSync((await download.path())!);

  // The stored file of the server this run started (tests/e2e/run.mjs passes its DATA_DIR).
  const dataDir = process.env.E2E_DATA_DIR ?? "./data-e2e";
  const stored = fs.readFileSync(path.join(dataDir, "uploads", "documents", `demo-${ACME_MSA_ID}.pdf`));
  expect(Buffer.compare(bytes, stored)).toBe(0);
  expect(bytes.subarray(0, 8).toString()).toBe("%PDF-1.4");
  expect(bytes.toString("latin1")).toContain("(Master Services Agreement) Tj");
  expect(`${bytes.length} B`).toBe(sizeText);

  // The API refuses another client's document as if it did not exist.
  const other = await page.request.get(`/api/client/documents/${GLOBEX_SOW_ID}`);
  expect(other.status()).toBe(404);
  const own = await page.request.get(`/api/client/documents/${ACME_MSA_ID}`);
  expect(await own.json()).toMatchObject({
    filename: "Master Services Agreement.pdf",
    downloadUrl: expect.stringContaining(`/api/files/${ACME_MSA_ID}?`),
  });
});

test("settings are saved to the account, survive a reload and leave the sign-in email alone", async ({ page }) => {
  // The view-as test reads Acme's stored settings: they change only while this holds the lock.
  await holdingFigure("acme-account", async () => {
    // Typing before hydration would be overwritten by react-hook-form's defaults.
    const openSettings = async () => {
      await page.goto("/client-portal?section=settings&tab=company");
      await waitForHydration(page.getByRole("form", { name: "Account Information" }));
    };
    await openSettings();
    const phone = page.getByLabel("Phone");
    const address = page.getByLabel("Address");
    const email = page.getByLabel("Email");
    const original = { phone: await phone.inputValue(), address: await address.inputValue(), email: await email.inputValue() };
    const stamp = Date.now().toString(36);
    const save = page.getByRole("button", { name: "Save Changes" });
    const saved = page.getByText("Account settings saved successfully!");

    try {
      // Invalid input is refused with a message under the field.
      await email.fill("not-an-email");
      await save.click();
      await expect(page.getByText("Invalid email address")).toBeVisible();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      // Reset brings back the stored values.
      await page.getByRole("button", { name: "Reset" }).click();
      await expect(email).toHaveValue(original.email);

      // A save that never reaches the server says so and keeps what was typed.
      await phone.fill("+1 (415) 555-0177");
      await interceptNextAction(page, "abort", { bodyIncludes: "555-0177" });
      await save.click();
      await expect(page.getByRole("alert").filter({ hasText: "Something went wrong. Please try again." })).toBeVisible();
      await expect(phone).toHaveValue("+1 (415) 555-0177");
      await expect(saved).toBeHidden();

      await phone.fill("+1 (415) 555-0188");
      await address.fill(`1 Portal Test Way ${stamp}, San Francisco, CA`);
      await email.fill(`accounts-${stamp}@acme.example`);
      await save.click();
      await expect(saved).toBeVisible();
      // The banner goes away after 3 seconds.
      await expect(saved).toBeHidden({ timeout: 6_000 });

      await page.reload();
      await expect(phone).toHaveValue("+1 (415) 555-0188");
      await expect(address).toHaveValue(`1 Portal Test Way ${stamp}, San Francisco, CA`);
      await expect(email).toHaveValue(`accounts-${stamp}@acme.example`);
      // Signing in still uses the original address, shown in the header.
      await expect(page.getByRole("banner").getByText(DEMO.client.email)).toBeVisible();
    } finally {
      await openSettings();
      await phone.fill(original.phone);
      await address.fill(original.address);
      await email.fill(original.email);
      await save.click();
      await expect(saved).toBeVisible();
    }
    await page.reload();
    await expect(phone).toHaveValue(original.phone);
    await expect(email).toHaveValue(original.email);
  });
});

test("the notification settings' help says what the box does as it is ticked", async ({ page }) => {
  await page.goto("/client-portal?section=settings&tab=notifications");
  const form = page.getByRole("form", { name: "Notifications" });
  await waitForHydration(form);
  const box = form.getByRole("checkbox", { name: "Include the message text in message mails" });
  const off = form.getByText("Off: the mail only says there is a new message, and the text stays behind the sign-in.");
  const on = form.getByText("On: a message mail carries the message's text.");
  // Flipped twice and not saved: the stored choice stays as it was.
  const wasOn = await box.isChecked();
  for (const tick of [!wasOn, wasOn]) {
    await box.setChecked(tick);
    await expect(tick ? on : off).toBeVisible();
    await expect(tick ? off : on).toHaveCount(0);
  }
});

test("book service: support plans and a custom project request that is stored", async ({ page }) => {
  await page.goto("/client-portal?section=book-service");
  await expect(page.getByText("Active plan: Professional")).toBeVisible();
  await expect(page.getByText(/Next billing /)).toBeVisible();
  // Square is not connected in this run: no Manage link to Square's subscription dashboard.
  await expect(page.locator('a[href*="/dashboard/subscriptions"]')).toHaveCount(0);
  const current = page.locator('[data-tier="Professional"]');
  await expect(current.getByText("CURRENT", { exact: true })).toBeVisible();
  await expect(current.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(page.locator('[data-tier="Essential"]').getByText("Downgrade to this plan")).toBeVisible();
  const enterprise = page.locator('[data-tier="Enterprise"]');
  await expect(enterprise.getByText("Upgrade your plan")).toBeVisible();
  const details = page.getByRole("heading", { name: "Subscription Details" });
  await expect(details).toBeVisible();
  // A plan Square runs, without Square: the notes promise nothing the portal cannot do.
  for (const note of [
    "Billed monthly, in advance",
    "To cancel this plan, contact your account manager",
    "Secure payment processing",
    "To change to another plan, contact your account manager",
  ])
    await expect(page.getByText(note, { exact: true })).toBeVisible();
  await expect(page.getByText("Cancel anytime: the plan runs to the end of its paid period")).toHaveCount(0);
  // Acme's plan is run by Square, which this run has not connected (tests/e2e/square.spec.ts runs
  // last): switching and cancelling go through Square first, so neither is offered; changing a plan
  // is tests/e2e/support-plans.spec.ts's, with its own client.
  await expect(
    page.getByText("Square is not connected, and this plan is billed by Square: to change or cancel it, contact your account manager."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel plan" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Switch to This Plan" })).toHaveCount(0);
  await expect(enterprise.getByText("To switch to this plan, contact your account manager.")).toBeVisible();

  // Request Custom Quote (Rates) opens the booking form, prefilled.
  await page.goto("/client-portal?section=rates");
  await page.getByRole("link", { name: "Request Custom Quote" }).click();
  await expect(page).toHaveURL(/section=book-service&tab=custom&service=Other&quote=rates/);
  await expect(page.getByRole("tab", { name: "Custom Project" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Service Type")).toHaveValue("Other");
  await expect(page.getByLabel("Project Description")).toHaveValue(/custom rate quote/);
  await expect(page.getByLabel("Urgency")).toHaveValue("medium");

  // Required fields.
  await page.getByLabel("Service Type").selectOption("");
  await page.getByLabel("Project Description").fill("");
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(page.getByText("Please select a service type")).toBeVisible();
  await expect(page.getByText("Preferred start date is required")).toBeVisible();
  await expect(page.getByText("Project description is required")).toBeVisible();

  const description = `Portal e2e booking ${Date.now().toString(36)}: review our agent platform.`;
  await fillBookingForm(page, { description, scope: "Two agents", urgency: "High - ASAP" });
  const confirmation = page.getByText(
    "Booking Request Received! Your account manager will contact you within 24 hours to confirm the details and scheduling.",
  );
  await holdingFigure("pending-bookings", async () => {
    await page.getByRole("button", { name: "Submit Booking Request" }).click();
    await expect(confirmation).toBeVisible();
  });
  const request = page.getByRole("listitem").filter({ hasText: description });
  await expect(request).toContainText("AI Security Assessment");
  await expect(request).toContainText("High - ASAP");
  await expect(request).toContainText("Pending");
  // After 5 seconds the form comes back, empty.
  await expect(confirmation).toBeHidden({ timeout: 8_000 });
  await expect(page.getByLabel("Project Description")).toHaveValue("");
  await expect(page.getByLabel("Service Type")).toHaveValue("");

  // Stored: still there after a reload (read back from the database).
  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: description })).toContainText("Pending");
});

test("book service: a request that cannot be sent says so and keeps what was typed", async ({ page }) => {
  await page.goto("/client-portal?section=book-service&tab=custom");
  const description = `Portal e2e unsent booking ${Date.now().toString(36)}: the network is down.`;
  const start = await fillBookingForm(page, { description, scope: "Two agents", urgency: "High - ASAP" });

  await interceptNextAction(page, "abort", { bodyIncludes: description });
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Something went wrong. Please try again." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Booking Request" })).toBeEnabled();
  await expect(page.getByLabel("Service Type")).toHaveValue("AI Security Assessment");
  await expect(page.getByLabel("Preferred Start Date")).toHaveValue(start);
  await expect(page.getByLabel("Estimated Scope")).toHaveValue("Two agents");
  await expect(page.getByLabel("Project Description")).toHaveValue(description);
  await expect(page.getByLabel("Urgency")).toHaveValue("high");
  await expect(page.getByRole("listitem").filter({ hasText: description })).toHaveCount(0);
});

test("logout ends the session and shows the login again", async ({ page }) => {
  // A session of its own: the one the other portal tests share must outlive this logout.
  await signInViaApi(page, DEMO.client, { ownSession: true });
  await page.goto("/client-portal?section=projects");
  await expect(heading(page, "My Projects")).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(heading(page, "My Projects")).toHaveCount(0);
  await expect(page).toHaveURL(/\/client-portal/);
  expect((await page.request.get(`/api/client/documents/${ACME_MSA_ID}`)).status()).toBe(401);
});

test("every section has its own tab title, and a skip link leads past the navigation", async ({ page }) => {
  await page.goto("/client-portal");
  await expect(heading(page, "Dashboard Overview")).toBeVisible();
  await expect(page).toHaveTitle(/^Dashboard Overview · Client Portal \| /);
  const nav = sidebar(page);
  for (const [link, title] of [
    ["Billing", "Billing & Invoices"],
    ["Findings", "Findings"],
    ["Messages", "Messages"],
    ["Documents", "Document Library"],
  ] as const) {
    await nav.getByRole("link", { name: link }).click();
    await expect(heading(page, title)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${title} · Client Portal \\| `));
  }
  await page.goBack();
  await expect(page).toHaveTitle(/^Messages · Client Portal \| /);

  // The first Tab reaches the skip link; following it puts the keyboard in the section.
  await page.reload();
  await expect(heading(page, "Messages")).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#portal-main")).toBeFocused();
});
