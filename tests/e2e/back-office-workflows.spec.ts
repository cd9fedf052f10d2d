// The back office acting on what clients and visitors send (docs/PRODUCT.md#admin-inquiries,
// #admin-bookings, #admin-view-as-client): an inquiry becomes a client, a declined booking shows
// its reason in the client's portal, one approved from the dashboard card leaves the card, and
// viewing a portal as its client is read only on the server.
// Every test makes its own records (unique names), so they run in any order.
import type { Browser, Page } from "@playwright/test";
import { acceptInvitation, clientRowAction, createClientViaUi, uniqueSuffix } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test, uniqueIp } from "./fixtures";
import { fillBookingForm } from "./portal-helpers";
import { holdingFigure } from "./shared-figures";

/** A page of its own browser context (another person), hydrated after each navigation like `page`. */
async function otherPerson(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
  const page = await context.newPage();
  const open = async (url: string) => {
    await page.goto(url);
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 15_000 });
  };
  return { context, page, open };
}

async function sendContactForm(page: Page, values: { name: string; email: string; company: string; message: string }) {
  await page.goto("/#contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await expect(form).toHaveAttribute("data-ready", "true");
  await form.getByLabel("Name", { exact: true }).fill(values.name);
  await form.getByLabel("Email", { exact: true }).fill(values.email);
  await form.getByLabel("Company", { exact: true }).fill(values.company);
  await form.getByLabel("Service Interest", { exact: true }).selectOption("AI Security Governance");
  await form.getByLabel("Message", { exact: true }).fill(values.message);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank You!" })).toBeVisible();
}

test("an inquiry from the contact form becomes a client, and the inquiry is linked to it", async ({ browser, page }) => {
  const suffix = uniqueSuffix();
  const inquiry = {
    name: `Dana Inquirer ${suffix}`,
    email: `inquiry-${suffix}@example.org`,
    company: `Northwind ${suffix}`,
    message: `We need an AI governance policy before our agents go live (${suffix}).`,
  };
  // A visitor, signed out, in a browser of their own.
  const visitor = await otherPerson(browser);
  await sendContactForm(visitor.page, inquiry);
  await visitor.context.close();

  await signInViaApi(page, DEMO.admin);
  await page.goto(`/admin/inquiries?q=${encodeURIComponent(suffix)}`);
  const table = page.getByRole("table", { name: "Contact inquiries" });
  const row = table.getByRole("row").filter({ hasText: inquiry.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("New");

  await row.getByRole("button", { name: `Open the inquiry from ${inquiry.name}` }).click();
  const opened = page.getByRole("dialog", { name: `Inquiry from ${inquiry.name}` });
  await expect(opened.getByText(inquiry.message)).toBeVisible();
  await expect(opened.getByRole("link", { name: "Reply" })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${encodeURIComponent(inquiry.email)}\\?subject=`),
  );
  await opened.getByRole("button", { name: "Create client from inquiry" }).click();

  // Create New Client, prefilled from the inquiry.
  const create = page.getByRole("dialog", { name: "Create New Client" });
  await expect(create.getByLabel("Company")).toHaveValue(inquiry.company);
  await expect(create.getByLabel("Contact person")).toHaveValue(inquiry.name);
  await expect(create.getByLabel("Email")).toHaveValue(inquiry.email);
  await create.getByRole("button", { name: "Create Client" }).click();
  const done = page.getByRole("dialog", { name: "Client created" });
  await expect(done.getByText("Mail is not configured: copy this invitation link and send it yourself.")).toBeVisible();
  await expect(done.getByText(inquiry.email)).toBeVisible();
  await done.getByRole("button", { name: "Done" }).click();

  // The inquiry now names its client (read from the database after a reload) and offers no second client.
  await page.reload();
  await expect(row).toContainText(`Client: ${inquiry.company}`);
  await expect(row).toContainText("Read");
  await row.getByRole("button", { name: `Open the inquiry from ${inquiry.name}` }).click();
  const reopened = page.getByRole("dialog", { name: `Inquiry from ${inquiry.name}` });
  await expect(reopened.getByText(`Client created: ${inquiry.company}`)).toBeVisible();
  await expect(reopened.getByRole("button", { name: "Create client from inquiry" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // And the client exists, with the inquiry's contact details.
  await page.goto(`/admin/clients?q=${encodeURIComponent(inquiry.email)}`);
  const clientRow = page.getByRole("table", { name: "Clients" }).getByRole("row").filter({ hasText: inquiry.email });
  await expect(clientRow).toContainText(inquiry.company);
  await expect(clientRow).toContainText(inquiry.name);
});

/**
 * A new client (created by the admin on `page`) that asks, in a browser of its own, for an AI
 * Security Assessment of high urgency: its portal is open on Book Service, the request pending.
 */
async function clientWithBookingRequest(browser: Browser, page: Page, company: string) {
  await signInViaApi(page, DEMO.admin);
  const created = await createClientViaUi(page, company);
  const client = await otherPerson(browser);
  const password = `pw-${uniqueSuffix()}-long`;
  await acceptInvitation(client.page, created.inviteUrl, password);
  await signInViaApi(client.page, { email: created.email, password });
  await client.open("/client-portal?section=book-service&tab=custom");
  const description = `Assess our support chatbot before launch (${uniqueSuffix()}).`;
  await fillBookingForm(client.page, { description, urgency: "High - ASAP" });
  const request = client.page.getByRole("listitem").filter({ hasText: description });
  await holdingFigure("pending-bookings", async () => {
    await client.page.getByRole("button", { name: "Submit Booking Request" }).click();
    await expect(request).toContainText("Pending");
  });
  return { created, client, description };
}

test("a booking the admin declines shows its status and reason in the client's Book Service section", async ({ browser, page }) => {
  const { created, client, description } = await clientWithBookingRequest(browser, page, "Declined Bookings Co");

  // The admin declines it with a reason.
  const label = `AI Security Assessment for ${created.company}`;
  await page.goto("/admin/bookings?status=pending");
  const row = page.getByRole("table", { name: "Service bookings" }).getByRole("row").filter({ hasText: created.company });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Decline ${label}` }).click();
  const dialog = page.getByRole("dialog", { name: "Decline booking" });
  // A reason is required.
  await dialog.getByRole("button", { name: "Decline booking" }).click();
  await expect(dialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  const reason = `Our assessors are booked until next quarter; we suggest ${uniqueSuffix()}.`;
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: "Decline booking" }).click();
  await expect(page.getByText("Booking declined")).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.goto("/admin/bookings?status=declined");
  const declinedRow = page.getByRole("table", { name: "Service bookings" }).getByRole("row").filter({ hasText: created.company });
  await expect(declinedRow).toContainText("Declined");
  await expect(declinedRow).toContainText(`Reason: ${reason}`);
  await expect(declinedRow.getByRole("button", { name: `Decline ${label}` })).toHaveCount(0);

  // The client sees the decision and its reason.
  await client.open("/client-portal?section=book-service&tab=custom");
  const declined = client.page.getByRole("listitem").filter({ hasText: description });
  await expect(declined).toContainText("Declined");
  await expect(declined).toContainText(`Reason: ${reason}`);
  await client.context.close();
});

test("approving a booking on the dashboard takes it off the card and tells the client", async ({ browser, page }) => {
  const { created, client, description } = await clientWithBookingRequest(browser, page, "Approved Bookings Co");

  // The card lists the most urgent requests, oldest first: this one is high.
  await page.goto("/admin/dashboard");
  const card = page.getByRole("region", { name: "Pending Service Bookings" });
  const viewAll = card.getByRole("link", { name: /^View All \d+ Bookings$/ });
  const label = `AI Security Assessment for ${created.company}`;
  // No other test's booking request may land between the figure read here and the one checked.
  await holdingFigure("pending-bookings", async () => {
    await page.reload();
    const before = Number((await viewAll.textContent())!.match(/\d+/)![0]);
    await card.getByRole("button", { name: `Approve ${label}` }).click();
    await expect(card.getByRole("status").filter({ hasText: "Approved the" })).toHaveText(
      `Approved the AI Security Assessment booking for ${created.company}.`,
    );
    await expect(card.getByRole("button", { name: `Approve ${label}` })).toHaveCount(0);
    if (before > 1) await expect(viewAll).toHaveText(`View All ${before - 1} Bookings`);
    else await expect(card.getByText("No pending bookings")).toBeVisible();
  });

  await client.open("/client-portal?section=book-service&tab=custom");
  // The request now reads Approved (it is also listed under the upcoming meetings).
  await expect(client.page.locator("li[data-booking]").filter({ hasText: description })).toContainText("Approved");
  await client.context.close();
});

test("viewing a client's portal shows that client's data, read only: no Save, and nothing stored", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/clients?q=Acme%20Robotics");
  const rates = new URL((await (await clientRowAction(page, "Acme Robotics", "Manage rates")).getAttribute("href"))!, "http://x");
  await page.keyboard.press("Escape");
  const acmeId = rates.searchParams.get("clientId")!;
  await page.getByRole("button", { name: "View portal of Acme Robotics" }).click();
  await expect(page).toHaveURL(/\/client-portal$/);
  const banner = page.getByRole("region", { name: "Read-only view" });
  await expect(banner.getByText("Viewing as Acme Robotics (read only)")).toBeVisible();
  // The header names who is signed in: the admin, not the client.
  await expect(page.getByRole("banner").getByText(DEMO.admin.email)).toBeVisible();
  await expect(page.getByRole("banner").getByText(DEMO.client.email)).toHaveCount(0);

  // Acme's invoices, none of Globex's, and no Pay link: the admin pays nothing for the client.
  await page.goto("/client-portal?section=billing");
  await expect(page.getByText("INV-1001").first()).toBeVisible();
  await expect(page.getByText("INV-2001")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pay Now" })).toHaveCount(0);

  // Settings: the record is Acme's, as text, without Save (the server's refusal of a save: tests/integration/admin-back-office.test.ts).
  await page.goto("/client-portal?section=settings&tab=company");
  const form = page.getByRole("region", { name: "Account Information" });
  await expect(form.getByText("Acme Robotics", { exact: true })).toBeVisible();
  await expect(form.getByRole("textbox")).toHaveCount(0);
  await expect(form.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  // The account security cards would act on the admin's own account: not shown here.
  await page.goto("/client-portal?section=settings&tab=security");
  await expect(page.getByText("are the client's own and are not shown in the read-only view")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Passkeys" })).toHaveCount(0);
  await page.goto("/client-portal?section=settings&tab=notifications");
  await expect(page.getByRole("form", { name: "Notifications" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save notifications" })).toHaveCount(0);
  // The Team card shows who is in the company, without its actions.
  await page.goto("/client-portal?section=settings&tab=team");
  const team = page.locator("#team");
  await expect(team.getByText("member@example.com")).toBeVisible();
  await expect(team.getByRole("button")).toHaveCount(0);

  // Exit leaves the portal for the admin's client list; the portal is no longer Acme's.
  await page.getByRole("region", { name: "Read-only view" }).getByRole("button", { name: "Exit" }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await page.goto("/client-portal");
  await expect(page.getByRole("region", { name: "Read-only view" })).toHaveCount(0);

  // Start and end are in the audit log, newest first.
  for (const action of ["client.view_as.start", "client.view_as.end"]) {
    await page.goto(`/admin/audit?action=${action}`);
    const newest = page.getByRole("table", { name: "Audit log" }).locator("tbody tr").first();
    await expect(newest).toContainText(action);
    await expect(newest).toContainText(DEMO.admin.email);
    await expect(newest).toContainText(acmeId);
  }

  // Who acted, name and e-mail, on every row, at 1280 px and on a 390 px phone (docs/PRODUCT.md#admin-audit-log).
  await page.goto("/admin/audit?action=client.view_as.start");
  const table = page.getByRole("table", { name: "Audit log" });
  await expect(table.getByRole("columnheader", { name: "Who" })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const who = table.locator('tbody td[data-label="Who"]');
    await expect(who.first()).toBeVisible();
    for (const cell of await who.all()) {
      await expect(cell).toBeVisible();
      await expect(cell).toContainText("Avery Admin");
      await expect(cell).toContainText(DEMO.admin.email);
    }
  }
});
