// The admin's side of the report vault in browser tests: an engagement for a company and its
// published report (docs/PRODUCT.md#admin-reports).
import type { Download, Locator, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { chooseRowAction, pickClient, uniqueSuffix } from "./admin-helpers";
import { expect } from "./fixtures";

export async function reportPdf(title: string, pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let n = 1; n <= pages; n++) pdf.addPage([612, 792]).drawText(`${title}: page ${n}`, { x: 72, y: 700 });
  return Buffer.from(await pdf.save());
}

/** The admin on `page` creates an engagement for `company` and publishes `title` (3 pages) on it; returns the engagement's name. */
export async function publishReportFor(page: Page, company: string, label: string, title: string): Promise<string> {
  const engagement = await createEngagementFor(page, company, label);
  await chooseRowAction(page, engagement, "Reports");
  const vault = page.getByRole("dialog", { name: `Reports of ${engagement}` });
  await vault.getByLabel("Report title").fill(title);
  await vault.getByLabel("PDF file").setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: await reportPdf(title, 3) });
  await vault.getByRole("button", { name: "Publish report" }).click();
  await expect(vault.getByText("Published version 1.")).toBeVisible();
  await expect(vault.getByText(`${title} v1`)).toBeVisible();
  return engagement;
}

/** The admin on `page` creates an engagement for `company`, left shown in the projects list; returns its name. */
export async function createEngagementFor(page: Page, company: string, label: string): Promise<string> {
  const engagement = `${label} engagement ${uniqueSuffix()}`;
  await page.goto("/admin/projects");
  await page.getByRole("button", { name: "Create Project" }).click();
  const form = page.getByRole("dialog", { name: "Create Project" });
  await form.getByLabel("Project name").fill(engagement);
  await pickClient(form, "Client", company);
  await form.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Project created successfully" })).toBeVisible();
  await showProject(page, engagement);
  return engagement;
}

/**
 * The projects list filtered to one engagement, loaded as such: typing into the search box swaps
 * the list a moment later, which on a busy machine can close a row menu just opened on the old list.
 */
export async function showProject(page: Page, engagement: string): Promise<void> {
  await page.goto(`/admin/projects?q=${encodeURIComponent(engagement.toLowerCase())}`);
  await expect(page.getByRole("button", { name: `Actions for ${engagement}`, exact: true })).toBeVisible();
}

/**
 * Presses a report's Download and, when the vault asks a person without a second factor for the
 * password (docs/PRODUCT.md#portal-reports), gives it; a session that proved it in the last five
 * minutes (the demo admin's is shared between files) is not asked. Resolves with the saved file.
 */
export async function downloadWithPassword(page: Page, button: Locator, password: string): Promise<Download> {
  const saved = page.waitForEvent("download");
  await button.click();
  const prompt = page.getByRole("group", { name: "Confirm it is you" });
  const first = await Promise.race([saved.then(() => "saved" as const), prompt.waitFor().then(() => "asked" as const)]);
  if (first === "asked") {
    await prompt.getByLabel("Password").fill(password);
    await prompt.getByRole("button", { name: "Confirm and download" }).click();
  }
  return saved;
}
