// Documents: upload a PDF for a client (progress, message), see it first in Recent Uploads (the latest 10), view it, see it in that client's
// portal and download it (both downloads recorded, seen by the admin and the client), delete it in
// the confirm dialog; every document is found (the 25th-newest by search) and deleted from any
// page; a disguised executable is refused.
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { acceptInvitation, createClientViaUi, pickClient, uniqueSuffix } from "./admin-helpers";

/** A client's id, as the documents filter offers it. */
async function clientIdOf(page: Page, company: string): Promise<string> {
  await page.goto("/admin/documents");
  const option = page.getByLabel("Filter by client").locator("option", { hasText: company });
  return (await option.getAttribute("value"))!;
}

const pdf = (title: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

test("upload a PDF, view it, see it in the client's portal, delete it", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  const client = await createClientViaUi(page, "Docs Co");
  const fileName = `Findings ${uniqueSuffix()}.pdf`;

  await page.goto("/admin/documents");
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByText("Please select a client and file")).toBeVisible();
  await pickClient(page, "Client", client.company);
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue("report");
  await page.getByLabel("Category", { exact: true }).selectOption("deliverable");
  await page.getByLabel("File", { exact: true }).setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: pdf(fileName) });
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByText("Document uploaded successfully!")).toBeVisible();
  // The spec's Recent Uploads: the latest uploads, the newest first; every document is under All Documents.
  await expect(page.getByRole("heading", { level: 2, name: "Recent Uploads", exact: true })).toBeVisible();
  const recent = page.getByRole("table", { name: "Recent Uploads" });
  await expect(recent.getByRole("row").nth(1)).toContainText(fileName);
  await expect(page.getByRole("table", { name: "Documents" }).getByRole("row").nth(1)).toContainText(fileName);
  const item = recent.getByRole("row").filter({ hasText: fileName });
  await expect(item).toContainText(client.company);
  await expect(item).toContainText(/just now|minutes? ago/);

  // View opens the signed link in a new tab.
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    item.getByRole("link", { name: `View ${fileName} (opens in a new tab)` }).click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/\/api\/files\/[0-9a-f-]{36}\?expires=\d+&for=[^&]+&sig=[\w-]+&disposition=inline$/);
  await popup.close();

  // The client sees it in the portal.
  const password = `pw-${uniqueSuffix()}-long`;
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  const portal = await context.newPage();
  await acceptInvitation(portal, client.inviteUrl, password);
  await signInViaApi(portal, { email: client.email, password });
  await portal.goto("/client-portal?section=documents");
  await expect(portal.getByText(fileName)).toBeVisible();
  // Its button says which document it downloads; the download is recorded and shown on the card.
  const download = portal.getByRole("button", { name: `Download ${fileName}`, exact: true });
  await expect(download).toBeVisible();
  const card = portal.getByRole("listitem").filter({ hasText: fileName });
  // The admin's View above was its first download.
  await expect(card.getByText("Downloaded once")).toBeVisible();
  const [saved] = await Promise.all([portal.waitForEvent("download"), download.click()]);
  expect(saved.suggestedFilename()).toBe(fileName);
  await card.getByText("Downloaded 2 times").click();
  await expect(card.getByText(`${client.contact} (your company)`, { exact: false })).toBeVisible();
  await expect(card.getByText("(our team)", { exact: false })).toBeVisible();

  // The admin sees both downloads: who, client or firm, address and browser.
  await page.reload();
  await item.getByRole("button", { name: `Downloads of ${fileName}: 2` }).click();
  const downloads = page.getByRole("dialog", { name: `Downloads of "${fileName}"` });
  await expect(downloads.getByText(`${client.contact} (client)`)).toBeVisible();
  await expect(downloads.getByText("(the firm)", { exact: false })).toBeVisible();
  await expect(downloads.getByText(/Chrome|HeadlessChrome/).first()).toBeVisible();
  await page.keyboard.press("Escape");

  // Delete asks in the product's dialog; Cancel keeps it, Delete document removes it.
  await item.getByRole("button", { name: `Delete ${fileName}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete "${fileName}"?` });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: `Delete ${fileName}` }).click();
  await confirm.getByRole("button", { name: "Delete document" }).click();
  await expect(page.getByText("Document deleted successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: fileName })).toHaveCount(0);

  await portal.goto("/client-portal?section=documents");
  await expect(portal.getByText(fileName)).toHaveCount(0);
  await context.close();
});

