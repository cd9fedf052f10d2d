// An evidence pack in the browser (docs/PRODUCT.md#evidence-packs), on a company of its own: the
// admin adopts the built-in plan, marks cases held and not applicable (a reason required), issues
// the pack; the owner sees the coverage in the portal, downloads the pack from the vault behind the
// password, and checks it at /verify.
import fs from "node:fs";
import { pdfPageTexts } from "../helpers/pdf-text";
import { invitedClientSignedIn } from "./admin-helpers";
import { projectIdOf } from "./authorization-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { createEngagementFor, downloadWithPassword } from "./report-helpers";

test("the admin marks cases and issues the pack; the owner downloads it behind the step-up and checks it at /verify", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInViaApi(page, DEMO.admin);
  const password = "evidence-pack-e2e-password";
  const { client, context, me } = await invitedClientSignedIn(page, browser, "Evidence", password);
  const engagement = await createEngagementFor(page, client.company, "Evidence");
  const projectId = await projectIdOf(page, engagement);

  await page.goto(`/admin/engagements/${projectId}/evidence`);
  await expect(page.getByRole("heading", { name: `Evidence: ${engagement}` })).toBeVisible();
  await page.getByRole("button", { name: "Adopt version" }).click();
  await expect(page.getByText("Plan version adopted.")).toBeVisible();
  await expect(page.getByTestId("coverage-sentence")).toHaveText("0 of 33 cases run, 0 held, 0 failed, 0 not applicable");

  await page.getByRole("button", { name: "TC-01 on Whole engagement: Not started. Record a result" }).click();
  const tc01 = page.getByRole("form", { name: "Result of TC-01 on Whole engagement" });
  await tc01.getByLabel("Trials (n)").fill("300");
  await tc01.getByLabel("Successes (k)").fill("0");
  await tc01.getByRole("button", { name: "Save result" }).click();
  await expect(page.getByText("Recorded TC-01.")).toBeVisible();

  // Not applicable says why: without a reason it is refused, at the field.
  await page.getByRole("button", { name: "TC-10 on Whole engagement: Not started. Record a result" }).click();
  const tc10 = page.getByRole("form", { name: "Result of TC-10 on Whole engagement" });
  await tc10.getByLabel("Status").selectOption("not_applicable");
  await tc10.getByRole("button", { name: "Save result" }).click();
  await expect(tc10.getByRole("alert")).toHaveText("Give the reason");
  await tc10.getByLabel("Reason").fill("Hosted model: no weights in scope.");
  await tc10.getByRole("button", { name: "Save result" }).click();
  await expect(page.getByTestId("coverage-sentence")).toHaveText("1 of 33 cases run, 1 held, 0 failed, 1 not applicable");

  await page.getByLabel("Testers").fill("E2E Tester");
  await page.getByLabel("Limitations").fill("Black-box only.");
  await page.getByRole("button", { name: "Issue evidence pack" }).click();
  await expect(page.getByText(/^Issued evidence pack [0-9A-Z]{5}-[0-9A-Z]{5}\.$/)).toBeVisible();

  // The owner: coverage in the project view, the pack's PDF from the vault behind the password.
  await me.goto(`/client-portal?section=projects&project=${projectId}`);
  await expect(me.getByTestId("coverage-sentence")).toHaveText("1 of 33 cases run, 1 held, 0 failed, 1 not applicable");
  const address = await me.getByTestId("evidence-pack").getByRole("link").getAttribute("href");
  await me.goto("/client-portal?section=documents");
  const saved = await downloadWithPassword(me, me.getByRole("button", { name: "Download Evidence pack v1" }), password);
  const text = (await pdfPageTexts(fs.readFileSync((await saved.path())!))).join(" ");
  expect(text).toContain("This is evidence for an assessment, not a conformity assessment.");
  expect(text).toContain(client.email);

  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(new URL(address!).pathname);
    await expect(anonymous.getByTestId("pack-state")).toContainText("Valid");
    await expect(anonymous.getByTestId("pack-jws")).toContainText(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  } finally {
    await visitor.close();
    await context.close();
  }
});
