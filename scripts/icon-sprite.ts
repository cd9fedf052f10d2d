// `npm run icons`: writes public/icons.svg, one <symbol> per name in SPRITE_ICON_NAMES
// (src/components/ui/sprite-icon.tsx), drawn with lucide-react's own shapes, so the sprite and the
// installed lucide never differ (tests/unit/icon-sprite.test.ts compares the file with a fresh one).
import fs from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { SPRITE_ICON_NAMES } from "../src/components/ui/sprite-icon";

type Shape = [tag: string, attributes: Record<string, string | number>];
type ForwardRefIcon = { render: (props: object, ref: null) => { props: { icon?: { node?: Shape[] } } } };

export const ICON_SPRITE_FILE = path.join(import.meta.dirname, "..", "public", "icons.svg");

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());
const escape = (value: string | number) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** lucide's shapes of one icon, read from the element its component renders. */
export function lucideShapes(name: string): Shape[] {
  const component = (lucide as unknown as Record<string, ForwardRefIcon | undefined>)[pascal(name)];
  const shapes = component?.render?.({}, null).props.icon?.node;
  if (!shapes) throw new Error(`lucide-react has no icon "${name}" (${pascal(name)})`);
  return shapes;
}

/** The sprite: lucide's default presentation (24 units, a 2-unit round stroke in currentColor) on each symbol. */
export function iconSprite(): string {
  const symbols = SPRITE_ICON_NAMES.map((name) => {
    const shapes = lucideShapes(name)
      .map(([tag, attributes]) => {
        const attrs = Object.entries(attributes)
          .filter(([key]) => key !== "key")
          .map(([key, value]) => ` ${key}="${escape(value)}"`)
          .join("");
        return `<${tag}${attrs}/>`;
      })
      .join("");
    return `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shapes}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.mkdirSync(path.dirname(ICON_SPRITE_FILE), { recursive: true });
  fs.writeFileSync(ICON_SPRITE_FILE, iconSprite());
  console.info(`[icons] ${SPRITE_ICON_NAMES.length} icons written to ${path.relative(process.cwd(), ICON_SPRITE_FILE)}`);
}
