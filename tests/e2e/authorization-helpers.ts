// A new engagement's testing authorization in browser tests (docs/PRODUCT.md#engagement-authorization):
// the admin drafts and sends it, the client's owner signs it, the admin counter-signs it.
import type { Locator, Page } from "@playwright/test";
import { chooseRowAction } from "./admin-helpers";
import { DEMO, expect } from "./fixtures";

const utcDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Opens the engagement's Authorization dialog from /admin/projects (the row is found by searching its name). */
export async function openAuthorization(page: Page, engagement: string) {
  await page.goto(`/admin/projects?q=${encodeURIComponent(engagement.toLowerCase())}`);
  await chooseRowAction(page, engagement, "Authorization");
  const dialog = page.getByRole("dialog", { name: `Authorization of ${engagement}` });
  await expect(dialog.getByText("Testing is held back.").or(dialog.getByText("testing may start"))).toBeVisible();
  return dialog;
}

/** The admin drafts version 1 (scope, a window that began today, testers, contacts, price; the template's terms) and sends it. */
export async function draftAndSend(page: Page, engagement: string, asset: string) {
  const dialog = await openAuthorization(page, engagement);
  await dialog.getByLabel("In scope").fill(`${asset}\nPOST ${asset}/v1/chat`);
  await dialog.getByLabel("Out of scope (optional)").fill("Production billing");
  await dialog.getByLabel("Window starts (UTC)").fill(utcDay());
  await dialog.getByLabel("Window ends (UTC)").fill(utcDay(14));
  await dialog.getByLabel("Testers").fill("Avery Admin");
  await dialog.getByLabel("Emergency contacts").fill("Jordan Lee, +1 555 0100");
  await dialog.getByLabel("Price or plan").fill("$12,000 fixed fee");
  await dialog.getByRole("button", { name: "Save draft" }).click();
  await expect(dialog.getByText("Saved version 1 as a draft.")).toBeVisible();
  await dialog.getByRole("button", { name: "Send to sign" }).click();
  await expect(dialog.getByText("Sent version 1 to the client to sign.")).toBeVisible();
  await expect(dialog.getByText("Version 1 of the authorization is not signed by the client's owner yet.")).toBeVisible();
  return dialog;
}

/** The proof a step-up may ask for: the password, or the authenticator's code. */
export type StepUpAnswer = { password: string } | { code: () => string };

/** Answers the step-up when it is asked for (a session that proved it in the last five minutes is not asked). */
async function confirmIfAsked(page: Page, done: string, answer: StepUpAnswer) {
  const prompt = page.getByRole("group", { name: "Confirm it is you" });
  const first = await Promise.race([
    page
      .getByText(done)
      .waitFor()
      .then(() => "done" as const),
    prompt.waitFor().then(() => "asked" as const),
  ]);
  if (first === "asked") {
    if ("password" in answer) await prompt.getByLabel("Password").fill(answer.password);
    else await prompt.getByLabel("Authentication code").fill(answer.code());
    await prompt.getByRole("button", { name: "Confirm and sign" }).click();
  }
  await expect(page.getByText(done)).toBeVisible();
}

/** The client's owner on `me` signs the newest version in the project view. */
export async function clientSigns(me: Page, projectId: string, name: string, answer: StepUpAnswer) {
  await me.goto(`/client-portal?section=projects&project=${projectId}`);
  const card = me.getByRole("region", { name: "Authorization" });
  const form = card.getByRole("form", { name: "Sign the authorization" });
  await form.getByLabel("Your full name").fill(name);
  await form.getByLabel("I am entitled to authorise testing of these assets").check();
  await form.getByRole("button", { name: "Sign the authorization" }).click();
  await confirmIfAsked(me, "Signed version 1 of the authorization.", answer);
  return card;
}

/** The admin counter-signs the version the client signed, in the engagement's dialog opened from /admin/projects. */
export async function firmCountersigns(page: Page, engagement: string, password: string) {
  return countersignIn(page, await openAuthorization(page, engagement), password);
}

/** The admin counter-signs in the engagement's open Authorization dialog. */
export async function countersignIn(page: Page, dialog: Locator, password: string) {
  const form = dialog.getByRole("form", { name: "Counter-sign" });
  await form.getByLabel("Your full name").fill("Avery Admin");
  await form.getByRole("button", { name: "Counter-sign" }).click();
  await confirmIfAsked(page, "Counter-signed version 1. The sealed PDF is ready.", { password });
  await expect(dialog.getByText("testing may start")).toBeVisible();
  return dialog;
}

/** The project id of the engagement's row on /admin/projects (its Findings link carries it). */
export async function projectIdOf(page: Page, engagement: string): Promise<string> {
  await page.goto(`/admin/projects?q=${encodeURIComponent(engagement.toLowerCase())}`);
  await page.getByRole("button", { name: `Actions for ${engagement}`, exact: true }).click();
  const href = await page.getByRole("menuitem", { name: "Engagement", exact: true }).getAttribute("href");
  return new URL(href!, "http://x").searchParams.get("projectId")!;
}

/** Both sides sign a new engagement's authorization, so that its testing may start. */
export async function authorizeEngagement(
  page: Page,
  me: Page,
  engagement: string,
  { owner, password }: { owner: string; password: string },
) {
  const projectId = await projectIdOf(page, engagement);
  await draftAndSend(page, engagement, "https://gateway.example.test");
  await clientSigns(me, projectId, owner, { password });
  await firmCountersigns(page, engagement, DEMO.admin.password);
  return projectId;
}
