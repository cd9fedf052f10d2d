// Scheduled re-runs in the portal (docs/PRODUCT.md#measured-ai-findings), on the demo data: Acme's
// owner opens the re-runs of the gateway from a multi-turn finding and reads the latest run against
// the previous one on gateway-model 2026-11: the conversation finding still present, the other not
// seen (and still open); then changes the schedule to monthly.
import { DEMO, expect, signInViaApi, test } from "./fixtures";

const CONVERSATION = "00000000-0000-4000-8000-f10000000013";

test("the owner reads a run comparison and sets the schedule", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto(`/client-portal?section=findings&finding=${CONVERSATION}`);
  await expect(page.getByRole("heading", { name: "Crescendo conversation talks the gateway past its content policy" })).toBeVisible();
  await page.getByRole("link", { name: "Scheduled re-runs and their comparison" }).click();

  await expect(page.getByRole("heading", { name: "Scheduled re-runs", level: 1 })).toBeVisible();
  const table = page.getByTestId("run-comparison");
  const conversation = table.getByRole("row", { name: /Crescendo conversation/ });
  await expect(conversation.getByText("Still present")).toBeVisible();
  // Both rates per conversation, with the turns and the clustered interval.
  await expect(conversation.getByText(/15\.0% \(6 of 40; 95% interval/)).toBeVisible();
  await expect(conversation.getByText(/20\.0% \(8 of 40; 95% interval/)).toBeVisible();
  await expect(conversation.getByText(/budget 10\).*clustered by 8 seed prompts/).first()).toBeVisible();
  const notSeen = table.getByRole("row", { name: /Instructions in a pasted document/ });
  await expect(notSeen.getByText("Not seen")).toBeVisible();
  await expect(notSeen.getByText("Not in this run")).toBeVisible();
  await expect(notSeen.getByText("Open", { exact: true })).toBeVisible();

  await expect(page.getByTestId("rerun-schedules")).toContainText("gateway-model: Weekly, next run due");
  const form = page.getByRole("form", { name: "Set a re-run schedule" });
  await form.getByLabel("Runs").selectOption("monthly");
  await form.getByRole("button", { name: "Save schedule" }).click();
  await expect(form.getByText("Schedule saved")).toBeVisible();
  await expect(page.getByTestId("rerun-schedules")).toContainText("gateway-model: Monthly, next run due");
});
