// A report generated from an engagement's findings in the browser (docs/PRODUCT.md#admin-findings),
// on a company of its own: both sides sign the engagement's authorization; the admin writes two
// findings and publishes one; the Word and PDF reports hold the published one's title and not the
// draft's; the admin publishes the PDF to the vault as version 1; the client's download of it is
// the copy stamped with the client's e-mail.
import fs from "node:fs";
import PizZip from "pizzip";
import type { Page } from "@playwright/test";
import { pdfPageTexts } from "../helpers/pdf-text";
import { invitedClientSignedIn } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { authorizeEngagement } from "./authorization-helpers";
import { createEngagementFor, downloadWithPassword } from "./report-helpers";

/** Writes a draft on the engagement's page; creating it opens the finding, so the engagement's page is opened again. */
async function writeFinding(page: Page, title: string) {
  const engagementUrl = page.url();
  const form = page.getByRole("heading", { name: "New finding" }).locator("..");
  await form.getByLabel("Title").fill(title);
  await form
    .getByLabel("Description (Markdown)")
    .fill(`What **${title}** is about.\n\n**Evidence**\n\n~~~~\nprobe output for ${title}\n~~~~`);
  await form.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.goto(engagementUrl);
  await expect(page.getByRole("checkbox", { name: `Select ${title}` })).toBeVisible();
}

test("the admin generates the report, publishes it to the vault, and the client downloads the stamped copy", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInViaApi(page, DEMO.admin);
  const password = "report-generate-e2e-password";
  const { client, context, me } = await invitedClientSignedIn(page, browser, "Generated", password);
  const engagement = await createEngagementFor(page, client.company, "Generated");
  // A new engagement is tested, and its findings published, once both sides signed its authorization.
  await authorizeEngagement(page, me, engagement, { owner: "Pat Owner", password });
  const published = `Injection via uploads ${client.company}`;
  const draft = `Draft only ${client.company}`;

  // The engagement's findings page: one finding published, one left a draft.
  await page.goto("/admin/findings");
  await page.getByRole("combobox", { name: "Engagement" }).selectOption({ label: `${client.company}: ${engagement}` });
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page.getByRole("heading", { name: `Findings: ${engagement}` })).toBeVisible();
  await writeFinding(page, published);
  await writeFinding(page, draft);

  // Nothing published yet: publishing asks again, for a report without findings, and Cancel leaves the vault alone.
  await page.getByRole("button", { name: "Publish PDF to the vault" }).click();
  await page.getByRole("dialog", { name: "Publish version 1?" }).getByRole("button", { name: "Publish version 1" }).click();
  const empty = page.getByRole("dialog", { name: "Publish version 1 without findings?" });
  await expect(empty.getByText(/^No finding of this engagement is published: the report would only say so\./)).toBeVisible();
  await expect(empty.getByRole("button", { name: "Publish the empty report" })).toBeVisible();
  await empty.getByRole("button", { name: "Cancel" }).click();
  await expect(empty).toBeHidden();

  await page.getByRole("checkbox", { name: `Select ${published}` }).check();
  await page.getByRole("button", { name: "Publish selected (1)" }).click();
  await expect(page.getByText("Published 1 finding")).toBeVisible();

  // Both forms hold the published finding and not the draft.
  const [word] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download Word report" }).click()]);
  expect(word.suggestedFilename()).toMatch(/\.docx$/);
  const documentXml = new PizZip(fs.readFileSync((await word.path())!)).file("word/document.xml")!.asText();
  expect(documentXml).toContain(published);
  expect(documentXml).not.toContain(draft);
  // The description's Markdown formatted, not printed: a bold run, the fence's content, no syntax.
  expect(documentXml).toContain(`<w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${published}</w:t>`);
  expect(documentXml).toContain(`probe output for ${published}`);
  expect(documentXml).not.toMatch(/\*\*|~~~~/);
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF report" }).click()]);
  const pdfText = (await pdfPageTexts(fs.readFileSync((await pdf.path())!))).join(" ");
  expect(pdfText).toContain(published);
  expect(pdfText).not.toContain(draft);
  expect(pdfText).toContain(`probe output for ${published}`);
  expect(pdfText).not.toMatch(/\*\*|~~~~|Evidence: None/);

  // Published to the vault as version 1, after a confirmation naming it.
  await page.getByRole("button", { name: "Publish PDF to the vault" }).click();
  const confirm = page.getByRole("dialog", { name: "Publish version 1?" });
  await confirm.getByRole("button", { name: "Publish version 1" }).click();
  await expect(page.getByText("Published version 1 to the vault.")).toBeVisible();

  // The client's download is the copy stamped for them (no second factor: the password is asked).
  await me.goto("/client-portal?section=documents");
  const saved = await downloadWithPassword(me, me.getByRole("button", { name: "Download Security assessment report v1" }), password);
  const pages = await pdfPageTexts(fs.readFileSync((await saved.path())!));
  // The cover and the finding's page at least, each stamped for the client.
  expect(pages.length).toBeGreaterThanOrEqual(2);
  for (const text of pages) expect(text).toContain(client.email);
  expect(pages.join(" ")).toContain(published);
  await context.close();
});
