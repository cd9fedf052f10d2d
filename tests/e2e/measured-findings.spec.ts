// A measured AI finding in the portal (docs/PRODUCT.md#measured-ai-findings), on the demo data: Acme's
// role-play jailbreak, verified fixed on gateway-model 2026-11 while Acme now runs 2026-12, is marked
// "… not verified on 2026-12, the version you run" in its status; its owner reads its rate and interval, downloads the
// reproducer (the promptfoo file and its detached signature) behind the vault's fresh proof, then
// uploads the results of a run in which the attack landed again: the finding is Regressed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Download, Locator } from "@playwright/test";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

const JAILBREAK = "00000000-0000-4000-8000-f10000000011";

/** promptfoo's results file of a run: `landed` of `trials` results failed (the attack succeeded). */
function resultsFile(trials: number, landed: number): string {
  const results = Array.from({ length: trials }, (_, i) => ({
    success: i >= landed,
    failureReason: i >= landed ? 0 : 1,
    provider: { id: "openai:chat:gateway-model" },
    testCase: { description: "Payload 1 of 1", assert: [{ type: "llm-rubric" }] },
  }));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "run-")), "results.json");
  fs.writeFileSync(file, JSON.stringify({ results: { version: 3, results } }));
  return file;
}

// One test, in this order: the finding is Verified Fixed (and flagged) until the failing run comes back.
test("an owner reads the rate, downloads the signed reproducer behind the step-up, uploads a failing run: Regressed", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto(`/client-portal?section=findings&finding=${JAILBREAK}`);
  await expect(page.getByRole("heading", { name: "Role-play jailbreak bypasses the gateway's content policy" })).toBeVisible();
  const status = page.getByRole("group", { name: "Status" });
  await expect(status.getByText("Verified Fixed on gateway-model 2026-11 · not verified on 2026-12, the version you run")).toBeVisible();
  // The retest request sits beside the status, above the description.
  const retest = page.getByRole("form", { name: "Request a retest on the version you run now" });
  await expect(retest).toBeVisible();
  const top = async (part: Locator) => (await part.boundingBox())!.y;
  expect(await top(status)).toBeLessThan(await top(retest));
  expect(await top(retest)).toBeLessThan(await top(page.getByRole("heading", { name: "Description", exact: true })));
  // The latest measurement, the retest's 0 in 200: the rate and its 95% interval.
  await expect(page.getByText(/\(0 of 200\); 95% interval 0(\.0)?% to 1\.8%/)).toBeVisible();

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

  // The run of the reproducer in the owner's CI landed the attack 2 times in 10: its results file uploaded here.
  const upload = page.getByRole("form", { name: "Record a run of the reproducer" });
  await expect(upload.getByLabel("Model version the run tried")).toHaveValue("2026-12");
  await upload.getByLabel("Results file (promptfoo eval -o results.json)").setInputFiles(resultsFile(10, 2));
  await upload.getByRole("button", { name: "Record run" }).click();
  await expect(upload.getByText(/^Run recorded: 20\.0% \(2 of 10; .+\. The attack landed again: the finding is Regressed/)).toBeVisible();
  await expect(page.getByText(/not verified on 2026-12, the version you run/)).toBeHidden();
  await expect(page.getByTestId("measured-rate")).toHaveText("20.0%");
  await expect(page.getByText(/^Regressed: 20\.0% \(2 of 10; .+, in a run of your CI \(Jordan Lee\)$/)).toBeVisible();
});
