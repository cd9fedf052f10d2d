// The report vault and the access log in the browser (docs/PRODUCT.md#portal-reports,
// docs/PRODUCT.md#admin-reports, docs/PRODUCT.md#portal-access-log), on a company of its own: the
// admin publishes a report on an engagement; its owner, with two-factor and signed in through a
// trusted device (no fresh factor), is asked for a code and saves a copy whose every page carries
// their e-mail; the admin views the portal and downloads it too, then again from the engagement's
// report vault (stamped for the admin); after the admin revokes it, the
// owner's link already handed out fails; the owner's access log lists the view and the download.
import fs from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { pdfPageTexts } from "../helpers/pdf-text";
import { chooseRowAction, type InvitedClient, invitedClientSignedIn } from "./admin-helpers";
import { logOut, submitPortalLogin } from "./auth-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { downloadWithPassword, publishReportFor, showProject } from "./report-helpers";
import { codeFor, enrolTwoFactor } from "./second-factor-helpers";

// Two tests on one company, in order: the owner's download, then the firm's looks at it (each flow
// alone fits its time on a busy machine; together they did not).
test.describe.serial("the report vault", () => {
  const title = "Penetration Test Final Report";
  let owner: { client: InvitedClient; context: BrowserContext; me: Page };
  let engagement: string;
  let downloadUrl: string;

  test.afterAll(async () => owner?.context.close());

  test("a report download asks for a fresh code and stamps every page", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signInViaApi(page, DEMO.admin);
    const password = "report-vault-e2e-password";
    owner = await invitedClientSignedIn(page, browser, "Vault", password);
    const { client, me } = owner;

    // The admin opens an engagement for the company and publishes its report.
    engagement = await publishReportFor(page, client.company, "Vault", title);

    // The owner turns two-factor on and signs in again through a trusted device: no fresh factor.
    await me.goto("/client-portal?section=settings&tab=security");
    const { secret, backupCode } = await enrolTwoFactor(me, password);
    // A backup code, so that the app's next code (each is accepted once) is left for the download.
    await logOut(me);
    await submitPortalLogin(me, client.email, password);
    await me.getByRole("button", { name: "Use a backup code" }).click();
    await me.getByLabel("Backup code").fill(backupCode);
    await me.getByText("Trust this device for 30 days").click();
    await me.getByRole("button", { name: "Verify" }).click();
    await expect(me.getByText(client.email).first()).toBeVisible();
    await logOut(me);
    await submitPortalLogin(me, client.email, password);
    await expect(me.getByText(client.email).first()).toBeVisible();

    // Download asks for a code; the saved copy names the owner on every page.
    await me.goto("/client-portal?section=documents");
    const download = me.getByRole("button", { name: `Download ${title} v1` });
    await download.click();
    const code = me.getByLabel("Authentication code");
    await expect(code).toBeVisible();
    await code.fill(codeFor(secret, 1));
    const [saved, answer] = await Promise.all([
      me.waitForEvent("download"),
      me.waitForResponse((r) => r.url().includes("/download") && r.request().method() === "POST" && r.status() === 200),
      me.getByRole("button", { name: "Confirm and download" }).click(),
    ]);
    expect(saved.suggestedFilename()).toBe(`${title} v1.pdf`);
    const texts = await pdfPageTexts(fs.readFileSync((await saved.path())!));
    expect(texts).toHaveLength(3);
    for (const text of texts) expect(text).toContain(client.email);
    ({ downloadUrl } = (await answer.json()) as { downloadUrl: string });
    expect((await me.request.get(downloadUrl)).status()).toBe(200);
  });

  test("the firm's copies are stamped for it; revocation stops the link; the access log shows the firm", async ({ page }) => {
    test.setTimeout(120_000);
    await signInViaApi(page, DEMO.admin);
    const { client, me } = owner;

    // The admin views the company's portal and downloads the report as the firm.
    await page.goto(`/admin/clients?q=${encodeURIComponent(client.company)}`);
    await page.getByRole("button", { name: `View portal of ${client.company}` }).click();
    await expect(page.getByRole("region", { name: "Read-only view" })).toBeVisible();
    await page.goto("/client-portal?section=documents");
    // The demo admin has no second factor: the vault asks for the password.
    await downloadWithPassword(page, page.getByRole("button", { name: `Download ${title} v1` }), DEMO.admin.password);
    await page.getByRole("region", { name: "Read-only view" }).getByRole("button", { name: "Exit" }).click();
    await expect(page).toHaveURL(/\/admin\/clients$/);

    // And from the engagement's report vault: the copy is stamped for the admin.
    await showProject(page, engagement);
    await chooseRowAction(page, engagement, "Reports");
    const adminVault = page.getByRole("dialog", { name: `Reports of ${engagement}` });
    const adminCopy = await downloadWithPassword(page, adminVault.getByRole("button", { name: "Download v1" }), DEMO.admin.password);
    for (const text of await pdfPageTexts(fs.readFileSync((await adminCopy.path())!))) expect(text).toContain(DEMO.admin.email);
    await expect(adminVault.getByText("downloaded 3×")).toBeVisible();

    // Revoked: the owner's link already handed out fails, and the report leaves the portal.
    await showProject(page, engagement);
    await chooseRowAction(page, engagement, "Reports");
    await page
      .getByRole("dialog", { name: `Reports of ${engagement}` })
      .getByRole("button", { name: "Revoke v1" })
      .click();
    await expect(page.getByText("its downloads stop now.")).toBeVisible();
    const refused = await me.request.get(downloadUrl);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: "This report has been withdrawn or replaced by a newer version. Ask us for the current one.",
    });
    await me.reload();
    await expect(me.getByText("No reports have been published yet.")).toBeVisible();

    // The owner's access log: the admin's view (start and end) and the report download, newest first.
    await me.goto("/client-portal?section=settings&tab=access-log");
    // The firm's engagements list, when another test opens it meanwhile, is a look at every
    // company's engagements and is logged here too: those entries are not this test's.
    const entries = me
      .getByRole("list", { name: "Access log entries" })
      .getByRole("listitem")
      .filter({ hasNotText: "Viewed your engagements" });
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText(`Downloaded a report · ${title} (v1)`);
    await expect(entries.nth(0)).not.toContainText("while viewing your portal");
    await expect(entries.nth(1)).toContainText("Stopped viewing your portal");
    await expect(entries.nth(2)).toContainText(`Downloaded a report · ${title} (v1)`);
    await expect(entries.nth(2)).toContainText("while viewing your portal");
    await expect(entries.nth(3)).toContainText("Started viewing your portal");
  });
});
