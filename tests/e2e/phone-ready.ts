// The phone check shared by the screens' specs: at 390 px the page never scrolls sideways (wide
// tables scroll inside their card), and axe finds no serious or critical violation.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** A phone's browser context options (for `test.use` or `browser.newContext`). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The page fits the screen, and axe reports nothing serious or critical (within `include` if given). */
export async function expectPhoneReady(page: Page, label: string, include?: string) {
  // Against the phone's width, not innerWidth: a mobile browser widens its layout viewport to
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
  }, PHONE.viewport.width);
  expect
    .soft(widths.page, `${label}: page width at ${widths.screen} px; too wide: ${widths.wide.join(" | ")}`)
    .toBeLessThanOrEqual(widths.screen);
  // Violations only: axe skips collecting every passing node, which is most of its time.
  let axe = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (include) axe = axe.include(include);
  const { violations } = await axe.analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join("\n    ")}`,
    );
  expect.soft(serious, `${label}: axe violations`).toEqual([]);
}
