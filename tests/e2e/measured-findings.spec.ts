// A measured AI finding in the portal (docs/PRODUCT.md#measured-ai-findings), on the demo data: Acme's
// role-play jailbreak, verified fixed on gateway-model 2026-11 while Acme now runs 2026-12, is marked
// "Not verified on the version you run now"; its owner downloads the reproducer (the promptfoo file
// and its detached signature) behind the vault's fresh proof.
import fs from "node:fs";
import type { Download } from "@playwright/test";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

const JAILBREAK = "00000000-0000-4000-8000-f10000000011";

test("an owner sees the finding is not verified on the model version run now, and downloads its signed reproducer", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto(`/client-portal?section=findings&finding=${JAILBREAK}`);
  await expect(page.getByRole("heading", { name: "Role-play jailbreak bypasses the gateway's content policy" })).toBeVisible();
  await expect(page.getByText("Not verified on the version you run now.")).toBeVisible();

  const files: Download[] = [];
  page.on("download", (download) => files.push(download));
  await page.getByRole("button", { name: "Download reproducer" }).click();
  // The demo owner has no second factor: the password, unless this session proved it minutes ago.
  const prompt = page.getByRole("group", { name: "Confirm it is you" });
  const saved = page.getByText("Reproducer saved with its signature (.jws)");
  await expect(prompt.or(saved)).toBeVisible();
  if (await prompt.isVisible()) {
    await prompt.getByLabel("Password").fill(DEMO.client.password);
    await prompt.getByRole("button", { name: "Confirm and download" }).click();
  }
  await expect(saved).toBeVisible();
  await expect.poll(() => files.length).toBe(2);
  const [file, signature] = files;
  expect(file!.suggestedFilename()).toMatch(/\.ya?ml$/);
  expect(signature!.suggestedFilename()).toMatch(/\.jws$/);
  expect(fs.readFileSync((await file!.path())!, "utf8")).toContain("repeat");
  // A detached JWS: header, empty payload, signature.
  expect(fs.readFileSync((await signature!.path())!, "utf8").trim()).toMatch(/^[\w-]+\.\.[\w-]+$/);
});
