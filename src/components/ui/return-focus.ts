/**
 * Where focus goes when a dialog closes. Radix returns it to the element that opened the dialog,
 * which is right until the change the dialog made removes that element (a removed person's
 * actions): then focus would fall to the page's body and a keyboard or screen
 * reader user would start over from the top. Instead it goes to the nearest heading of the part of
 * the page the trigger was in, else to the page's main heading.
 */
export type FocusReturn = { trigger: HTMLElement | null; regions: HTMLElement[] };

const REGION = "li, form, [data-card], section, article, [role=region], main";

/** Noted when the dialog opens, while focus is still on what opened it: the trigger and the parts of the page around it, nearest first. */
export function noteFocusReturn(): FocusReturn {
  const active = document.activeElement;
  const trigger = active instanceof HTMLElement && active !== document.body ? active : null;
  const regions: HTMLElement[] = [];
  for (let region = trigger?.closest<HTMLElement>(REGION); region; region = region.parentElement?.closest<HTMLElement>(REGION))
    regions.push(region);
  return { trigger, regions };
}

function usable(element: HTMLElement | null): element is HTMLElement {
  return !!element && element.isConnected && !element.matches(":disabled") && element.getClientRects().length > 0;
}

function focusHeadingIn(container: HTMLElement | null): boolean {
  const heading = container?.isConnected ? container.querySelector<HTMLElement>("h1, h2, h3") : null;
  if (!usable(heading)) return false;
  // A heading is not focusable by itself; -1 keeps it out of the Tab order.
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus();
  return true;
}

/** Focuses the trigger if it is still there and enabled, else the nearest heading still on the page. */
export function returnFocus({ trigger, regions }: FocusReturn): void {
  if (usable(trigger)) return trigger.focus();
  for (const region of regions) if (focusHeadingIn(region)) return;
  focusHeadingIn(document.querySelector("main"));
}
