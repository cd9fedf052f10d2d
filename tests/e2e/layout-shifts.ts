// Layout shifts as the browser reports them (the Layout Instability API), each with what moved,
// so a failing assertion names the element and where it went instead of a bare score.
import type { Page } from "@playwright/test";

export type LayoutShift = { at: number; value: number; moved: string[] };

/** Starts recording before the page's first byte; call before page.goto. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    type Entry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] };
    const shifts: { at: number; value: number; moved: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    const describe = (node?: Node) =>
      node instanceof Element ? node.outerHTML.slice(0, 120) : `${node?.nodeName ?? "?"} "${(node?.textContent ?? "").slice(0, 60)}"`;
    const rect = (r: DOMRectReadOnly) => `(${r.x}, ${r.y}, ${r.width}x${r.height})`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Entry[]) {
        // Shifts right after a click or key press are expected (the page answers the person).
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map((s) => `${describe(s.node)}: ${rect(s.previousRect)} -> ${rect(s.currentRect)}`);
        shifts.push({ at: Math.round(entry.startTime), value: entry.value, moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { __layoutShifts: LayoutShift[] }).__layoutShifts);
}
