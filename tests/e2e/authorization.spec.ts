// A new engagement's signed testing authorization in the browser (docs/PRODUCT.md#engagement-authorization),
// on a company of its own: the admin drafts and sends it; moving to In Progress is refused, naming
// what is missing; the company's owner signs it in the portal with the password (no second factor);
// the admin counter-signs; the sealed PDF carries a PDF signature; the engagement may then start.
import fs from "node:fs";
import { invitedClientSignedIn } from "./admin-helpers";
import { clientSigns, draftAndSend, firmCountersigns, openAuthorization, projectIdOf } from "./authorization-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { createEngagementFor } from "./report-helpers";

test("the owner signs, the firm counter-signs, and only then may testing start", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInViaApi(page, DEMO.admin);
  const password = "authorization-e2e-password";
  const { client, context, me } = await invitedClientSignedIn(page, browser, "Authorized", password);
  const engagement = await createEngagementFor(page, client.company, "Authorized");
  const projectId = await projectIdOf(page, engagement);

  const fresh = await openAuthorization(page, engagement);
  await expect(fresh.getByText("No testing authorization yet: draft one and send it to the client to sign.")).toBeVisible();
  await expect(fresh.getByLabel("Terms")).not.toHaveValue("");
  await page.keyboard.press("Escape");

  await draftAndSend(page, engagement, "https://gateway.authorized.test");
  await page.keyboard.press("Escape");
  const row = page.getByRole("row", { name: new RegExp(engagement) });
  await row.getByLabel(`Status of ${engagement}`).selectOption("in_progress");
  await expect(
    page.getByText(
      "Moving to In Progress needs a signed authorization. Version 1 of the authorization is not signed by the client's owner yet.",
    ),
  ).toBeVisible();

  // The owner reads the scope and signs; the card then waits for the firm.
  const card = await clientSigns(me, projectId, "Riley Owner", password);
  await expect(card.getByText("https://gateway.authorized.test", { exact: true })).toBeVisible();
  await expect(card.getByText("Signed by Client")).toBeVisible();
  await expect(card.getByText(/Signed for the client by Riley Owner/)).toBeVisible();

  const dialog = await firmCountersigns(page, engagement, DEMO.admin.password);
  const [sealed] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: "Download the sealed PDF (version 1)" }).click(),
  ]);
  const bytes = fs.readFileSync((await sealed.path())!).toString("latin1");
  expect(bytes.startsWith("%PDF-")).toBe(true);
  expect(bytes).toContain("/ByteRange");
  await page.keyboard.press("Escape");

  await page
    .getByRole("row", { name: new RegExp(engagement) })
    .getByLabel(`Status of ${engagement}`)
    .selectOption("in_progress");
  await expect(page.getByRole("status").filter({ hasText: `Project ${engagement} is now In Progress` })).toBeVisible();

  await me.reload();
  await expect(
    me.getByRole("region", { name: "Authorization" }).getByRole("link", { name: "Download the sealed PDF (version 1)" }),
  ).toBeVisible();
  await context.close();
});
