// A finding's page leads with what matters (docs/PRODUCT.md#portal-findings, docs/PRODUCT.md#admin-findings):
// the title, the status group, what the finding is and how to fix it; the measurements, the model
// version and the reproducer after them. The same order on the admin's view. Read only: the demo's
// measured jailbreak, whatever its status (measured-findings.spec.ts moves it).
import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

const JAILBREAK = "00000000-0000-4000-8000-f10000000011";
const TITLE = "Role-play jailbreak bypasses the gateway's content policy";

/** Each part is on the page, each below the one before it. */
async function expectInOrder(parts: [string, Locator][]) {
  const tops: [string, number][] = [];
  for (const [name, part] of parts) {
    await expect(part, name).toBeVisible();
    const box = await part.boundingBox();
    expect(box, name).not.toBeNull();
    tops.push([name, box!.y]);
  }
  const names = tops.map(([name]) => name);
  expect([...tops].sort((a, b) => a[1] - b[1]).map(([name]) => name)).toEqual(names);
}

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true }).first();

test("the portal's finding page: title, status, description and evidence, remediation, then the measurements, model version and reproducer", async ({
  page,
}) => {
  await signInViaApi(page, DEMO.client);
  await page.goto(`/client-portal?section=findings&finding=${JAILBREAK}`);
  await expectInOrder([
    ["title", heading(page, TITLE)],
    ["status", page.getByRole("group", { name: "Status" })],
    ["facts", page.getByText("Due", { exact: true })],
    ["description", heading(page, "Description")],
    ["remediation", heading(page, "Remediation")],
    ["references", heading(page, "References")],
    ["owner", heading(page, "Remediation owner")],
    ["measurements", heading(page, "Measured attack success")],
    ["model version", heading(page, "The version you run now")],
    ["reproducer", heading(page, "Reproducer for your CI")],
    ["timeline", heading(page, "Timeline")],
  ]);
  // The firm's remediation advice and the client's own steps are two cards with two names.
  await expect(page.getByRole("heading", { name: "Remediation", exact: true })).toHaveCount(1);
});

test("the admin's finding view in the same order", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto(`/admin/findings/${JAILBREAK}`);
  await expectInOrder([
    ["title", heading(page, TITLE)],
    ["status", page.getByRole("group", { name: "Status" })],
    ["facts", page.getByText("Due", { exact: true })],
    ["description", heading(page, "Description")],
    ["evidence", heading(page, "Evidence files")],
    ["remediation", heading(page, "Remediation")],
    ["references", heading(page, "References")],
    ["owner", heading(page, "Remediation owner")],
    ["measurements", heading(page, "Measured attack success")],
    ["timeline", heading(page, "Timeline")],
  ]);
});