test("every document is listed: the 25th-newest is found by search and deleted, and one is deleted from the second page", async ({
  page,
}) => {
  await signInViaApi(page, DEMO.admin);
  const client = await createClientViaUi(page, "Many Docs");
  const baseURL = test.info().project.use.baseURL!;
  const clientId = await clientIdOf(page, client.company);
  // 30 documents of its own, oldest first, through the real upload route (multipart, past the proxy).
  const names = Array.from({ length: 30 }, (_, i) => `Archive ${String(i + 1).padStart(2, "0")} ${uniqueSuffix()}.pdf`);
  for (const name of names) {
    const response = await page.request.post("/api/admin/documents/upload", {
      headers: { origin: baseURL },
      multipart: { clientId, category: "report", file: { name, mimeType: "application/pdf", buffer: pdf(name) } },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const twentyFifthNewest = names[names.length - 25]!;

  // Recent Uploads holds the latest 10 of every client's documents, the newest first.
  await page.goto("/admin/documents");
  const recent = page.getByRole("table", { name: "Recent Uploads" });
  await expect(recent.getByRole("row").filter({ hasText: names[29]! })).toBeVisible();
  await expect(recent.getByRole("row")).toHaveCount(11);

  // Its client's documents: 25 on the first page, newest first; the oldest five on the second.
  await page.getByLabel("Filter by client").selectOption({ label: client.company });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Showing 1–25 of 30 documents")).toBeVisible();
  const rows = page.getByRole("region", { name: "Documents" }).getByRole("row");
  await expect(rows.nth(1)).toContainText(names[29]!);
  await expect(rows.nth(25)).toContainText(twentyFifthNewest);
  // A long page: the sidebar's background runs down to its bottom, not one screen's height.
  const main = (await page.locator("#admin-main").boundingBox())!;
  const column = (await page.getByTestId("admin-sidebar-column").boundingBox())!;
  expect(main.height).toBeGreaterThan(page.viewportSize()!.height * 1.5);
  expect(column.y + column.height).toBeGreaterThanOrEqual(main.y + main.height - 1);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText("Showing 26–30 of 30 documents")).toBeVisible();
  await expect(rows.nth(1)).toContainText(names[4]!);

  // Delete from the second page: the page shows what is left of it.
  const oldest = rows.filter({ hasText: names[0]! });
  await oldest.getByRole("button", { name: `Delete ${names[0]}` }).click();
  await page
    .getByRole("dialog", { name: `Delete "${names[0]}"?` })
    .getByRole("button", { name: "Delete document" })
    .click();
  await expect(page.getByText("Document deleted successfully")).toBeVisible();
  await expect(oldest).toHaveCount(0);
  await expect(page.getByText("Showing 26–29 of 29 documents")).toBeVisible();

  // The 25th-newest, by its name among every client's documents.
  await page.goto("/admin/documents");
  await page.getByLabel("Search by name").fill(twentyFifthNewest);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Showing 1–1 of 1 documents")).toBeVisible();
  const found = rows.filter({ hasText: twentyFifthNewest });
  await expect(found).toContainText(client.company);
  await found.getByRole("button", { name: `Delete ${twentyFifthNewest}` }).click();
  await page
    .getByRole("dialog", { name: `Delete "${twentyFifthNewest}"?` })
    .getByRole("button", { name: "Delete document" })
    .click();
  await expect(page.getByText("Document deleted successfully")).toBeVisible();
  await expect(page.getByText("No documents found")).toBeVisible();
});

test("an executable renamed .pdf is refused and not listed", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/documents");
  const name = `setup-${uniqueSuffix()}.pdf`;
  await pickClient(page, "Client", "Acme Robotics");
  await page
    .getByLabel("File", { exact: true })
    .setInputFiles({ name, mimeType: "application/pdf", buffer: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]) });
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The file's content is not a valid PDF file." })).toBeVisible();
  await page.reload();
  await expect(page.getByText(name)).toHaveCount(0);
});
