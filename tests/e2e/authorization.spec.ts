// A new engagement's signed testing authorization in the browser (docs/PRODUCT.md#engagement-authorization),
// on a company of its own: the admin drafts and sends it; moving to In Progress is refused, naming
// what is missing; a member of the company reads it but cannot sign; the owner, with two-factor on,
// signs with a fresh code; the admin finds it on the Dashboard and counter-signs from there; the sealed PDF carries a PDF signature; the
// engagement may then start, and the client downloads the sealed PDF.
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { acceptInvitation, invitedClientSignedIn, inviteFromClientPage, uniqueSuffix } from "./admin-helpers";
import { submitPortalLogin } from "./auth-helpers";
import { clientSigns, countersignIn, draftAndSend, openAuthorization, projectIdOf } from "./authorization-helpers";
import { DEMO, expect, signInViaApi, test, uniqueIp } from "./fixtures";
import { createEngagementFor } from "./report-helpers";
import { codeFor, enrolTwoFactor } from "./second-factor-helpers";

/** The admin on `page` invites a member of `company` from its page; the member signs in on a browser of their own. */
async function memberOf(page: Page, browser: Browser, company: string, password: string): Promise<Page> {
  const email = `member-${uniqueSuffix()}@example.org`;
  const link = await inviteFromClientPage(page, company, "Morgan Member", email);
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
  const member = await context.newPage();
  await acceptInvitation(member, link, password);
  await submitPortalLogin(member, email, password);
  await expect(member.getByText(email).first()).toBeVisible();
  return member;
}

test("a member cannot sign; the owner signs with a fresh code, the firm counter-signs, and only then may testing start", async ({
  page,
  browser,
}) => {
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

  // A member reads what was sent, with no way to sign it.
  const member = await memberOf(page, browser, client.company, "authorization-member-password");
  await member.goto(`/client-portal?section=projects&project=${projectId}`);
  const memberCard = member.getByRole("region", { name: "Authorization" });
  await expect(memberCard.getByText("https://gateway.authorized.test", { exact: true })).toBeVisible();
  await expect(memberCard.getByText("Only an owner of your company can sign the authorization.")).toBeVisible();
  // The client's copy says what it waits for, not the firm's "Sent".
  await expect(memberCard.getByText("Awaiting your signature", { exact: true })).toBeVisible();
  await expect(memberCard.getByRole("form", { name: "Sign the authorization" })).toHaveCount(0);
  // The terms are there in full, not folded away.
  await expect(memberCard.getByRole("region", { name: "Terms" }).getByRole("paragraph")).toBeVisible();
  await member.context().close();

  // What waits for the company: on the Overview and on the project's card.
  await me.goto("/client-portal");
  await expect(
    me.getByRole("region", { name: "Needs your attention" }).getByRole("link", { name: `Authorization to sign: ${engagement}` }),
  ).toBeVisible();
  await me.goto("/client-portal?section=projects");
  await expect(me.getByText("Awaiting your signature")).toBeVisible();

  // The owner turns two-factor on; signing then asks for a fresh code (the one set-up used is spent).
  await me.goto("/client-portal?section=settings&tab=security");
  const { secret } = await enrolTwoFactor(me, password);
  const card = await clientSigns(me, projectId, "Riley Owner", { code: () => codeFor(secret, 1) });
  await expect(card.getByText("Signed by Client")).toBeVisible();
  await expect(
    card.getByText(/Signed for the client by Riley Owner .* · Code from an authenticator app, given when signing ·/),
  ).toBeVisible();

  // The firm is told too: the Dashboard lists it (and counts it on the sidebar) until it counter-signs from there.
  await page.goto("/admin/dashboard");
  const waiting = page.getByRole("region", { name: "Authorizations to counter-sign" });
  const item = waiting.getByRole("listitem").filter({ hasText: engagement });
  await expect(item).toContainText(`${client.company} · version 1 signed by Riley Owner (${client.email})`);
  await expect(page.locator('[data-nav-badge="Dashboard"]:visible')).toContainText(/to counter-sign/);
  await item.getByRole("button", { name: `Counter-sign ${engagement} for ${client.company}` }).click();
  const dialog = await countersignIn(page, page.getByRole("dialog", { name: `Authorization of ${engagement}` }), DEMO.admin.password);
  const [sealed] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: "Download the sealed PDF (version 1)" }).click(),
  ]);
  const bytes = fs.readFileSync((await sealed.path())!).toString("latin1");
  expect(bytes.startsWith("%PDF-")).toBe(true);
  expect(bytes).toContain("/ByteRange");
  await page.keyboard.press("Escape");
  await expect(item).toHaveCount(0);
  // Its button went with it: focus is on the card's heading, not lost to the page.
  await expect(waiting.getByRole("heading", { name: "Authorizations to counter-sign" })).toBeFocused();

  await page.goto(`/admin/projects?q=${encodeURIComponent(engagement.toLowerCase())}`);
  await page
    .getByRole("row", { name: new RegExp(engagement) })
    .getByLabel(`Status of ${engagement}`)
    .selectOption("in_progress");
  await expect(page.getByRole("status").filter({ hasText: `Project ${engagement} is now In Progress` })).toBeVisible();

  // The client downloads the sealed PDF from the project view.
  await me.reload();
  const [copy] = await Promise.all([
    me.waitForEvent("download"),
    me.getByRole("region", { name: "Authorization" }).getByRole("link", { name: "Download the sealed PDF (version 1)" }).click(),
  ]);
  expect(fs.readFileSync((await copy.path())!).toString("latin1")).toContain("/ByteRange");
  await context.close();
});
