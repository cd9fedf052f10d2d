// The layout check shared by the screens' specs, at a phone's 390 px or a laptop's 1280 px: the page
// never scrolls sideways, a table's scrolling box is never wider than itself unless it shows that it
// scrolls (data-scrolls="x", set by the admin lists' ScrollRegion with its fade and its name), every
// icon it shows is drawn, and axe finds no violation.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** A phone's browser context options (for `test.use` or `browser.newContext`). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** A laptop's: the review's 1280 × 800 screen. */
export const LAPTOP = { viewport: { width: 1280, height: 800 } };

/** Every axe impact fails a screen: minor and moderate too (every screen had none left). */
const FAILING_IMPACTS = new Set(["serious", "critical", "moderate", "minor"]);

/**
 * Rules axe ships disabled (experimental) that the screens keep anyway: a control's accessible
 * name contains its visible text, so a person using voice control can say what they see.
 */
export const EXTRA_RULES = { "label-content-name-mismatch": { enabled: true } };

/** The page fits a screen `width` wide, its tables' boxes fit or say they scroll, and axe reports nothing (within `include` if given). */
export async function expectScreenReady(page: Page, label: string, width: number, include?: string) {
  // Checked whole: a part still loading says so (a card's skeleton, the API viewer's stand-in), and
  // its final layout comes when it has loaded.
  await expect(page.locator('[aria-busy="true"]'), `${label}: parts still loading`).toHaveCount(0);
  // Against the screen's width, not innerWidth: a mobile browser widens its layout viewport to
  // whatever the page needs, so innerWidth grows along with an overflowing page.
  const widths = await page.evaluate((width) => {
    // The elements that reach past the right edge (outside any scrolling box), to name the culprit.
    const clipped = (el: Element) => {
      // An absolutely positioned element escapes a scrolling box that is not its containing block.
      if (getComputedStyle(el).position === "absolute") return false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== "visible") return true;
      return false;
    };
    const wide = [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length > 0 && !clipped(el))
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} → ${Math.round(el.getBoundingClientRect().right)}`);
    return { page: document.documentElement.scrollWidth, screen: width, wide };
  }, width);
  expect
    .soft(widths.page, `${label}: page width at ${widths.screen} px; too wide: ${widths.wide.join(" | ")}`)
    .toBeLessThanOrEqual(widths.screen);

  // Every table's scrolling box: as wide as its contents, or marked as scrolling. The mark comes
  // once the page has run its script, hence the wait.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll("table")].flatMap((table) => {
            let box: HTMLElement | null = table.parentElement;
            while (box && box !== document.body && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
            if (!box || box === document.body || box.scrollWidth <= box.clientWidth + 1 || box.dataset.scrolls === "x") return [];
            const name = table.querySelector("caption")?.textContent ?? table.getAttribute("aria-label") ?? "a table";
            return [`${name}: ${box.scrollWidth} px in ${box.clientWidth} px, with no sign that it scrolls`];
          }),
        ),
      { message: `${label}: tables wider than their box` },
    )
    .toEqual([]);

  // Every icon the screen shows from the sprite (public/icons.svg, src/components/ui/sprite-icon.tsx)
  // is drawn: its <use> found its symbol, so its box has a size once the sprite has loaded.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll<SVGSVGElement>("svg[data-icon]")]
            .filter((icon) => icon.getClientRects().length > 0)
            .filter((icon) => {
              const box = icon.querySelector("use")?.getBBox();
              return !box || box.width === 0 || box.height === 0;
            })
            .map((icon) => icon.dataset.icon),
        ),
      { message: `${label}: icons not drawn` },
    )
    .toEqual([]);

  // Violations only: axe skips collecting every passing node, which is most of its time.
  let axe = new AxeBuilder({ page }).options({ resultTypes: ["violations"], rules: EXTRA_RULES });
  if (include) axe = axe.include(include);
  const { violations } = await axe.analyze();
  const failing = violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ""))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join("\n    ")}`,
    );
  expect.soft(failing, `${label}: axe violations`).toEqual([]);
}

/** The same at a phone's width (the screens' specs that run under PHONE). */
export async function expectPhoneReady(page: Page, label: string, include?: string) {
  await expectScreenReady(page, label, PHONE.viewport.width, include);
}
