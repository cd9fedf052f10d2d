import { expect, test } from "./fixtures";
test("digest probe fails on purpose", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { name: "No such heading" })).toBeVisible({ timeout: 1000 });
});
