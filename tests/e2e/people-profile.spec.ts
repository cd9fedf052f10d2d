// People are themselves, companies apart (docs/PRODUCT.md#portal-settings): an invitation names
// whom it is for and leads to a login form with the invitee's address filled; each person is
// greeted by their own name and changes it in their profile; the company record is its owners' to
// change. The companies and people here are this spec's own: the demo company is only read.
import type { Browser, Page } from "@playwright/test";
import { createClientViaUi, inviteFromClientPage, uniqueSuffix } from "./admin-helpers";
import { submitPortalLogin } from "./auth-helpers";
import { DEMO, expect, signInViaApi, test, uniqueIp, waitForHydration } from "./fixtures";

const PASSWORD = "profile-password-1";

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
  return context.newPage();
}

/**
 * The Overview's greeting where a person reads it. While the figures stream, React holds the
 * finished Overview in a hidden node outside the page's main region until it swaps it in, so the
 * same words briefly exist twice in the document.
 */
function greeting(page: Page, text: string) {
  return page.getByRole("main").getByText(text);
}

/** Sets the password from the link; the login form that follows has the address filled. */
async function setPasswordAndSignIn(page: Page, link: string, email: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set Your Password" })).toBeVisible();
  await page.getByLabel(/^new password/i).fill(PASSWORD);
  await page.getByLabel(/confirm/i).fill(PASSWORD);
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page.getByRole("heading", { name: "Your password is set" })).toBeVisible();
  await expect(page).toHaveURL(/\/client-portal$/, { timeout: 10_000 });
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await submitPortalLogin(page, email, PASSWORD);
  await expect(page.getByText(email).first()).toBeVisible();
}

test("an invitation names the person, the company and the inviter; each person is greeted by their own name; only an owner changes the company", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInViaApi(page, DEMO.admin);
  const client = await createClientViaUi(page, "Profile Co");

  // Nobody accepted yet: the company reads Invited in the admin's list.
  await page.goto(`/admin/clients?q=${encodeURIComponent(client.company)}`);
  await expect(page.getByRole("row").filter({ hasText: client.company }).getByText("INVITED", { exact: true })).toBeVisible();

  // The owner's set-password page names them, their company and who invited them.
  const owner = await newPage(browser);
  await owner.goto(client.inviteUrl);
  await expect(owner.getByText(`${client.contact} (${client.email})`)).toBeVisible();
  await expect(owner.getByText(client.company, { exact: true })).toBeVisible();
  await expect(owner.getByText("Avery Admin of Sentinel AI Security")).toBeVisible();
  await setPasswordAndSignIn(owner, client.inviteUrl, client.email);
  await expect(greeting(owner, `Welcome back, ${client.contact} (${client.company}).`)).toBeVisible();

  // Someone accepted: the company is Active.
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: client.company }).getByText("ACTIVE", { exact: true })).toBeVisible();

  // A member, invited by the admin, is greeted by their own name and reads the company record.
  const memberName = `Max ${uniqueSuffix()}`;
  const memberEmail = `member-${uniqueSuffix()}@example.org`;
  const memberLink = await inviteFromClientPage(page, client.company, memberName, memberEmail);
  const member = await newPage(browser);
  await setPasswordAndSignIn(member, memberLink, memberEmail);
  await expect(greeting(member, `Welcome back, ${memberName} (${client.company}).`)).toBeVisible();
  await member.goto("/client-portal?section=settings&tab=company");
  // The company's part as text: nothing to edit, no Reset or Save (the server refuses a member's save too).
  const record = member.getByRole("region", { name: "Company Information" });
  await expect(record.getByText("Only an owner of your company can change the company's details.")).toBeVisible();
  await expect(record.getByText(client.company, { exact: true })).toBeVisible();
  await expect(record.getByRole("textbox")).toHaveCount(0);
  await expect(member.getByRole("form", { name: "Account Information" })).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  await waitForHydration(member.locator("html"));

  // The member changes their own name (Settings → Profile): greetings follow it.
  await member.goto("/client-portal?section=settings&tab=profile");
  await waitForHydration(member.locator("html"));
  const profile = member.getByRole("form", { name: "Your name" });
  await profile.getByLabel("Your name").fill(`${memberName} Renamed`);
  await profile.getByRole("button", { name: "Save name" }).click();
  await expect(member.getByText("Your name was saved.")).toBeVisible();
  await member.goto("/client-portal");
  await expect(greeting(member, `Welcome back, ${memberName} Renamed (${client.company}).`)).toBeVisible();

  // The owner changes the company record.
  await owner.goto("/client-portal?section=settings&tab=company");
  // The owner's Account Information form, with the spec's labels and buttons.
  const ownerForm = owner.getByRole("form", { name: "Account Information" });
  await waitForHydration(ownerForm);
  await expect(owner.getByText("Only an owner of your company can change the company's details.")).toHaveCount(0);
  for (const label of ["Contact Person", "Email", "Company", "Phone", "Address"]) await expect(ownerForm.getByLabel(label)).toBeEditable();
  await expect(ownerForm.getByRole("button", { name: "Reset" })).toBeVisible();
  await ownerForm.getByLabel("Phone").fill("+1 555 0199");
  await ownerForm.getByRole("button", { name: "Save Changes" }).click();
  await expect(owner.getByText("Account settings saved successfully!")).toBeVisible();
});

test("the demo company's member is greeted by her own name", async ({ page }) => {
  await signInViaApi(page, { email: "member@example.com", password: "demo-client-password" });
  await page.goto("/client-portal");
  await expect(greeting(page, "Welcome back, Riley Chen (Acme Robotics).")).toBeVisible();
});
