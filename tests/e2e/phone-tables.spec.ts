// Tables on a phone (390 px): a measured AI finding's measurements (docs/PRODUCT.md#measured-ai-findings)
// and an invoice's line items (docs/PRODUCT.md#invoice-page) are stacked cards, so the rate, the
// source and the amount are on screen without scrolling sideways; the chart's axis labels are at
// least 11 px and its last date is not cut. Read only: Acme's demo finding and invoice.
import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { PHONE } from "./phone-ready";

const JAILBREAK = "00000000-0000-4000-8000-f10000000011";
const INV_1001_ID = "00000000-0000-4000-8000-e00000000001";
const WIDTH = PHONE.viewport.width;

test.use(PHONE);

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO.client);
});

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

/** Each of the cells lies within the screen's width (left edge ≥ 0, right edge ≤ 390). */
async function expectWithinScreen(cells: Locator) {
  const boxes = await cells.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent ?? "", left: r.left, right: r.right, width: r.width };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.width, `"${box.text}" is drawn`).toBeGreaterThan(0);
    expect(box.left, `"${box.text}" starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.right, `"${box.text}" ends on screen`).toBeLessThanOrEqual(WIDTH);
  }
}

test("a measured finding's measurements and chart fit a phone", async ({ page }) => {
  await page.goto(`/client-portal?section=findings&finding=${JAILBREAK}`);
  const rows = page.getByTestId("measurement-row");
  await expect(rows.first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectWithinScreen(rows.locator('td[data-label="Rate"]'));
  await expectWithinScreen(rows.locator('td[data-label="Source"]'));
  await expect(rows.first().locator('td[data-label="Rate"]')).toHaveText(/%/);

  // The chart's labels: real text of at least 11 px, the dates within the screen (the last one too).
  const dates = page.getByTestId("chart-dates").locator("span:visible");
  await expect(dates.last()).toBeVisible();
  await expectWithinScreen(dates);
  const sizes = await page
    .getByTestId("measurement-chart")
    .locator("span:visible")
    .evaluateAll((els) => els.filter((el) => el.textContent?.trim()).map((el) => parseFloat(getComputedStyle(el).fontSize)));
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
});

test("an invoice's line items fit a phone, each with its amount", async ({ page }) => {
  await page.goto(`/client-portal?section=billing&invoice=${INV_1001_ID}`);
  const lines = page.getByTestId("line-item");
  await expect(lines).toHaveCount(3);
  await expectNoSidewaysScroll(page);
  await expectWithinScreen(lines.locator("td:last-child"));
  await expect(lines.filter({ hasText: "LLM gateway security assessment" }).locator("td:last-child")).toHaveText("$36,000.00");
});

test("the Overview's severity tiles hold their labels, Informational too, on a phone and a laptop", async ({ page }) => {
  await page.goto("/client-portal");
  const tiles = page.getByTestId("severity-tile");
  await expect(tiles).toHaveCount(5);
  for (const width of [WIDTH, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await tiles.evaluateAll((els) =>
      els.flatMap((tile) => {
        const label = tile.querySelector("span")!;
        const box = tile.getBoundingClientRect();
        const text = label.getBoundingClientRect();
        return text.right > box.right - 4 || label.scrollWidth > label.clientWidth + 1 ? [label.textContent] : [];
      }),
    );
    expect(overflow, `labels past their tile at ${width} px`).toEqual([]);
    await expect(tiles.filter({ hasText: "Informational" })).toBeVisible();
  }
});
