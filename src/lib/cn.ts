import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";

// tailwind-merge with only the utility groups our components and their callers actually override
// (a Card's padding, a Dialog's width, a Button's height, a mono Input's text size…). Its default
// configuration knows every Tailwind utility and is about 6 KB gzipped of every screen's first load;
// this one resolves the same conflicts the same way. tests/unit/class-conflicts.test.ts compares it
// with the full configuration on every class list the product writes: when it fails, add the group
// it names here.
const SIZES = ["none", "xs", "sm", "md", "lg", "xl", "2xl", "3xl", "4xl", "5xl", "6xl", "7xl", "full"];
const any = () => true;
/** A colour utility's value: a palette or theme colour, with or without a shade and opacity. */
const isColor = (value: string) =>
  /^(inherit|current|transparent|black|white|slate|gray|zinc|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|accent|surface|foreground|muted|danger|success|warning)(-|\/|$)/.test(
    value,
  );
const isFontSize = (value: string) =>
  ["xs", "sm", "base", "lg", "xl", "2xl", "3xl", "4xl", "5xl"].includes(value) || /^\[\d+(\.\d+)?(px|rem)\]$/.test(value);

const merge = createTailwindMerge(() => ({
  cacheSize: 200,
  theme: {},
  classGroups: {
    display: [
      "block",
      "inline-block",
      "inline",
      "flex",
      "inline-flex",
      "grid",
      "inline-grid",
      "table",
      "table-row",
      "table-cell",
      "contents",
      "hidden",
    ],
    p: [{ p: [any] }],
    px: [{ px: [any] }],
    py: [{ py: [any] }],
    w: [{ w: [any] }],
    h: [{ h: [any] }],
    "max-w": [{ "max-w": [any] }],
    "font-size": [{ text: [isFontSize] }],
    "text-color": [{ text: [isColor] }],
    "bg-color": [{ bg: [isColor] }],
    "border-color": [{ border: [isColor] }],
    rounded: [{ rounded: ["", ...SIZES] }],
  },
  conflictingClassGroups: { p: ["px", "py"] },
  conflictingClassGroupModifiers: {},
  orderSensitiveModifiers: [],
}));

export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
