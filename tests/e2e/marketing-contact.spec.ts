// The contact section and form (docs/PRODUCT.md#marketing-contact-form): info cards, fields, validation messages
// under each field, Sending... state, the 5-second thank-you panel, and the failure alerts.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { PHONE } from "./phone-ready";

const VALID = {
  name: "Dana Whitfield",
  email: "dana@northwind.test",
  company: "Northwind Robotics",
  serviceInterest: "AI Engineering Acceleration",
  message: "We want to roll out AI coding assistants safely across 40 engineers.",
};

const form = (page: Page) => page.getByRole("form", { name: "Contact form" });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const submit = (page: Page) => form(page).getByRole("button", { name: /Send Message|Sending/ });

/** Opens the page at the contact section and waits until the form's code has loaded and hydrated. */
async function openContactForm(page: Page) {
  await page.goto("/#contact");
  await expect(form(page)).toHaveAttribute("data-ready", "true");
}

async function fillForm(page: Page, values: Partial<typeof VALID>) {
  if (values.name !== undefined) await field(page, "Name").fill(values.name);
  if (values.email !== undefined) await field(page, "Email").fill(values.email);
  if (values.company !== undefined) await field(page, "Company").fill(values.company);
  if (values.serviceInterest !== undefined) await field(page, "Service Interest").selectOption(values.serviceInterest);
  if (values.message !== undefined) await field(page, "Message").fill(values.message);
}

async function expectValues(page: Page, values: typeof VALID) {
  await expect(field(page, "Name")).toHaveValue(values.name);
  await expect(field(page, "Email")).toHaveValue(values.email);
  await expect(field(page, "Company")).toHaveValue(values.company);
  await expect(field(page, "Service Interest")).toHaveValue(values.serviceInterest);
  await expect(field(page, "Message")).toHaveValue(values.message);
}

/** Clicks Send and returns the text of the error toast it brings up. */
async function submitExpectingAlert(page: Page): Promise<string> {
  await submit(page).click();
  const toast = page.getByRole("alert").and(page.locator("[data-toast=error]"));
  await expect(toast).toBeVisible({ timeout: 15_000 });
  return (await toast.textContent()) ?? "";
}

test.describe("contact section", () => {
  test("badge, heading, the three info cards and the form's fields", async ({ page }) => {
    await page.goto("/");
    const section = page.locator("#contact");
    await expect(section.getByText("Get In Touch", { exact: true })).toBeVisible();
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(/secure your AI infrastructure/i);
    await expect(section.getByRole("heading", { level: 3, name: "Email Us" })).toBeVisible();
    await expect(section.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:[^@]+@[^@]+$/);
    await expect(section.getByRole("heading", { level: 3, name: "Fast Response" })).toBeVisible();
    await expect(section).toContainText("Under 24 hours");
    await expect(section.getByRole("heading", { level: 3, name: "Book Consultation" })).toBeVisible();
    await expect(section).toContainText("free 30-min strategy session");
    // The card leads to the form, where the consultation is asked for.
    await section.getByRole("link", { name: "Schedule a call" }).click();
    await expect(field(page, "Name")).toBeInViewport();

    for (const label of ["Name", "Email", "Company", "Service Interest", "Message"]) {
      await expect(field(page, label)).toBeVisible();
    }
    await expect(field(page, "Message")).toHaveAttribute("rows", "5");
    await expect(field(page, "Service Interest").locator("option")).toHaveText([
      "Select a service",
      "AI Security Assessment",
      "AI Security Governance",
      "AI Engineering Acceleration",
      "General Inquiry",
      "Other",
    ]);
    // The honeypot is neither visible nor reachable with the keyboard.
    const honeypot = page.locator("#contact-website");
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).not.toBeInViewport();
    await field(page, "Message").focus();
    await expect(form(page)).toHaveAttribute("data-ready", "true");
    await page.keyboard.press("Tab");
    await expect(submit(page)).toBeFocused();
  });

  test("loads the form's code only near the viewport and keeps what was typed before it arrived", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("hero-terminal")).toBeVisible();
    await expect(form(page)).toHaveAttribute("data-ready", "false");

    // Hold every script requested from now on: the form's code stays on its way while we type.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route("**/_next/static/chunks/**", async (route) => {
      held.push(route.request().url());
      await released;
      await route.continue();
    });
    await field(page, "Name").scrollIntoViewIfNeeded();
    await field(page, "Name").fill(VALID.name);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect(form(page)).toHaveAttribute("data-ready", "false");

    await page.keyboard.press("Tab");
    await expect(field(page, "Email")).toBeFocused();
    release();
    await expect(form(page)).toHaveAttribute("data-ready", "true");
    await expect(field(page, "Name")).toHaveValue(VALID.name);
    // Focus stays where it was (the next field) after the interactive form took over.
    await expect(field(page, "Email")).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(field(page, "Name")).toBeFocused();
    await page.keyboard.press("End");
    await page.keyboard.type(" Jr");
    await expect(field(page, "Name")).toHaveValue(`${VALID.name} Jr`);
    await submit(page).click();
    await expect(form(page).getByText("Name must be at least 2 characters", { exact: true })).toHaveCount(0);
    await expect(form(page).getByText("Invalid email address", { exact: true })).toBeVisible();
  });
});

