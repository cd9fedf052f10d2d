// Documents: upload a PDF for a client (progress, message), view it, see it in that client's
// portal, delete it with the confirmation; a disguised executable is refused.
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { acceptInvitation, createClientViaUi, pickClient, uniqueSuffix } from "./admin-helpers";

const pdf = (title: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

test("upload a PDF, view it, see it in the client's portal, delete it", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.admin);
  const client = await createClientViaUi(page, "Docs Co");
  const fileName = `Findings ${uniqueSuffix()}.pdf`;

  await page.goto("/admin/documents");
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByText("Please select a client and file")).toBeVisible();
  await pickClient(page, "Client", client.company);
  await expect(page.getByLabel("Category")).toHaveValue("report");
  await page.getByLabel("Category").selectOption("deliverable");
  await page.getByLabel("File", { exact: true }).setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: pdf(fileName) });
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByText("Document uploaded successfully!")).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: fileName });
  await expect(item).toContainText(client.company);
  await expect(item).toContainText(/minutes? ago/);

  // View opens the signed link in a new tab.
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    item.getByRole("link", { name: `View ${fileName} (opens in a new tab)` }).click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/\/api\/files\/[0-9a-f-]{36}\?expires=\d+&sig=[\w-]+&disposition=inline$/);
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
  // Its button says which document it downloads.
  await expect(portal.getByRole("button", { name: `Download ${fileName}`, exact: true })).toBeVisible();

  // Delete with the exact confirmation.
  const confirmation = new Promise<string>((resolve) =>
    page.once("dialog", (d) => {
      resolve(d.message());
      void d.accept();
    }),
  );
  await item.getByRole("button", { name: `Delete ${fileName}` }).click();
  expect(await confirmation).toBe(`Are you sure you want to delete "${fileName}"? This cannot be undone.`);
  await expect(page.getByText("Document deleted successfully")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: fileName })).toHaveCount(0);

  await portal.goto("/client-portal?section=documents");
  await expect(portal.getByText(fileName)).toHaveCount(0);
  await context.close();
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
