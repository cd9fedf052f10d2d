// A person whose computer clock is off (docs/PRODUCT.md#overview): the screens that say how long ago
// something happened still hydrate without React's hydration error, which would render the page
// again in the browser, and the light theme chosen stays applied.
import type { Page } from "@playwright/test";
import { DEMO, expect, signInViaApi, test, uniqueIp } from "./fixtures";
import { uniqueSuffix } from "./admin-helpers";

const ACME_ID = "00000000-0000-4000-8000-00000000a001";
const pdf = (title: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

/** Opens the screen with the browser's clock 90 minutes ahead of the server's, in the light theme. */
async function openSkewed(page: Page, path: string) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() => localStorage.setItem("theme", "light"));
  await page.clock.setFixedTime(Date.now() + 90 * 60_000);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  expect(errors).toEqual([]);
}

test("a document uploaded a moment ago: Documents hydrates with the browser's clock ahead", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  const name = `Skew ${uniqueSuffix()}.pdf`;
  const upload = await page.request.post("/api/admin/documents/upload", {
    headers: { origin: test.info().project.use.baseURL! },
    multipart: { clientId: ACME_ID, category: "report", file: { name, mimeType: "application/pdf", buffer: pdf(name) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await openSkewed(page, "/admin/documents");
  // The server's words stay: the upload is a moment old where the page was made.
  await expect(page.getByRole("table", { name: "Recent Uploads" }).getByRole("row").filter({ hasText: name })).toContainText(
    /just now|minutes? ago/,
  );
});

test("an inquiry sent a moment ago: Inquiries hydrates with the browser's clock ahead", async ({ page }) => {
  const sent = await page.request.post("/api/contact/send", {
    headers: { origin: test.info().project.use.baseURL!, "x-forwarded-for": uniqueIp() },
    data: {
      name: "Skewed Clock",
      email: `skew-${uniqueSuffix()}@example.org`,
      company: "Clockwork Ltd",
      serviceInterest: "General Inquiry",
      message: "We would like to know how long an assessment takes.",
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await signInViaApi(page, DEMO.admin);
  await openSkewed(page, "/admin/inquiries");
});
