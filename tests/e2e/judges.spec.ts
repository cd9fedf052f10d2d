// Judged measurements (docs/PRODUCT.md#measured-ai-findings): the admin records a validation of the
// demo extraction's judge from a CSV of labelled outputs; Acme's owner then reads that finding's
// rate corrected for the judge beside the observed one, and its retest's tested difference.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO, expect, signInViaApi, test, waitForHydration } from "./fixtures";

const EXTRACTION = "00000000-0000-4000-8000-f10000000012";
const JUDGE = "promptfoo:redteam:prompt-extraction";

/** 100 real successes of which the judge caught 90, 100 real failures of which it passed 95. */
function labelledCsv(): string {
  const rows = ["id,human,judge"];
  for (let i = 0; i < 100; i += 1) rows.push(`s${i},1,${i < 90 ? 1 : 0}`);
  for (let i = 0; i < 100; i += 1) rows.push(`f${i},0,${i < 95 ? 0 : 1}`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "judge-")), "labelled.csv");
  fs.writeFileSync(file, rows.join("\n"));
  return file;
}

test("the admin validates a judge from a CSV, and the owner reads the corrected rate and the tested difference", async ({
  page,
  browser,
}) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/findings/judges");
  await expect(page.getByRole("heading", { name: "Judges", exact: true })).toBeVisible();
  // The demo's validated judge is listed with its sensitivity's interval.
  await expect(page.getByTestId("judge-validation").filter({ hasText: "dan.DAN" }).first()).toContainText(
    "Sensitivity 82.0% (73.3% to 88.3%) · specificity 97.0%",
  );
  await waitForHydration(page.locator("html"));
  const form = page.getByRole("form", { name: "Record a judge validation" });
  await form.getByLabel("Judge", { exact: true }).fill(JUDGE);
  await form.getByLabel("Labelled sample file (CSV or JSONL)").setInputFiles(labelledCsv());
  await expect(form.getByLabel("Labelled sample", { exact: true })).toHaveValue(/^id,human,judge/);
  await form.getByRole("button", { name: "Record validation" }).click();
  await expect(form.getByText("Validation recorded: 200 items, sensitivity 90.0%, specificity 95.0%, κ 0.85.")).toBeVisible();
  await expect(page.getByTestId("judge-validation").filter({ hasText: JUDGE }).first()).toContainText("Sensitivity 90.0%");

  // Acme's owner, in the portal: the observed 8.0%, corrected for the judge, and the retest's change tested.
  const owner = await (await browser.newContext()).newPage();
  await signInViaApi(owner, DEMO.client);
  await owner.goto(`/client-portal?section=findings&finding=${EXTRACTION}`);
  await expect(owner.getByTestId("measured-rate")).toHaveText("8.0%");
  const judgement = owner.getByTestId("measurement-judgement");
  await expect(judgement).toContainText(`Judge ${JUDGE}, validated on 200 labelled outputs`);
  await expect(owner.getByTestId("corrected-rate")).toHaveText(
    /^Corrected for the judge: 3\.5% \(95% interval \d+(\.\d+)?% to \d+(\.\d+)?%\); Rogan–Gladen, interval by a seeded bootstrap\.$/,
  );
  await expect(owner.getByTestId("rate-comparison")).toContainText(
    "Against the measurement before (5 of 50): No significant change: −2.0 points (95% interval −14.4 to +10.2 points).",
  );
});