test.describe("contact form before its code arrives", () => {
  test("a submission made before the code arrived is sent once the form is interactive", async ({ page }) => {
    await page.goto("/");
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/chunks/**", async (route) => {
      await released;
      await route.continue();
    });
    await fillForm(page, VALID);
    await expect(form(page)).toHaveAttribute("data-ready", "false");
    await submit(page).click();
    await expect(page).toHaveURL(/\/$/); // no plain HTML post
    const response = page.waitForResponse("**/api/contact/send");
    release();
    expect((await response).status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Thank You!" })).toBeVisible();
  });
});

test.describe("contact form validation", () => {
  test("shows the product's message under each field and sends nothing", async ({ page }) => {
    await openContactForm(page);
    const posts: string[] = [];
    page.on("request", (request) => request.url().endsWith("/api/contact/send") && posts.push(request.method()));

    await submit(page).click();
    const expected: [string, string][] = [
      ["Name", "Name must be at least 2 characters"],
      ["Email", "Invalid email address"],
      ["Company", "Company name must be at least 2 characters"],
      ["Service Interest", "Please select a service"],
      ["Message", "Message must be at least 10 characters"],
    ];
    for (const [label, message] of expected) {
      const control = field(page, label);
      await expect(control).toHaveAttribute("aria-invalid", "true");
      const describedBy = await control.getAttribute("aria-describedby");
      await expect(page.locator(`#${describedBy}`)).toHaveText(message);
    }
    // The form's own messages, not the browser's validation bubbles; focus goes to the first problem.
    await expect(form(page)).toHaveAttribute("novalidate", "");
    await expect(field(page, "Name")).toBeFocused();

    // Too short or malformed values keep their message; corrected values clear it.
    await fillForm(page, { name: "D", email: "dana@", company: "N", message: "Too short" });
    await submit(page).click();
    for (const [label, message] of expected) {
      await expect(page.locator(`#${await field(page, label).getAttribute("aria-describedby")}`)).toHaveText(message);
    }
    await fillForm(page, VALID);
    for (const [label] of expected) await expect(field(page, label)).not.toHaveAttribute("aria-invalid", "true");
    await expect(form(page).getByRole("alert")).toHaveCount(0);
    expect(posts).toEqual([]);
  });
});

test.describe("contact form submission", () => {
  test("Sending..., the thank-you panel for 5 seconds, then the cleared form", async ({ page }) => {
    await page.clock.install();
    await openContactForm(page);
    await fillForm(page, VALID);
    // From here on time only moves when the test moves it, so the 5000 ms can be measured exactly.
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1000));

    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact/send", async (route) => {
      await released;
      await route.continue();
    });
    const responsePromise = page.waitForResponse("**/api/contact/send");
    await submit(page).click();
    await expect(submit(page)).toHaveText("Sending...");
    await expect(submit(page)).toBeDisabled();

    release();
    const response = await responsePromise;
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(response.request().postDataJSON()).toMatchObject(VALID);

    const panel = page.getByRole("status").filter({ hasText: "Thank You!" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("We have received your message and will get back to you within 24 hours.");
    await expect(panel).toBeFocused();
    await expect(form(page)).toBeHidden();

    await page.clock.runFor(4900);
    await expect(panel).toBeVisible();
    await page.clock.runFor(200);
    await expect(panel).toBeHidden();
    await expect(form(page)).toBeVisible();
    await expectValues(page, { name: "", email: "", company: "", serviceInterest: "", message: "" });
    await expect(submit(page)).toHaveText("Send Message");
    await expect(submit(page)).toBeEnabled();
    await expect(field(page, "Name")).toBeFocused();
  });

  test("a non-success answer without an error text alerts 'Failed to send message' and keeps the values", async ({ page }) => {
    await openContactForm(page);
    await fillForm(page, VALID);
    await page.route("**/api/contact/send", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad gateway</body></html>" }),
    );
    expect(await submitExpectingAlert(page)).toBe("Failed to send message");
    await expectValues(page, VALID);
    await expect(submit(page)).toHaveText("Send Message");
    await expect(page.getByText("Thank You!")).toHaveCount(0);
  });

  test("a network failure alerts 'Failed to send message. Please try again.' and keeps the values", async ({ page }) => {
    await openContactForm(page);
    await fillForm(page, VALID);
    await page.route("**/api/contact/send", (route) => route.abort("connectionrefused"));
    expect(await submitExpectingAlert(page)).toBe("Failed to send message. Please try again.");
    await expectValues(page, VALID);
    await expect(submit(page)).toBeEnabled();
  });

  test("the server's error text is alerted: the real per-address limit answers 429", async ({ page, request, baseURL }) => {
    // Five inquiries from this test's address (the fixture's X-Forwarded-For) use up the limit.
    const headers = { "x-forwarded-for": `10.254.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    await page.setExtraHTTPHeaders(headers);
    for (let i = 0; i < 5; i++) {
      // A posting page's Origin, which the API request context does not send by itself.
      const response = await request.post("/api/contact/send", {
        data: { ...VALID, email: `limit${i}@northwind.test` },
        headers: { ...headers, origin: new URL(baseURL!).origin },
      });
      expect(response.status()).toBe(200);
    }
    await openContactForm(page);
    await fillForm(page, VALID);
    const message = await submitExpectingAlert(page);
    expect(message).toMatch(/^Too many messages from your network\. Please wait \d+ minutes and try again, or email us at .+@.+\.$/);
    await expectValues(page, VALID);
    await expect(page.getByText("Thank You!")).toHaveCount(0);
  });
});

test.describe("the contact link on a phone", () => {
  test.use(PHONE);

  test("/#contact lands on the form, its first field below the fixed header", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/#contact");
    const name = field(page, "Name");
    await expect(name).toBeInViewport();
    const header = await page.locator("header").first().boundingBox();
    const box = await name.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    // Tab order follows what is seen: the cards' last link, then the form's first field.
    await page.getByRole("link", { name: "Schedule a call" }).focus();
    await page.keyboard.press("Tab");
    await expect(name).toBeFocused();
  });
});
