// The frames' icons come from public/icons.svg (src/components/ui/sprite-icon.tsx): the file must be
// what `npm run icons` writes from the names and the installed lucide-react, every name must draw
// lucide's own shapes, and an icon must point at a symbol the sprite has.
import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { House, ICON_SPRITE_PATH, SPRITE_ICON_NAMES } from "@/components/ui/sprite-icon";
import { ICON_SPRITE_FILE, iconSprite, lucideShapes } from "../../scripts/icon-sprite";

describe("the icon sprite", () => {
  it("is the file npm run icons writes (run it after changing the names or lucide-react)", () => {
    expect(fs.readFileSync(ICON_SPRITE_FILE, "utf8")).toBe(iconSprite());
  });

  it("has one symbol per name, drawn with lucide's shapes", () => {
    const sprite = fs.readFileSync(ICON_SPRITE_FILE, "utf8");
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...SPRITE_ICON_NAMES]);
    const house = sprite.match(/<symbol id="house"[^>]*>(.*?)<\/symbol>/)?.[1] ?? "";
    for (const [tag, attributes] of lucideShapes("house")) {
      expect(house).toContain(`<${tag} `);
      if (typeof attributes.d === "string") expect(house).toContain(`d="${attributes.d}"`);
    }
  });

  it("refuses a name lucide does not have", () => {
    expect(() => lucideShapes("no-such-icon")).toThrow(/no icon "no-such-icon"/);
  });

  it("draws an icon as one <use> of its symbol, hidden from screen readers, with the caller's classes", () => {
    const html = renderToStaticMarkup(createElement(House, { className: "h-5 w-5" }));
    expect(html).toBe(
      `<svg width="24" height="24" aria-hidden="true" focusable="false" class="h-5 w-5" data-icon="house"><use href="${ICON_SPRITE_PATH}#house"></use></svg>`,
    );
    expect(fs.existsSync(`public${ICON_SPRITE_PATH}`)).toBe(true);
  });
});
