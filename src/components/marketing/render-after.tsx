/**
 * Holds the browser's first paint until the element with this id is in the document
 * (`<link rel="expect" blocking="render">`, hoisted into the head by React). Name the element that
 * follows what must appear whole: Chromium lifts the hold as soon as that element is inserted, not
 * at its end tag. Over a slow network the HTML arrives in pieces and the browser paints what it
 * has; a row whose items arrive one by one (the header's right-aligned buttons, say) would then
 * visibly move as each arrives. Browsers without support ignore the hint; the layouts themselves
 * avoid depending on later markup where they can (the hero's columns are aligned to the top).
 */
export function RenderAfter({ id }: { id: string }) {
  return <link rel="expect" href={`#${id}`} blocking="render" />;
}
